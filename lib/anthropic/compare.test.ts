import { describe, expect, it } from "vitest"

import {
  compareAppliedEdits,
  compareCount,
  describeComparison,
  formatTokens,
} from "./compare"

describe("compareCount", () => {
  it.each([
    [1_000, 1_000, true, "agrees"],
    [1_090, 1_000, true, "agrees (off by 90 (9.0%))"],
    [1_100, 1_000, true, "agrees (off by 100 (10.0%))"],
    [1_101, 1_000, false, "differs by 101 (10.1%)"],
    [880, 1_000, false, "differs by 120 (12.0%)"],
    [5, 0, false, "differs by 5 (n/a)"],
    [0, 0, true, "agrees"],
  ])("estimate %i vs server %i", (estimate, server, agrees, text) => {
    const c = compareCount(estimate, server)
    expect(c.agrees).toBe(agrees)
    expect(describeComparison(c)).toBe(text)
  })
})

describe("compareAppliedEdits", () => {
  const tool = (uses: number, tokens: number) => ({
    type: "clear_tool_uses_20250919",
    cleared_tool_uses: uses,
    cleared_input_tokens: tokens,
  })
  const thinking = (turns: number, tokens: number) => ({
    type: "clear_thinking_20251015",
    cleared_thinking_turns: turns,
    cleared_input_tokens: tokens,
  })

  it("agrees when counts match and tokens are within 15 %", () => {
    const r = compareAppliedEdits(
      [thinking(2, 1_000), tool(3, 10_000)],
      [thinking(2, 1_100), tool(3, 8_800)]
    )
    expect(r.agrees).toBe(true)
    expect(r.rows.map((row) => row.type)).toEqual([
      "clear_thinking_20251015",
      "clear_tool_uses_20250919",
    ])
  })

  it("differs on any count mismatch, however close the tokens", () => {
    const r = compareAppliedEdits([tool(3, 10_000)], [tool(4, 10_000)])
    expect(r.agrees).toBe(false)
    expect(r.rows[0]).toMatchObject({
      countsMatch: false,
      tokens: { agrees: true },
    })
  })

  it("differs when tokens are off by more than 15 %", () => {
    expect(
      compareAppliedEdits([tool(3, 10_000)], [tool(3, 8_000)]).agrees
    ).toBe(false)
  })

  it("lists edits only one side applied", () => {
    const r = compareAppliedEdits([tool(1, 10)], [thinking(1, 10)])
    expect(r.rows).toHaveLength(2)
    expect(r.rows[0]).toMatchObject({ server: null, agrees: false })
    expect(r.rows[1]).toMatchObject({ predicted: null, agrees: false })
    expect(compareAppliedEdits([], []).agrees).toBe(true)
  })
})

it("formats thousands with separators", () => {
  expect(formatTokens(1234567)).toBe("1,234,567")
})
