import { describe, expect, it } from "vitest"

import {
  compactedLog,
  memoryToolSession,
  toolConversation,
} from "../__fixtures__/build"
import { priceOf } from "../request/prices"
import { resultNeeds } from "../session/needs/evidence"
import { lossesOf, unreadResults } from "../session/needs/losses"
import { DEFAULT_AGENT_SWITCHES } from "../session/needs/switches"
import { timelinePresence } from "../session/presence"
import { SUMMARY_TOKENS } from "../session/summary"
import { timeline } from "../session/timeline"
import type { Timeline } from "../session/timeline-types"
import { paretoFrontier, tuneSession } from "./tune"
import { editsOf, type TuneConfig, type TuneEntry } from "./eval"

// 60 tool rounds of ≈2.3k-token results, two tools, then a chat turn with
// thinking: ≈140k tokens at the end.
const messages = memoryToolSession(60, 8000, 3000, "One more question.")
const session = (model: string, thinking = false) => ({
  model,
  max_tokens: 4096,
  ...(thinking ? { thinking: { type: "enabled", budget_tokens: 2048 } } : {}),
  messages,
})

function agrees(request: Record<string, unknown>, e: TuneEntry) {
  const t = timeline({ ...request, context_management: { edits: e.edits } })
  expect(t.points.every((p) => p.ok)).toBe(true)
  expect(e.sessionCost).toBe(t.cost.withEdits)
  // The summaries its compactions write are output: 5 × the input price each.
  const compactions = t.points.filter((p) => p.ok && p.compacted).length
  expect(e.summaries.calls).toBe(compactions)
  const price = priceOf(String(request.model)).input
  expect(e.summaries.dollars).toBeCloseTo(
    (compactions * SUMMARY_TOKENS * 5 * price) / 1e6,
    12
  )
  expect(e.cost).toBeCloseTo(
    t.cost.withEdits + e.refetch.dollars + e.summaries.dollars,
    12
  )
  expect(e.peak).toBe(t.peak.withEdits)
  // Never a config that clears a result before the model reads it.
  expect(e.infeasible).toBeNull()
  expect(unreadResults(timelinePresence(t)!)).toEqual([])
  expect(e.overflows).toEqual(t.overflows)
}

/** A grid a user might try by hand. */
function handGrid(compaction: boolean): TuneConfig[] {
  const out: TuneConfig[] = [{}]
  for (const value of [20_000, 40_000, 60_000, 80_000, 100_000, 120_000])
    for (const keep of [0, 1, 2, 3, 5, 8])
      for (const clearAtLeast of [null, 5_000])
        for (const inputs of [false, true])
          out.push({
            tool: {
              trigger: { type: "input_tokens", value },
              keep,
              clearAtLeast,
              exclude: [],
              inputs,
            },
          })
  if (compaction)
    for (const compact of [50_000, 80_000, 110_000]) {
      out.push({ compact })
      out.push({
        compact,
        tool: {
          trigger: { type: "input_tokens", value: 30_000 },
          keep: 2,
          clearAtLeast: null,
          exclude: ["memory"],
          inputs: false,
        },
      })
    }
  return out
}

function noneBeats(
  request: Record<string, unknown>,
  frontier: TuneEntry[],
  grid: TuneConfig[]
) {
  for (const c of grid) {
    const t = timeline({
      ...request,
      context_management: { edits: editsOf(c) },
    })
    if (t.points.some((p) => !p.ok)) continue
    // A config that clears results before they are read is no rival.
    const presence = timelinePresence(t)!
    if (unreadResults(presence).length > 0) continue
    const cost = t.cost.withEdits + refetchOf(request, t, presence)
    const covered = frontier.some(
      (f) => f.cost <= cost * 1.01 && f.peak <= t.peak.withEdits * 1.01
    )
    expect(covered, JSON.stringify(c)).toBe(true)
  }
}

/** A grid config's re-fetches, priced on the session's own requests. */
function refetchOf(
  request: Record<string, unknown>,
  t: Timeline,
  presence: NonNullable<ReturnType<typeof timelinePresence>>
): number {
  const price = priceOf(request.model)
  const needs = resultNeeds(request.messages as unknown[])
  const costs = {
    prompt: (k: number) => (t.points[k]?.ok ? t.points[k].inputTokens : 0),
    price: () => price,
    cached: true,
    ttl: "5m" as const,
    summaryTokens: t.summaryTokens,
  }
  return lossesOf(presence, needs, costs, DEFAULT_AGENT_SWITCHES).refetch
    .dollars
}

