import { describe, expect, it } from "vitest"

import { billAnalysis } from "./bill-analysis"
import { folderKey, type LoggedCall } from "./logged-call"
import { buildReport } from "./report"

/** A call of $1 input side (and 10 read tokens): `id/request`, or an id alone. */
const call = (ids: string | null): LoggedCall => ({
  key: folderKey(ids ?? undefined),
  model: "claude-sonnet-4-5-20250929",
  timestamp: "2026-11-01T10:00:00Z",
  input: 1,
  write5m: 0,
  write1h: 0,
  read: 10,
  output: 2,
  inputDollars: 1,
  outputDollars: 0.5,
})

const file = (path: string, keys: Array<string | null>) => ({
  path,
  analysis: billAnalysis(keys.map(call), path, 100),
})

describe("a folder counts a call several files hold once, as ccusage does", () => {
  it("a resumed session's copy is counted in the first file by path, and said where", () => {
    const r = buildReport([
      file("p/b-resumed.jsonl", ["m1/r1", "m2/r2", "m3/r3"]),
      file("p/a-first.jsonl", ["m1/r1", "m2/r2"]),
    ])
    expect(r.total.requests).toBe(3)
    expect(r.total.logged.inputDollars).toBe(3)
    expect(r.total.logged.cacheRead).toBe(30)
    const resumed = r.sessions.find((s) => s.file === "p/b-resumed.jsonl")!
    expect(resumed.requests).toBe(1)
    expect(resumed.notes.join(" ")).toMatch(
      /2 API calls also in p\/a-first\.jsonl, counted there/
    )
  })

  it("a file whose every call is elsewhere is listed apart, not as a session", () => {
    const r = buildReport([
      file("p/long.jsonl", ["m1/r1", "m2/r2"]),
      file("p/zz-excerpt.jsonl", ["m1/r1"]),
    ])
    expect(r.sessions.map((s) => s.file)).toEqual(["p/long.jsonl"])
    expect(r.skipped).toEqual([
      {
        file: "p/zz-excerpt.jsonl",
        reason: expect.stringMatching(/1 API call also in p\/long\.jsonl/),
      },
    ])
  })

  it("never merges calls without both ids, nor a file's own repeats", () => {
    const r = buildReport([
      file("p/a.jsonl", ["m1", null]),
      file("p/b.jsonl", ["m1", null]),
    ])
    expect(r.total.requests).toBe(4)
    expect(r.total.logged.inputDollars).toBe(4)
  })
})
