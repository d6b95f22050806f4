import { describe, expect, it } from "vitest"

import { assistant, text, toolResult, toolUse, user } from "@/test/messages"

import { priceOf } from "../../request/prices"
import { timelinePresence } from "../presence"
import { timeline } from "../timeline"
import type { Timeline } from "../timeline-types"
import { resultNeeds } from "./evidence"
import { lossesOf, type RequestCosts } from "./losses"
import { agentSwitches, DEFAULT_AGENT_SWITCHES } from "./switches"

const MODEL = "claude-opus-4-5"

/** A file of about 3,000 tokens whose identifiers all start with `name`. */
const file = (name: string) =>
  Array.from(
    { length: 120 },
    (_, i) => `export const ${name}Value${i} = compute${name}(${i}, "${name}")`
  ).join("\n")

/**
 * Reads files a, b, c, d one per turn, then a turn whose answer uses an
 * identifier only file a held (aValue7).
 */
function session(edits: unknown[] | null, batch = false) {
  const reads = batch
    ? [
        assistant(["a", "b", "c"].map((f) => toolUse(f, "Read", { f }))),
        user(["a", "b", "c"].map((f) => toolResult(f, file(f)))),
      ]
    : ["a", "b", "c", "d"].flatMap((f) => [
        assistant([toolUse(f, "Read", { f })]),
        user([toolResult(f, file(f))]),
      ])
  return {
    model: MODEL,
    max_tokens: 1000,
    ...(edits ? { context_management: { edits } } : {}),
    messages: [
      user("Read the four files."),
      ...reads,
      assistant([text("Now setting aValue7 to zero.")]),
      user("Thanks, go on."),
      assistant([text("Done.")]),
    ],
  }
}

const clear = (trigger: number, keep: number) => ({
  type: "clear_tool_uses_20250919",
  trigger: { type: "input_tokens", value: trigger },
  keep: { type: "tool_uses", value: keep },
})

const costsOf = (t: Timeline): RequestCosts => ({
  prompt: (k) => (t.points[k]?.ok ? t.points[k].inputTokens : 0),
  price: () => priceOf(MODEL),
  cached: true,
  ttl: "5m",
  summaryTokens: 3500,
})

function lossesFor(request: Record<string, unknown>, switches = {}) {
  const t = timeline(request)
  const p = timelinePresence(t)!
  const needs = resultNeeds(request.messages as unknown[])
  return { t, p, l: lossesOf(p, needs, costsOf(t), agentSwitches(switches)) }
}

describe("lossesOf: what a config costs the agent", () => {
  it("nothing with no edits", () => {
    const { l } = lossesFor(session(null))
    expect(l.refetch).toEqual({ calls: 0, tokens: 0, dollars: 0 })
    expect(l.infeasible).toBeNull()
  })

  it("a config that clears a result before a later turn used it forces one re-fetch, priced as one more request plus the result kept after it", () => {
    // Above 3k tokens keep 1: file a (≈1.9k) is cleared from the request after it.
    const { t, p, l } = lossesFor(session([clear(3000, 1)]))
    expect(l.infeasible).toBeNull()
    expect(l.lost).toHaveLength(1)
    expect(l.lost[0]).toMatchObject({ id: "a", name: "Read", how: "cleared" })
    // The answer using aValue7 is message 9, answering request 5 (0-based 4).
    expect(l.lost[0]!.neededAt).toBe(5)
    const k = 4
    const tokens = p.resultTokens(0) + p.useTokens(0)
    expect(l.refetch).toMatchObject({ calls: 1, tokens })
    // Independently: request k's prompt read from the cache, the call and
    // result written; the config kept file a one request (keep 1), so the
    // result fetched again stays for one request: no later read.
    const price = priceOf(MODEL)
    const prompt = (t.points[k] as { inputTokens: number }).inputTokens
    const hand = (prompt * price.read + tokens * price.write5m) / 1e6
    expect(l.refetch.dollars).toBeCloseTo(hand, 12)
  })

  it("a result fetched again that stays to the end is read by every later request", () => {
    const { t, p, l } = lossesFor(session([clear(3000, 1)]), {
      refetchStays: "to-end",
    })
    const price = priceOf(MODEL)
    const tokens = p.resultTokens(0) + p.useTokens(0)
    const prompt = (t.points[4] as { inputTokens: number }).inputTokens
    // Requests 5 and 6 (0-based 4 and 5): written once, then read once.
    const hand =
      (prompt * price.read + tokens * price.write5m + tokens * price.read) / 1e6
    expect(l.refetch.dollars).toBeCloseTo(hand, 12)
  })

  it("keep 0 clears the newest result before the model reads it: the config breaks the agent", () => {
    // Under a trigger below one file's size, clearing down to the trigger
    // reaches the result just returned.
    const { l } = lossesFor(session([clear(1000, 0)]))
    expect(l.unread.length).toBeGreaterThan(0)
    expect(l.unread[0]).toMatchObject({ name: "Read" })
    expect(l.infeasible).toMatch(/never reads/)
  })

  it("keeping fewer results than a parallel batch brings clears some before they are read", () => {
    const { l } = lossesFor(session([clear(5000, 2)], true))
    expect(l.unread.map((u) => u.id)).toEqual(["a"])
    expect(l.infeasible).toMatch(/1 tool result/)
    expect(lossesFor(session([clear(5000, 3)], true)).l.infeasible).toBeNull()
  })

  it("follows the switches: never needed, or every cleared result fetched once", () => {
    const never = lossesFor(session([clear(3000, 1)]), { neededBy: "never" })
    expect(never.l.refetch.calls).toBe(0)
    const every = lossesFor(session([clear(3000, 1)]), { neededBy: "every" })
    // a, b and c are cleared before the end (d is the newest).
    expect(every.l.refetch.calls).toBe(3)
    expect(DEFAULT_AGENT_SWITCHES.neededBy).toBe("content")
  })
})
