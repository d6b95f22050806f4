import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { describe, expect, it } from "vitest"

import { parseImport } from "../index"
import { fixture } from "../test-helpers"
import { findQuoteBreaks, repairQuoteBreaks } from "./quote-breaks"

/**
 * The docs' tool_result curl example is broken as printed: the apostrophe
 * in "I'll" ends the single-quoted --data (bash -n: "unexpected EOF while
 * looking for matching `"'"). The import says so at the apostrophe, imports
 * the request the docs meant, and offers the repair for the text.
 */

const PAGE = fixture("pages/docs-fr-tool-result.md")
const CURL = PAGE.slice(PAGE.indexOf("curl "), PAGE.indexOf("}'") + 2)
const hasBash = existsSync("/bin/bash")
const bashAccepts = (script: string) =>
  spawnSync("/bin/bash", ["-n"], { input: script }).status === 0

/** 1-based line and column of `needle` in `text` (read by hand, not by the importer). */
function placeOf(text: string, needle: string) {
  const offset = text.indexOf(needle)
  const before = text.slice(0, offset).split("\n")
  return { line: before.length, column: before.at(-1)!.length + 1 }
}

describe("a curl body broken by an apostrophe", () => {
  it.runIf(hasBash)("is broken for bash too, and repaired for bash", () => {
    expect(bashAccepts(CURL)).toBe(false)
    expect(bashAccepts(repairQuoteBreaks(CURL, findQuoteBreaks(CURL)))).toBe(
      true
    )
  })

  it("imports as the docs meant it, said at the apostrophe", () => {
    const result = parseImport(CURL)
    if (!result.success) throw new Error(result.error.message)
    const { line, column } = placeOf(CURL, "'ll check")
    const note = result.notes.find((n) => n.message.includes("I'll"))
    expect(note?.level).toBe("warning")
    expect(note?.message).toContain(
      `Line ${line}, column ${column}: the apostrophe in “I'll”`
    )
    expect(note?.message).toContain("I'\\''ll")
    const assistant = result.data.messages[1]!.content as Array<{
      text?: string
    }>
    expect(assistant[0]!.text).toBe(
      "I'll check the current weather in San Francisco for you."
    )
    expect(result.data.messages[2]!.content).toEqual([
      expect.objectContaining({ type: "tool_result", content: "15 degrees" }),
    ])
    expect(result.textRepairs).toEqual([
      expect.objectContaining({ line, column, replacement: "'\\''" }),
    ])
  })

  it("in the docs page pasted whole, the curl command is the request taken", () => {
    const result = parseImport(PAGE)
    if (!result.success) throw new Error(result.error.message)
    expect(result.candidates?.find((c) => c.selected)?.kind).toBe("command")
    expect(result.notes.map((n) => n.message).join("\n")).toContain(
      `Line ${placeOf(PAGE, "'ll check").line}, column`
    )
  })

  it("leaves the shell's own apostrophes, splices and text outside the body alone", () => {
    const fine = [
      `curl $URL -d '{"text": "it'\\''s fine"}'`,
      `curl $URL -d '{"text": "it'"'"'s fine"}'`,
      `curl $URL -d '{"model": "'"$MODEL"'", "x": 1}'`,
      `# Don't forget: it's the body\ncurl $URL -d '{"a": 1}' # that's all`,
      `curl $URL -H 'x-note: it'\\''s' -d @body.json`,
    ]
    for (const text of fine) expect(findQuoteBreaks(text)).toEqual([])
  })

  it("repairs every apostrophe of a body, in --data, -d= and --json", () => {
    const text = `curl $URL --json '{"messages": [{"role": "user", "content": "I'll ask: don't you?"}]}'\ncurl $URL -d='[{"a": "O'Brien"}]'`
    expect(findQuoteBreaks(text).map((b) => b.word)).toEqual([
      "I'll",
      "don't",
      "O'Brien",
    ])
  })

  it("a body that stays broken still says where the apostrophe is", () => {
    const text = `curl https://api.anthropic.com/v1/messages -d '{"model": "claude-sonnet-4-5", "messages": [{"role": "user", "content": "I'll wait"}`
    const result = parseImport(text)
    expect(result.success).toBe(false)
    if (result.success) return
    expect(result.error.message).toMatch(/the apostrophe in “I'll”/)
    expect(result.error.line).toBe(1)
    expect(result.error.column).toBe(text.indexOf("'ll") + 1)
  })
})
