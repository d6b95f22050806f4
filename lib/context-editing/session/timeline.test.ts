import { describe, expect, it } from "vitest"

import {
  clearTools,
  simulateOk,
  tokens,
  toolConversation,
} from "../__fixtures__/build"
import { SUMMARY_TOKENS, summaryBlock } from "./summary"
import { requestEnds, timeline, type TimelinePoint } from "./timeline"

const MODEL = "claude-sonnet-4-5"
// 10 search rounds: results in messages 2, 4, …, 20; then an answer and a
// new question (message 22). One request per user message: 12 in all.
const MESSAGES = toolConversation(10, 2000)
const plain = { model: MODEL, max_tokens: 1024, messages: MESSAGES }
const edited = {
  ...plain,
  context_management: {
    edits: [
      clearTools({
        trigger: { type: "input_tokens", value: 2000 },
        keep: { type: "tool_uses", value: 2 },
      }),
    ],
  },
}

type Ok = Extract<TimelinePoint, { ok: true }>
const oks = (points: TimelinePoint[]): Ok[] =>
  points.filter((p): p is Ok => p.ok)
const cleared = (p: Ok): number => {
  const e = p.applied[0]
  return e && "cleared_tool_uses" in e ? e.cleared_tool_uses : 0
}

describe("requestEnds", () => {
  it("ends a request at the last user message before each assistant reply", () => {
    const roles = [
      "user",
      "assistant",
      "user",
      "assistant",
      "user",
      "user",
      "assistant",
    ]
    expect(requestEnds(roles.map((role) => ({ role, content: "x" })))).toEqual([
      0, 2, 5,
    ])
  })
})

describe("timeline", () => {
  it("without edits, each request reads the previous one from the cache and writes only what it adds", () => {
    const t = timeline(plain)
    expect(t.requests).toBe(12)
    const points = oks(t.points)
    expect(points).toHaveLength(12)
    expect(points[0]!.withEdits).toMatchObject({
      read: 0,
      written: points[0]!.inputTokens,
    })
    for (let k = 1; k < points.length; k++) {
      const p = points[k]!
      expect(p.withEdits.read).toBe(points[k - 1]!.inputTokens)
      expect(p.withEdits.read + p.withEdits.written).toBe(p.inputTokens)
      expect(p.withEdits).toEqual(p.withoutEdits)
      expect(p.breakAt).toBeNull()
    }
    expect(t.cost.withEdits).toBeCloseTo(t.cost.withoutEdits)
    expect(t.equivalents.withEdits).toBeCloseTo(t.equivalents.withoutEdits)
  })

  // Clearing every result but `keep` (the docs' literal reading, switch off).
  const ALL_BUT_KEEP = { assumptions: { clearDownToTrigger: false } }

  it("once clearing runs, each new tool use clears one more result and the cache breaks at it (all but keep)", () => {
    const points = oks(timeline(edited, ALL_BUT_KEEP).points)
    const firstClear = points.findIndex((p) => cleared(p) > 0)
    expect(firstClear).toBeGreaterThan(0)
    // The first clear breaks the cache at the oldest result (messages[2]).
    expect(points[firstClear]!.breakAt).toEqual({
      messageIndex: 2,
      blockIndex: 0,
    })
    for (let k = firstClear + 1; k < points.length; k++) {
      const p = points[k]!
      const before = points[k - 1]!
      // The same request simulated on its own: which result is newly cleared.
      const sim = simulateOk(
        { ...edited, messages: MESSAGES.slice(0, p.lastMessage + 1) },
        ALL_BUT_KEEP
      )
      const prev = simulateOk(
        { ...edited, messages: MESSAGES.slice(0, before.lastMessage + 1) },
        ALL_BUT_KEEP
      )
      const newly = sim.blocks.find(
        (b, i) => b.status === "cleared" && prev.blocks[i]?.status !== "cleared"
      )
      if (newly) {
        expect(cleared(p)).toBe(cleared(before) + 1)
        expect(p.breakAt).toEqual({
          messageIndex: newly.messageIndex,
          blockIndex: newly.blockIndex,
        })
        expect(p.withEdits.written).toBeGreaterThan(p.withoutEdits.written)
      } else {
        // The last request adds a question, no tool use: nothing moves.
        expect(p.breakAt).toBeNull()
        expect(p.withEdits.read).toBe(before.inputTokens)
      }
    }
  })

  it("clearing down to the trigger leaves each request at the trigger or below, and breaks the cache at the first newly cleared result", () => {
    const points = oks(timeline(edited).points)
    const all = oks(timeline(edited, ALL_BUT_KEEP).points)
    let fewer = 0
    points.forEach((p, k) => {
      if (cleared(p) === 0) return
      // Stopped below the trigger (2,000), or at the keep cap.
      if (cleared(p) < cleared(all[k]!)) {
        fewer++
        expect(p.inputTokens).toBeLessThanOrEqual(2000)
      } else expect(cleared(p)).toBe(cleared(all[k]!))
      const prevCleared = k > 0 ? cleared(points[k - 1]!) : 0
      if (cleared(p) > prevCleared) {
        // The first result this request clears and the one before did not.
        const sim = simulateOk({
          ...edited,
          messages: MESSAGES.slice(0, p.lastMessage + 1),
        })
        const results = sim.blocks.filter((b) => b.type === "tool_result")
        const first = results.filter((b) => b.status === "cleared")[
          prevCleared
        ]!
        expect(p.breakAt).toEqual({
          messageIndex: first.messageIndex,
          blockIndex: first.blockIndex,
        })
      }
    })
    expect(fewer).toBeGreaterThan(3)
  })

  it("says which request would no longer fit the context window without the edits", () => {
    // Sonnet 4.5: a 200k window. 8 results of ≈30k tokens each.
    const messages = toolConversation(8, 140_000)
    const big = { ...edited, messages }
    const t = timeline(big)
    expect(t.contextWindow).toBe(200_000)
    const points = oks(t.points)
    const over = points.find((p) => p.originalTokens > 200_000)
    expect(over).toBeDefined()
    expect(t.firstOverflow.withoutEdits).toBe(over!.request)
    // keep 2 holds the prompt far below the window on every request.
    expect(t.firstOverflow.withEdits).toBeNull()
    expect(t.tokens.withEdits).toBeLessThan(t.tokens.withoutEdits)
    // Without edits nothing differs.
    const none = timeline({ ...plain, messages })
    expect(none.firstOverflow.withEdits).toBe(none.firstOverflow.withoutEdits)
  })

  it("in a long session shows the last requests, reading from the one before them", () => {
    const full = timeline(edited)
    // Room for exactly the last 3 requests and the one before them (the
    // baseline whose cache the first of them reads).
    const blocksUpTo = (end: number) =>
      MESSAGES.slice(0, end + 1).reduce(
        (n, m) => n + (Array.isArray(m.content) ? m.content.length : 1),
        0
      )
    const budget = requestEnds(MESSAGES)
      .slice(-4)
      .reduce((sum, end) => sum + blocksUpTo(end), 0)
    const tail = timeline(edited, undefined, { budget })
    expect(tail.requests).toBe(12)
    expect(tail.points.map((p) => p.request)).toEqual([10, 11, 12])
    // The same numbers as in the full timeline, cache reads included.
    expect(tail.points).toEqual(full.points.slice(-3))
  })
})

