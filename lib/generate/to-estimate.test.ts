import { describe, expect, it } from "vitest"

import { simulate } from "@/lib/context-editing"

import { simulateCounted } from "@/lib/tokens/counted-run"

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

describe("generateToEstimate on the page's counted numbers", () => {
  const counted = (request: unknown) => {
    const r = simulateCounted(request)
    return r.ok ? r.original_input_tokens : NaN
  }

  it.each([80_000, 300_000])(
    "lands within 2 %% of %i counted tokens",
    (targetTokens) => {
      const { request, tokens } = generateToEstimate(
        { targetTokens, thinking: false, seed: 5 },
        counted
      )
      expect(tokens).toBe(counted(request))
      expect(
        Math.abs(tokens - targetTokens) / targetTokens
      ).toBeLessThanOrEqual(0.02)
    },
    60_000
  )

  it("never goes over the window (less the output) when the target is within it", () => {
    const passes: number[] = []
    const { tokens } = generateToEstimate(
      {
        targetTokens: 200_000,
        thinking: false,
        seed: 2,
        model: "claude-haiku-4-5",
      },
      counted,
      { window: 200_000, reserve: 8_192, onPass: (_, t) => passes.push(t) }
    )
    expect(tokens).toBeLessThanOrEqual(200_000 - 8_192)
    expect(tokens).toBeGreaterThanOrEqual(0.98 * (200_000 - 8_192))
    expect(passes.length).toBeGreaterThan(0)
  }, 60_000)
})
