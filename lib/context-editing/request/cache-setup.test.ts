import { describe, expect, it } from "vitest"

import {
  clearTools,
  simulateOk,
  tokens,
  toolConversation,
  uses,
} from "../__fixtures__/build"
import {
  CACHE_READ,
  CACHE_WRITE,
  CACHE_WRITE_1H,
  cacheImpact,
  tailFrom,
} from "../result/cache-impact"
import { cacheReach, cacheSetup, MAX_BREAKPOINTS } from "./cache-setup"

const EPHEMERAL = { type: "ephemeral" }
const TOOLS = [
  {
    name: "search",
    description: "Search the web.",
    input_schema: { type: "object", properties: {} },
  },
]
// 10 search rounds: messages[1 + 2k] = [text, tool_use toolu_k],
// messages[2 + 2k] = [tool_result toolu_k]; then two string messages.
const ROUNDS = toolConversation(10, 2000)

/** ROUNDS with cache_control on messages[mi].content[bi]. */
function markedAt(mi: number, bi: number): unknown[] {
  return ROUNDS.map((m, i) =>
    i === mi && Array.isArray(m.content)
      ? {
          ...m,
          content: m.content.map((b, j) =>
            j === bi ? { ...b, cache_control: EPHEMERAL } : b
          ),
        }
      : m
  )
}

// keep 3 of toolu_0..9: the first cleared block is messages[2].content[0].
const request = (messages: unknown[], extra: Record<string, unknown> = {}) => ({
  model: "claude-sonnet-4-5",
  max_tokens: 1024,
  system: "You are a research agent.",
  tools: TOOLS,
  messages,
  context_management: {
    edits: [clearTools({ trigger: tokens(1000), keep: uses(3) })],
  },
  ...extra,
})

describe("cacheSetup", () => {
  it("finds no caching in a request without cache_control (null counts as absent)", () => {
    expect(cacheSetup(request(ROUNDS))).toEqual({
      automatic: false,
      explicit: 0,
      last: null,
      error: null,
      ttl: "5m",
    })
    expect(cacheSetup(request(ROUNDS, { cache_control: null })).automatic).toBe(
      false
    )
  })

  it("reads top-level automatic caching and the last explicit breakpoint in prompt order", () => {
    expect(
      cacheSetup(request(ROUNDS, { cache_control: EPHEMERAL })).automatic
    ).toBe(true)
    const tools = [{ ...TOOLS[0], cache_control: EPHEMERAL }]
    const system = [
      {
        type: "text",
        text: "You are a research agent.",
        cache_control: EPHEMERAL,
      },
    ]
    expect(cacheSetup(request(ROUNDS, { tools })).last).toEqual({
      where: "tools",
    })
    expect(cacheSetup(request(ROUNDS, { tools, system }))).toMatchObject({
      explicit: 2,
      last: { where: "system" },
    })
    expect(cacheSetup(request(markedAt(4, 0), { tools, system })).last).toEqual(
      { where: "message", messageIndex: 4, blockIndex: 0 }
    )
    // A bare messages array is read too.
    expect(cacheSetup(markedAt(3, 1)).last).toEqual({
      where: "message",
      messageIndex: 3,
      blockIndex: 1,
    })
  })

  it("counts a breakpoint inside a tool result's content as one on that result", () => {
    const messages = ROUNDS.map((m, i) =>
      i === 6 && Array.isArray(m.content)
        ? {
            ...m,
            content: [
              {
                ...m.content[0]!,
                content: [
                  { type: "text", text: "part one" },
                  { type: "text", text: "part two", cache_control: EPHEMERAL },
                ],
              },
            ],
          }
        : m
    )
    expect(cacheSetup(request(messages))).toMatchObject({
      explicit: 1,
      last: { where: "message", messageIndex: 6, blockIndex: 0 },
    })
  })

  it("gives the API's error for more than four explicit breakpoints", () => {
    let messages: unknown[] = ROUNDS
    for (let k = 0; k <= MAX_BREAKPOINTS; k++) {
      const m = messages as typeof ROUNDS
      messages = m.map((x, i) =>
        i === 2 + 2 * k && Array.isArray(x.content)
          ? { ...x, content: [{ ...x.content[0]!, cache_control: EPHEMERAL }] }
          : x
      )
    }
    expect(cacheSetup(request(messages)).error).toBe(
      "A maximum of 4 blocks with cache_control may be provided. Found 5."
    )
    expect(cacheSetup(request(markedAt(2, 0))).error).toBeNull()
  })
})