describe("tuneSession", () => {
  it("returns a Pareto frontier whose every entry is what timeline() gives for its edits", async () => {
    const request = session("claude-opus-4-6")
    const { frontier, none, alternatives } = await tuneSession(request)
    expect(frontier.length).toBeGreaterThan(0)
    for (let i = 1; i < frontier.length; i++) {
      expect(frontier[i]!.cost).toBeGreaterThan(frontier[i - 1]!.cost)
      expect(frontier[i]!.peak).toBeLessThan(frontier[i - 1]!.peak)
    }
    for (const e of frontier) agrees(request, e)
    // Beside it, the cheapest config for each keep, each exact too.
    const keeps = alternatives.map((e) => {
      agrees(request, e)
      const tool = e.edits.find((x) => x.type === "clear_tool_uses_20250919")
      return tool ? (tool.keep as { value: number }).value : -1
    })
    expect(new Set(keeps).size).toBe(keeps.length)
    expect(keeps).toContain(3)
    // Editing pays: the cheapest config costs less than sending everything.
    expect(frontier[0]!.cost).toBeLessThan(none!.cost)
    noneBeats(request, frontier, handGrid(true))
  })

  it("never proposes what the API would reject: no compaction on a model without it, no clear_thinking with thinking off", async () => {
    const request = session("claude-sonnet-4-5")
    const { frontier } = await tuneSession(request)
    const types = frontier.flatMap((e) => e.edits.map((x) => x.type))
    expect(types).not.toContain("compact_20260112")
    expect(types).not.toContain("clear_thinking_20251015")
    for (const e of frontier) agrees(request, e)
    noneBeats(request, frontier, handGrid(false))
  })

  it("searches clear_thinking keep when the session thinks, and says which requests still overflow", async () => {
    const request = session("claude-haiku-4-5", true)
    const { frontier, contextWindow } = await tuneSession(request)
    expect(contextWindow).toBe(200_000)
    for (const e of frontier) {
      agrees(request, e)
      expect(e.overflows.every((r) => r >= 1)).toBe(true)
    }
  })

  it("reports progress and stops on Cancel", async () => {
    // Long enough that the search runs past its first progress report
    // (every 30 ms) however fast the engine gets.
    const request = {
      ...session("claude-opus-4-6"),
      messages: [
        ...toolConversation(400, 8000, (k) =>
          k % 4 === 0 ? "memory" : "search"
        ),
        { role: "user", content: "One more question." },
      ],
    }
    const seen: number[] = []
    const controller = new AbortController()
    // The first evaluation reports progress at once (a search that warm
    // caches make faster than the 30 ms reporting interval used to finish
    // before any progress, so a Cancel there could not land).
    const run = tuneSession(request, {
      signal: controller.signal,
      onProgress: (done) => {
        seen.push(done)
        controller.abort()
      },
    })
    await expect(run).rejects.toMatchObject({ name: "AbortError" })
    expect(seen).toEqual([1])
  })

  it("keeps only configs no other beats on both cost and peak", () => {
    const e = (cost: number, peak: number, n = 1) =>
      ({ cost, peak, edits: new Array(n).fill({}) }) as unknown as TuneEntry
    const f = paretoFrontier([
      e(3, 10),
      e(1, 50),
      e(2, 50),
      e(2, 20),
      e(1, 50, 0),
    ])
    expect(f.map((x) => [x.cost, x.peak, x.edits.length])).toEqual([
      [1, 50, 0],
      [2, 20, 1],
      [3, 10, 1],
    ])
  })
})

describe("tuneSession on a conversation that replays compaction blocks", () => {
  // A compacted Claude Code log's shape: a compaction block, then more tool rounds.
  const compacted = compactedLog(
    90_000,
    "Refactor the billing module.",
    "Summary of the work so far.",
    toolConversation(30, 8000).slice(1)
  )

  it("keeps a compaction edit in every config (the API rejects the blocks without one), each agreeing with timeline()", async () => {
    const r = await tuneSession(compacted)
    expect(r.frontier.length).toBeGreaterThan(0)
    for (const e of [...r.frontier, ...r.alternatives]) {
      expect(e.edits.map((x) => x.type)).toContain("compact_20260112")
      agrees(compacted, e)
    }
  })
})
