// The terminal report's first line, as a newcomer with one session reads it.
import { describe, expect, it } from "vitest"

import { billAnalysis } from "./bill-analysis"
import { buildReport } from "./report"
import { textReport } from "./text-report"

const call = (key: string) => ({
  key,
  model: "claude-sonnet-4-5",
  timestamp: "2026-10-01T00:00:00Z",
  input: 10,
  write5m: 0,
  write1h: 0,
  read: 0,
  output: 5,
  inputDollars: 0.01,
  outputDollars: 0.02,
})

const headline = (files: { path: string; calls: string[] }[]) =>
  textReport(
    buildReport(
      files.map((f, i) => ({
        path: f.path,
        analysis: billAnalysis(f.calls.map(call), `s${i}`, 2_000_000),
      }))
    ),
    { folder: "/logs", configLabel: "x", replay: false }
  ).split("\n")[0]

describe("the terminal report's first line", () => {
  it("counts one session, file and call in the singular", () => {
    expect(headline([{ path: "p/a.jsonl", calls: ["m1/r1"] }])).toBe(
      "Claude Code sessions in /logs: 1 session (1 file, 2.0 MB), 1 API call. Nothing left this machine."
    )
  })

  it("and more than one in the plural", () => {
    expect(
      headline([
        { path: "p/a.jsonl", calls: ["m1/r1", "m2/r2"] },
        { path: "p/b.jsonl", calls: ["m3/r3"] },
      ])
    ).toBe(
      "Claude Code sessions in /logs: 2 sessions (2 files, 4.0 MB), 3 API calls. Nothing left this machine."
    )
  })
})
