import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"

import { parseImport } from "../index"

/**
 * Real texts holding curl commands (lib/import/__fixtures__/pages/, with
 * their provenance in sources.json): each pasted whole imports, and every
 * curl command for the Messages API is a candidate. The expected numbers
 * were counted by reading the files, not by the importer.
 */

const dir = join(__dirname, "../__fixtures__/pages")
interface Source {
  file: string
  commands: number
  importable: number
  json?: number
}
const { pages } = JSON.parse(
  readFileSync(join(dir, "sources.json"), "utf8")
) as {
  pages: Source[]
}

describe("docs pages and other real texts pasted whole", () => {
  it("has at least 24 of them", () => {
    expect(pages.length).toBeGreaterThanOrEqual(24)
  })

  it.each(pages)("$file imports with all its curl commands", (page) => {
    const text = readFileSync(join(dir, page.file), "utf8")
    const result = parseImport(text)
    if (!result.success) throw new Error(result.error.message)
    const commands = (result.candidates ?? []).filter(
      (c) => c.kind === "command"
    )
    expect(commands).toHaveLength(page.commands)
    const imported = commands.filter(
      (c) => parseImport(text, { pick: c.id }).success
    )
    expect(imported).toHaveLength(page.importable)
    for (const c of imported) {
      const picked = parseImport(text, { pick: c.id })
      expect(
        picked.success && picked.candidates?.find((x) => x.selected)?.id
      ).toBe(c.id)
    }
    const json = (result.candidates ?? []).filter((c) => c.kind === "json")
    expect(json).toHaveLength(page.json ?? 0)
  })
})