describe("timeline with compaction", () => {
  // 12 rounds of ≈11k-token results (Sonnet 4.6, newer tokenizer): the
  // prompt passes 50,000 tokens after five of them.
  const messages = toolConversation(12, 30_000)
  const COMPACTING_MODEL = "claude-sonnet-4-6"
  const compacting = {
    ...plain,
    model: COMPACTING_MODEL,
    messages,
    context_management: {
      edits: [{ type: "compact_20260112", trigger: tokens(50_000) }],
    },
  }

  it("puts a summary first in the reply after the compacting request, and later requests start from it", () => {
    const t = timeline(compacting)
    const points = oks(t.points)
    expect(t.compactions.length).toBeGreaterThan(0)
    const k = t.compactions[0]!
    const at = points.findIndex((p) => p.request === k)
    const compacted = points[at]!
    expect(compacted.compacted).toBe(true)
    expect(points.slice(0, at).every((p) => !p.compacted)).toBe(true)
    // The request as the server sees it next: the reply to the compacting
    // request starts with a compaction block, simulated on its own.
    const reply = compacted.lastMessage + 1
    const next = points[at + 1]!
    const withBlock = (block: unknown) =>
      messages
        .slice(0, next.lastMessage + 1)
        .map((m, i) =>
          i === reply
            ? { ...m, content: [block, ...(m.content as unknown[])] }
            : m
        )
    const direct = simulateOk({
      ...compacting,
      messages: withBlock({ type: "compaction", content: "Summary." }),
    })
    const summary = simulateOk({
      ...compacting,
      messages: withBlock(summaryBlock(COMPACTING_MODEL)),
    }).blocks.find((b) => b.type === "compaction")!
    // The stand-in summary is about SUMMARY_TOKENS; swapping it for the
    // short one above changes the prompt by exactly the difference.
    expect(summary.tokensAfter).toBeGreaterThan(SUMMARY_TOKENS * 0.97)
    expect(summary.tokensAfter).toBeLessThan(SUMMARY_TOKENS * 1.03)
    const short = direct.blocks.find((b) => b.type === "compaction")!
    expect(next.inputTokens).toBe(
      direct.input_tokens - short.tokensAfter + summary.tokensAfter
    )
    expect(next.inputTokens).toBeLessThan(compacted.inputTokens / 2)
    // The cache breaks at the summary, the first block still in the prompt.
    expect(next.breakAt).toEqual({
      messageIndex: reply,
      blockIndex: 0,
      summary: true,
    })
    // Without edits nothing compacts: that side is the plain timeline's.
    const none = oks(
      timeline({ ...compacting, context_management: undefined }).points
    )
    expect(points.map((p) => [p.originalTokens, p.withoutEdits])).toEqual(
      none.map((p) => [p.originalTokens, p.withoutEdits])
    )
    expect(t.tokens.withEdits).toBeLessThan(t.tokens.withoutEdits)
  })

  it("takes the assumed summary size as an option", () => {
    const small = timeline(compacting, undefined, { summaryTokens: 500 })
    const large = timeline(compacting, undefined, { summaryTokens: 5_000 })
    const k = small.compactions[0]!
    const after = (t: typeof small) =>
      oks(t.points).find((p) => p.request === k + 1)!
    expect(small.summaryTokens).toBe(500)
    const gap = after(large).inputTokens - after(small).inputTokens
    expect(gap).toBeGreaterThan(4_500 * 0.97)
    expect(gap).toBeLessThan(4_500 * 1.03)
  })
})