describe("cacheImpact for the request's own caching", () => {
  it("without caching, bills every token at the base price: the edits only save tokens", () => {
    const r = request(ROUNDS)
    const sim = simulateOk(r)
    const c = cacheImpact(sim, cacheSetup(r))
    expect(c.reach).toEqual({ kind: "none" })
    expect(c.firstChange).toMatchObject({ messageIndex: 2, blockIndex: 0 })
    expect(c.prefixTokens).toBe(0)
    expect(c.rewrittenTokens).toBe(0)
    expect(c.uncachedTokens).toBe(sim.input_tokens)
    expect(c.costWithout).toBe(sim.original_input_tokens)
    expect(c.costWith).toBe(sim.input_tokens)
    expect(c.nextBreak).toBeNull()
    expect(c.laterWith).toBe(sim.input_tokens)
    expect(c.breakEven).toBe(0)
  })

  it("automatic caching and a breakpoint on the prompt's last block both cache the whole prompt", () => {
    const auto = request(ROUNDS, { cache_control: EPHEMERAL })
    const sim = simulateOk(auto)
    const byDefault = cacheImpact(sim)
    expect(cacheImpact(sim, cacheSetup(auto))).toEqual(byDefault)
    expect(byDefault.reach).toEqual({ kind: "end", automatic: true })
    expect(byDefault.uncachedTokens).toBe(0)
    // The last message as a block, with the breakpoint on it.
    const messages = [
      ...ROUNDS.slice(0, -1),
      {
        role: "user",
        content: [
          { type: "text", text: "Thanks, continue.", cache_control: EPHEMERAL },
        ],
      },
    ]
    const last = request(messages)
    const lastSim = simulateOk(last)
    expect(cacheReach(cacheSetup(last), lastSim)).toEqual({
      kind: "end",
      automatic: false,
    })
    expect(cacheImpact(lastSim, cacheSetup(last)).costWith).toBeCloseTo(
      cacheImpact(lastSim).costWith
    )
  })

  it("a breakpoint after the first cleared block: written from the change to the breakpoint, the rest uncached", () => {
    // messages[12].content[0] is toolu_5's result (cleared; keep holds 7..9).
    const r = request(markedAt(12, 0))
    const sim = simulateOk(r)
    const c = cacheImpact(sim, cacheSetup(r))
    const bp = sim.blocks.findIndex(
      (b) => b.messageIndex === 12 && b.blockIndex === 0
    )
    expect(c.reach).toMatchObject({ kind: "fixed", index: bp })
    expect(c.uncachedTokens).toBe(tailFrom(sim, bp + 1))
    expect(c.prefixTokens + c.rewrittenTokens + c.uncachedTokens).toBe(
      sim.input_tokens
    )
    expect(c.rewrittenTokens).toBeGreaterThan(0)
    expect(c.costWith).toBeCloseTo(
      CACHE_READ * c.prefixTokens +
        CACHE_WRITE * c.rewrittenTokens +
        c.uncachedTokens
    )
    // The cached prefix ends before the oldest pair kept by keep: the next
    // request's clearing changes only uncached tokens.
    expect(c.nextBreak).toBeNull()
    // Cached to the end, the same edits write more.
    expect(c.rewrittenTokens).toBeLessThan(cacheImpact(sim).rewrittenTokens)
  })

  it("a breakpoint before the first cleared block: the edits change only uncached tokens, so nothing is written", () => {
    // messages[1].content[0] is the first assistant text, before any result.
    const r = request(markedAt(1, 0))
    const sim = simulateOk(r)
    const c = cacheImpact(sim, cacheSetup(r))
    expect(c.reach).toMatchObject({ kind: "fixed", index: 1 })
    expect(c.rewrittenTokens).toBe(0)
    expect(c.prefixTokens).toBe(sim.input_tokens - tailFrom(sim, 2))
    expect(c.costWith).toBeLessThan(c.costWithout)
    expect(c.breakEven).toBe(0)
  })

  it("a breakpoint on the system prompt caches the tools and system prompt only", () => {
    const system = [
      {
        type: "text",
        text: "You are a research agent.",
        cache_control: EPHEMERAL,
      },
    ]
    const r = request(ROUNDS, { system })
    const sim = simulateOk(r)
    const c = cacheImpact(sim, cacheSetup(r))
    expect(c.reach).toMatchObject({ kind: "fixed", index: -1 })
    const fixed = sim.categories.after.system + sim.categories.after.tools
    // The prefix also holds the hidden tool-use prompt (in overhead).
    expect(c.prefixTokens).toBeGreaterThanOrEqual(fixed)
    expect(c.prefixTokens).toBeLessThan(fixed + 600)
    expect(c.rewrittenTokens).toBe(0)
    expect(c.uncachedTokens).toBe(sim.input_tokens - c.prefixTokens)
  })
})

describe("cache TTL", () => {
  it("prices writes of a 1-hour prefix at 2× instead of 1.25×", () => {
    const fiveMin = request(ROUNDS, { cache_control: EPHEMERAL })
    const oneHour = request(ROUNDS, {
      cache_control: { type: "ephemeral", ttl: "1h" },
    })
    expect(cacheSetup(fiveMin).ttl).toBe("5m")
    expect(cacheSetup(oneHour).ttl).toBe("1h")
    const sim = simulateOk(oneHour)
    const c = cacheImpact(sim, cacheSetup(oneHour))
    expect(c.writePrice).toBe(CACHE_WRITE_1H)
    expect(c.rewrittenTokens).toBeGreaterThan(0)
    expect(c.costWith).toBeCloseTo(
      CACHE_READ * c.prefixTokens + CACHE_WRITE_1H * c.rewrittenTokens
    )
    expect(c.costWith).toBeGreaterThan(
      cacheImpact(sim, cacheSetup(fiveMin)).costWith
    )
    // Each later request's rewrite is priced at the same 1-hour rate.
    expect(c.nextBreak).not.toBeNull()
    expect(c.laterWith).toBeCloseTo(
      CACHE_READ * (sim.input_tokens - tailFrom(sim, c.nextBreak!.index)) +
        CACHE_WRITE_1H * c.nextBreak!.rewrittenTokens
    )
    // The breakpoint that ends the prefix decides: here the last one.
    const system = [
      {
        type: "text",
        text: "You are a research agent.",
        cache_control: { type: "ephemeral", ttl: "1h" },
      },
    ]
    expect(cacheSetup(request(markedAt(4, 0), { system })).ttl).toBe("5m")
  })
})
