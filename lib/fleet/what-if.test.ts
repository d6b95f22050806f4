import { describe, expect, it } from "vitest"

import { generateLogFolder } from "@/lib/generate/claude-code-log"

import { analyseLog } from "./analyse"
import { buildReport } from "./report"
import { reportJson } from "./report-json"

const files = [...generateLogFolder({ sessions: 12, totalBytes: 2e6, seed: 8 })]
const reportWith = (edits: Record<string, unknown>[] | null) =>
  buildReport(
    files.map((f) => ({ path: f.path, analysis: analyseLog(f.text, edits) }))
  )
const clear = (value: number) => [
  {
    type: "clear_tool_uses_20250919",
    trigger: { type: "input_tokens", value },
    keep: { type: "tool_uses", value: 1 },
  },
]

describe("what one config would have saved", () => {
  it("with no config, each session's what-if is its replay", () => {
    for (const s of reportWith(null).sessions)
      expect(s.configDollars).toBe(s.replayDollars)
  })

  it("a config that never fires changes nothing; one that fires changes the sessions it reaches", () => {
    const own = reportWith(null)
    const never = reportWith(clear(5_000_000))
    const often = reportWith(clear(20_000))
    never.sessions.forEach((s, i) =>
      expect(s.configDollars).toBeCloseTo(own.sessions[i]!.replayDollars, 9)
    )
    const changed = often.sessions.filter(
      (s, i) =>
        Math.abs(s.configDollars - own.sessions[i]!.replayDollars) > 1e-9
    )
    expect(changed.length).toBeGreaterThan(0)
    for (const s of changed)
      expect(s.peak).toBeLessThan(
        own.sessions.find((o) => o.file === s.file)!.peak
      )
  })

  it("the total what-if is the sum of the per-session what-ifs, in the --json shape too", () => {
    const json = reportJson(reportWith(clear(30_000)), clear(30_000))
    const sum = (k: "replayDollars" | "configDollars") =>
      json.sessions.reduce((n, s) => n + s[k], 0)
    expect(json.total.configDollars).toBeCloseTo(sum("configDollars"), 9)
    expect(json.total.replayDollars).toBeCloseTo(sum("replayDollars"), 9)
    expect(json.total.requests).toBe(
      json.sessions.reduce((n, s) => n + s.requests, 0)
    )
    expect(json.total.logged.dollars).toBeCloseTo(
      json.total.logged.inputDollars + json.total.logged.outputDollars,
      9
    )
    expect(Object.keys(json.sessions[0]!.logged)).toEqual(
      expect.arrayContaining([
        "input",
        "cacheWrite",
        "cacheRead",
        "output",
        "inputDollars",
        "dollars",
      ])
    )
  })
})
