import { describe, expect, it } from "vitest"

import { applyTuned } from "./apply"

const tool = (keep: number) => ({
  type: "clear_tool_uses_20250919",
  trigger: { type: "input_tokens", value: 50_000 },
  keep: { type: "tool_uses", value: keep },
})
const thinking = { type: "clear_thinking_20251015", keep: "all" }
const compact = (value: number, extra = {}) => ({
  type: "compact_20260112",
  trigger: { type: "input_tokens", value },
  ...extra,
})

describe("applyTuned: Apply keeps what the tuner did not search", () => {
  it("keeps an edit of a kind the search did not try, in the order the API takes", () => {
    const out = applyTuned(
      [thinking, tool(1)],
      [tool(3)],
      ["clear_tool_uses_20250919"]
    )
    expect(out).toEqual([thinking, tool(3)])
  })

  it("replaces a searched kind the tuned config leaves out (the search chose none)", () => {
    const out = applyTuned(
      [thinking, tool(1)],
      [tool(3)],
      ["clear_tool_uses_20250919", "clear_thinking_20251015"]
    )
    expect(out).toEqual([tool(3)])
  })

  it("keeps the compaction fields the tuner never sets, takes its trigger", () => {
    const mine = compact(150_000, { instructions: "Keep file paths." })
    const out = applyTuned([mine], [compact(90_000)], ["compact_20260112"])
    expect(out).toEqual([compact(90_000, { instructions: "Keep file paths." })])
  })

  it("sends exactly the tuned clear_tool_uses edit (every field of it is searched)", () => {
    const mine = { ...tool(1), exclude_tools: ["memory"] }
    const out = applyTuned([mine], [tool(4)], ["clear_tool_uses_20250919"])
    expect(out).toEqual([tool(4)])
  })
})