describe("timeline with the request's own caching", () => {
  it("without caching, every request costs its input tokens: the edits only save", () => {
    const t = timeline(edited, undefined, { caching: "none" })
    expect(t.caching).toBe("none")
    for (const p of oks(t.points)) {
      expect(p.withEdits).toMatchObject({
        read: 0,
        written: 0,
        uncached: p.inputTokens,
        cost: p.inputTokens,
      })
      expect(p.withoutEdits.cost).toBe(p.originalTokens)
      expect(p.breakAt).toBeNull()
    }
    expect(t.equivalents.withEdits).toBe(t.tokens.withEdits)
    expect(t.cost.withEdits).toBeLessThan(t.cost.withoutEdits)
  })

  it("with only the system prompt cached, the first request writes it and later ones read just it", () => {
    const system = [
      {
        type: "text",
        text: "You are a careful research agent. ".repeat(40),
        cache_control: { type: "ephemeral" },
      },
    ]
    const t = timeline({ ...edited, system }, undefined, { caching: "prefix" })
    const points = oks(t.points)
    const fixed = points[0]!.withEdits.written
    // The system prompt alone, as the engine counts it.
    const alone = simulateOk({
      model: MODEL,
      system,
      messages: [{ role: "user", content: "x" }],
    }).categories.after.system
    expect(fixed).toBeGreaterThanOrEqual(alone)
    expect(points[0]!.withEdits.read).toBe(0)
    for (const p of points.slice(1)) {
      expect(p.withEdits.read).toBe(fixed)
      expect(p.withEdits.written).toBe(0)
      expect(p.withEdits.uncached).toBe(p.inputTokens - fixed)
    }
  })
})

describe("timeline with 1-hour caching", () => {
  it("prices each request's cache writes at the 1-hour rate", () => {
    const short = timeline(edited)
    const long = timeline(edited, undefined, { writePrice: 2 })
    expect(long.writePrice).toBe(2)
    const a = oks(short.points)
    const b = oks(long.points)
    for (let k = 0; k < a.length; k++) {
      expect(b[k]!.withEdits.written).toBe(a[k]!.withEdits.written)
      expect(b[k]!.withEdits.cost).toBeCloseTo(
        0.1 * b[k]!.withEdits.read + 2 * b[k]!.withEdits.written
      )
    }
    expect(long.cost.withEdits).toBeGreaterThan(short.cost.withEdits)
  })
})

describe("timeline of the same transcript twice (the log's conversation as logged beside the imported one)", () => {
  const options = {}

  it("answers a second request with the same messages, config and options as a fresh one", () => {
    const first = timeline(edited, options)
    const again = timeline({ ...edited }, options)
    const fresh = timeline(structuredClone(edited), options)
    expect(again).toEqual(fresh)
    expect(again).toEqual(first)
  })

  it("is not fooled by a changed config, caching or write price on the same messages", () => {
    const cleared5 = timeline(edited, options)
    const none = timeline(plain, options)
    expect(none).toEqual(timeline(structuredClone(plain), options))
    expect(oks(none.points).map(cleared)).not.toEqual(
      oks(cleared5.points).map(cleared)
    )
    const oneHour = timeline(edited, options, { writePrice: 2 })
    expect(oneHour.cost.withEdits).toBeGreaterThan(cleared5.cost.withEdits)
    expect(oks(oneHour.points).map((p) => p.inputTokens)).toEqual(
      oks(cleared5.points).map((p) => p.inputTokens)
    )
    const uncached = timeline(edited, options, { caching: "none" })
    expect(uncached).toEqual(
      timeline(structuredClone(edited), options, { caching: "none" })
    )
    expect(uncached.points).not.toEqual(cleared5.points)
  })
})
