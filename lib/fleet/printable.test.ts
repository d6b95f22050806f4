import { describe, expect, it } from "vitest"

import { billAnalysis } from "./bill-analysis"
import { printable, printableJson } from "./printable"
import { buildReport } from "./report"
import { textReport } from "./text-report"

const HOSTILE =
  "p\u001b]0;owned\u0007/\u001b[2J\rforged row\u009b1m\u202e.jsonl"

describe("text from logs printed to a terminal", () => {
  it("escapes control characters, C1, separators and bidi overrides in a field", () => {
    expect(printable("a\u001b[2Jb\rc\nd\u2028e\u202ef")).toBe(
      "a\\x1b[2Jb\\x0dc\\x0ad\\u2028e\\u202ef"
    )
    expect(printable("plain — text ✓")).toBe("plain — text ✓")
  })

  it("prints a hostile file name and model escaped in every table, and no raw control byte at all", () => {
    const calls = [
      {
        key: null,
        model: "claude-\u001b]0;x\u0007",
        timestamp: "2026-10-01T00:00:00Z",
        input: 1,
        write5m: 0,
        write1h: 0,
        read: 0,
        output: 1,
        inputDollars: 1,
        outputDollars: 1,
      },
    ]
    const r = buildReport([
      {
        path: HOSTILE,
        analysis: billAnalysis(calls, "s", 10, ["why\r\u001b[1A"]),
      },
    ])
    const text = textReport(r, {
      folder: "/tmp/\u001b[2J",
      configLabel: "x",
      replay: false,
      failed: [{ file: "f\r.jsonl", reason: "r\u001b" }],
    })
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/)
    expect(text).toContain("\\x1b]0;owned\\x07")
    expect(text).toContain("f\\x0d.jsonl: r\\x1b")
  })

  it("keeps JSON the same document while escaping DEL, C1 and separators", () => {
    const value = { name: "a\u009b\u2028\u007f", c0: "\u001b" }
    const printed = printableJson(JSON.stringify(value))
    expect(printed).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028]/)
    expect(JSON.parse(printed)).toEqual(value)
  })
})
