import { describe, expect, it } from "vitest"

import { configWords, savedOrMore } from "./config-words"

describe("the Sessions view's config line and difference", () => {
  it("says each edit with its values, defaults filled in", () => {
    expect(
      configWords([
        {
          type: "clear_thinking_20251015",
          keep: { type: "thinking_turns", value: 1 },
        },
        {
          type: "clear_tool_uses_20250919",
          trigger: { type: "input_tokens", value: 30000 },
          exclude_tools: ["memory"],
        },
        { type: "compact_20260112" },
      ])
    ).toBe(
      "clear thinking, keep the last 1 turn; clear tool results over 30,000 input tokens, keep the last 3, never memory; compact over 150,000 input tokens"
    )
    expect(configWords([])).toBe("no edits")
    expect(configWords(null)).toBe("each log's own config")
  })

  it("says a what-if that costs more as a positive amount more", () => {
    const usd = (v: number) => `$${v.toFixed(2)}`
    expect(savedOrMore(1.0, 1.3, usd)).toBe("$0.30 more")
    expect(savedOrMore(1.3, 1.0, usd)).toBe("$0.30 saved")
  })
})
