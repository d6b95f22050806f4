// Claude Code writes each tool result twice: in the user message the model
// read, and as a `toolUseResult` copy beside it (a third of a large log's
// bytes). Nothing the import returns comes from the copy, so the parsed
// entries let it go at once: the import of a log is the same with or
// without the copies, and its entries do not keep them.
import { describe, expect, it } from "vitest"

import { generateLogFolder } from "@/lib/generate/claude-code-log"

import { parseImport } from "../index"
import { Notes } from "../notes"
import { parseLines } from "./lines"

const withCopies = [
  ...generateLogFolder({ sessions: 3, totalBytes: 600_000, seed: 7 }),
].filter((f) => f.text.includes('"toolUseResult"'))

const withoutCopies = (text: string) =>
  text
    .split("\n")
    .map((line) => {
      if (!line.trim()) return line
      const o = JSON.parse(line) as Record<string, unknown>
      delete o.toolUseResult
      return JSON.stringify(o)
    })
    .join("\n")

describe("the toolUseResult copies of a Claude Code log", () => {
  it("are in the generated logs this checks", () => {
    expect(withCopies.length).toBeGreaterThan(0)
  })

  it("change nothing the import returns", () => {
    for (const f of withCopies) {
      const a = parseImport(f.text)
      const b = parseImport(withoutCopies(f.text))
      expect(a.success && b.success, f.path).toBe(true)
      if (!a.success || !b.success) continue
      expect(a.data, f.path).toEqual(b.data)
      expect(a.realUsage, f.path).toEqual(b.realUsage)
    }
  })

  it("are not kept by the parsed entries", () => {
    const lines = withCopies[0]!.text.split("\n")
    const parsed = parseLines(lines, new Notes())
    if ("message" in parsed) throw new Error(parsed.message)
    expect(parsed.entries.length).toBeGreaterThan(0)
    for (const e of parsed.entries)
      expect((e as { toolUseResult?: unknown }).toolUseResult).toBeUndefined()
  })
})
