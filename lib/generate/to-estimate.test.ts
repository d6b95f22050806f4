import { describe, expect, it } from "vitest"

import { simulate } from "@/lib/context-editing"

import { generateToEstimate } from "./to-estimate"

// The playground's own number: what the page shows as the request's size.
const engine = (request: unknown) => {
  const r = simulate(request)
  return r.ok ? r.original_input_tokens : NaN
}

describe("generateToEstimate", () => {
  it.each([
    [20_000, false],
    [200_000, true],
  ])(
    "a %i-token session reads as that size in the playground (thinking %s), within 3 %%",
    (targetTokens, thinking) => {
      const { request, tokens } = generateToEstimate(
        { targetTokens, thinking, seed: 3 },
        engine
      )
      expect(tokens).toBe(engine(request))
      expect(Math.abs(tokens - targetTokens) / targetTokens).toBeLessThan(0.03)
    }
  )

  it("keeps a forced number of tool calls and reports the size it makes", () => {
    const { request, tokens } = generateToEstimate(
      { targetTokens: 10_000, toolCalls: 200, thinking: false, seed: 1 },
      engine
    )
    const uses = request.messages
      .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
      .filter((b) => b.type === "tool_use").length
    expect(uses).toBe(200)
    expect(tokens).toBeGreaterThan(20_000)
  })
})
