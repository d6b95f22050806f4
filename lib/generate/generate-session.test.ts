import { describe, expect, it } from "vitest"

import type { ContentBlock, ImportedRequest } from "@/lib/import/types"

import { checkToolPairing } from "./check-pairing"
import { generateSession, type GenerateOptions } from "./generate-session"
import { createRandom } from "./prng"

/** Independent of the implementation: the chars/3.5 rule from the brief. */
const tokensOf = (request: unknown) => JSON.stringify(request).length / 3.5

function allBlocks(request: ImportedRequest): ContentBlock[] {
  return request.messages.flatMap((m) =>
    typeof m.content === "string" ? [] : m.content
  )
}

const CASES: Array<[string, GenerateOptions]> = [
  ["defaults, 10k", { targetTokens: 10_000, thinking: false }],
  ["thinking, 100k", { targetTokens: 100_000, thinking: true }],
  [
    "everything on, 150k",
    {
      targetTokens: 150_000,
      thinking: true,
      serverTools: true,
      memory: true,
      parallel: 4,
    },
  ],
  [
    "large results, 400k",
    { targetTokens: 400_000, thinking: false, resultSize: "large" },
  ],
  [
    "small results, 60k",
    { targetTokens: 60_000, thinking: true, resultSize: "small" },
  ],
  [
    "no tool calls, 50k",
    { targetTokens: 50_000, thinking: false, toolCalls: 0 },
  ],
]

describe("generateSession", () => {
  it.each(CASES)("%s: lands within 5%% of the target", (_name, options) => {
    const request = generateSession({ seed: 11, ...options })
    const ratio = tokensOf(request) / options.targetTokens
    expect(ratio).toBeGreaterThan(0.95)
    expect(ratio).toBeLessThan(1.05)
  })

  it.each(CASES)("%s: every tool call is paired", (_name, options) => {
    const request = generateSession({ seed: 12, ...options })
    expect(checkToolPairing(request)).toEqual([])
    expect(request.messages[0]?.role).toBe("user")
    expect(request.messages.at(-1)?.role).toBe("user")
    request.messages.forEach((m, i) => {
      if (i > 0) expect(m.role).not.toBe(request.messages[i - 1]?.role)
    })
  })

  it("is deterministic for a seed and varies across seeds", () => {
    const options = { targetTokens: 30_000, thinking: true, serverTools: true }
    const a = generateSession({ ...options, seed: 5 })
    expect(generateSession({ ...options, seed: 5 })).toEqual(a)
    expect(generateSession({ ...options, random: createRandom(5) })).toEqual(a)
    expect(generateSession({ ...options, seed: 6 })).not.toEqual(a)
  })

  it("uses API-shaped, unique ids", () => {
    const request = generateSession({
      targetTokens: 80_000,
      thinking: false,
      serverTools: true,
      seed: 3,
    })
    const uses = allBlocks(request).filter(
      (b) => b.type === "tool_use" || b.type === "server_tool_use"
    )
    expect(uses.length).toBeGreaterThan(10)
    for (const use of uses) {
      expect(use.id).toMatch(/^(toolu|srvtoolu)_01[0-9A-Za-z]{22}$/)
    }
    expect(new Set(uses.map((u) => u.id)).size).toBe(uses.length)
  })

  it("adds thinking blocks and enables thinking only when asked", () => {
    const on = generateSession({
      targetTokens: 20_000,
      thinking: true,
      seed: 1,
    })
    expect(on.thinking).toMatchObject({ type: "enabled" })
    const assistants = on.messages.filter((m) => m.role === "assistant")
    for (const m of assistants) {
      const first = Array.isArray(m.content) ? m.content[0] : undefined
      expect(first?.type).toBe("thinking")
      expect(String(first?.signature).length).toBeGreaterThan(100)
    }
    const off = generateSession({
      targetTokens: 20_000,
      thinking: false,
      seed: 1,
    })
    expect(off.thinking).toBeUndefined()
    expect(allBlocks(off).some((b) => b.type === "thinking")).toBe(false)
  })

  it("respects the tool options", () => {
    const request = generateSession({
      targetTokens: 60_000,
      thinking: false,
      serverTools: true,
      memory: true,
      toolMix: [{ name: "grep", weight: 1 }],
      toolCalls: 30,
      parallel: 3,
      model: "claude-opus-4-6",
      seed: 9,
    })
    expect(request.model).toBe("claude-opus-4-6")
    expect(request.tools).toEqual(
      expect.arrayContaining([
        { type: "web_search_20250305", name: "web_search" },
        { type: "memory_20250818", name: "memory" },
        expect.objectContaining({
          name: "grep",
          input_schema: expect.any(Object),
        }),
      ])
    )
    const blocks = allBlocks(request)
    const calls = blocks.filter(
      (b) => b.type === "tool_use" || b.type === "server_tool_use"
    )
    expect(calls).toHaveLength(30)
    expect(new Set(calls.map((c) => c.name))).toEqual(
      new Set(["grep", "web_search", "memory"])
    )
    const perMessage = request.messages.map((m) =>
      Array.isArray(m.content)
        ? m.content.filter((b) => b.type === "tool_use").length
        : 0
    )
    expect(Math.max(...perMessage)).toBeGreaterThan(1)
    expect(Math.max(...perMessage)).toBeLessThanOrEqual(3)
  })

  it("writes varied, realistic text rather than filler", () => {
    const request = generateSession({
      targetTokens: 100_000,
      thinking: false,
      seed: 4,
    })
    const results = allBlocks(request)
      .filter((b) => b.type === "tool_result")
      .map((b) => String(b.content))
    const text = results.join("\n")
    expect(text).not.toMatch(/(.)\1{30}/)
    const words = new Set(text.match(/[a-z]{3,}/gi) ?? [])
    expect(words.size).toBeGreaterThan(150)
    // Code-like results exist (read_file on .ts/.py files).
    expect(text).toMatch(/export (async )?function \w+\(|def \w+\(/)
  })

  it("clamps nonsense options instead of throwing", () => {
    const request = generateSession({
      targetTokens: Number.NaN,
      thinking: false,
      parallel: -3,
      toolCalls: -1,
      seed: 2,
    })
    expect(checkToolPairing(request)).toEqual([])
    expect(tokensOf(request)).toBeGreaterThan(500)
  })

  // Its speed is measured by bench/import, not asserted here.
  it("builds a 1M-token request", () => {
    const request = generateSession({
      targetTokens: 1_000_000,
      thinking: true,
      serverTools: true,
      parallel: 3,
      seed: 1,
    })
    expect(tokensOf(request) / 1_000_000).toBeCloseTo(1, 1)
    expect(checkToolPairing(request)).toEqual([])
  })
})
