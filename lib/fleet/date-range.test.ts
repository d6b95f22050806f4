import { describe, expect, it } from "vitest"

import { billAnalysis } from "./bill-analysis"
import { withinDays } from "./date-range"
import type { LoggedCall } from "./logged-call"

const call = (timestamp: string | null, inputDollars: number): LoggedCall => ({
  key: null,
  model: "claude-sonnet-4-5-20250929",
  timestamp,
  input: 1,
  write5m: 0,
  write1h: 0,
  read: 0,
  output: 0,
  inputDollars,
  outputDollars: 0,
})

describe("--since / --until", () => {
  const a = billAnalysis(
    [
      call("2026-09-30T23:59:59Z", 1),
      call("2026-10-01T00:00:00Z", 2),
      call("2026-10-31T12:00:00Z", 4),
      call(null, 8),
    ],
    "s",
    100
  )

  it("counts only the calls of the days in range (UTC days, both ends included)", () => {
    const r = withinDays(a, { since: "2026-10-01", until: "2026-10-31" })!
    expect(r.requests).toBe(2)
    expect(r.buckets.reduce((s, b) => s + b.inputDollars, 0)).toBe(6)
    expect(r.top.map((t) => t.dollars).sort()).toEqual([2, 4])
    expect(withinDays(a, { since: null, until: "2026-09-30" })!.requests).toBe(
      1
    )
  })

  it("drops a file with no call in range, and keeps every call (undated ones too) without a range", () => {
    expect(withinDays(a, { since: "2026-11-01", until: null })).toBeNull()
    expect(withinDays(a, { since: null, until: null })).toBe(a)
  })
})
