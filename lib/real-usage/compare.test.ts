import { readFileSync } from "node:fs"

import { describe, expect, it } from "vitest"

import { timeline } from "@/lib/context-editing"
import { parseImport } from "@/lib/import"

import { usageDollars } from "./bill"
import { compareWithLog } from "./compare"
import { predictedMisses } from "./misses"
import { claudeLog, prefixClearingSession, sized, type Step } from "./test-log"

function compare(text: string) {
  const r = parseImport(text)
  if (!r.success || !r.realUsage) throw new Error("log did not import")
  const t = timeline(r.data)
  return { t, usage: r.realUsage, c: compareWithLog(t, r.realUsage) }
}

const at = (min: number) =>
  new Date(Date.UTC(2026, 9, 2, 9, 0) + min * 60_000).toISOString()

/** A session of `n` turns of about 3,000 tokens each, a minute apart. */
function steps(n: number, first: Step["usage"]): Step[] {
  return Array.from({ length: n }, (_, i) => ({
    say: sized(3000),
    at: at(i),
    usage: i === 0 ? first : { input: 3, write: 3000, read: 5000 + 3000 * i },
  }))
}

describe("compareWithLog: the bill", () => {
  it("prices each call at its own model, 1-hour writes at the 1-hour price", () => {
    const { c, usage } = compare(
      claudeLog([
        {
          say: "hi",
          at: at(0),
          usage: { input: 10, write: 2000, read: 0, hour: 2000 },
        },
        {
          say: "and",
          at: at(1),
          usage: { input: 10, write: 1000, read: 5000 },
          model: "claude-haiku-4-5-20251001",
        },
      ])
    )
    // Opus 4.5: 10 × $5 + 2,000 × $10 (1-hour); Haiku 4.5: 10 × $1 + 1,000 × $1.25 + 5,000 × $0.10.
    expect(c.realDollars).toBeCloseTo((50 + 20_000 + 10 + 1250 + 500) / 1e6, 9)
    expect(usage.map((u) => u.model)).toEqual([
      "claude-opus-4-5-20251101",
      "claude-haiku-4-5-20251001",
    ])
  })

  it("prices Haiku 5.5 by each call's own prompt size (the tier is per request)", () => {
    const small = { input: 50_000, write: 0, read: 0 }
    const big = { input: 150_000, write: 0, read: 0 }
    const { c } = compare(
      claudeLog(
        [
          { say: "a", at: at(0), usage: small },
          { say: "b", at: at(1), usage: big },
        ],
        "claude-haiku-5-5"
      )
    )
    // $0.10/MTok up to 100k tokens, $0.50 above, per call.
    expect(c.realDollars).toBeCloseTo((50_000 * 0.1 + 150_000 * 0.5) / 1e6, 9)
  })
})

describe("compareWithLog: the replay", () => {
  it("starts warm with what the first call read of the cache, cold when it read (almost) nothing", () => {
    const warm = compare(
      claudeLog(steps(4, { input: 3, write: 3000, read: 5000 }))
    )
    const cold = compare(
      claudeLog(steps(4, { input: 3, write: 8000, read: 0 }))
    )
    const first = warm.c.rows[0]!
    expect(first.replayed.read).toBeGreaterThan(4000)
    expect(first.replayed.read).toBeLessThan(first.real)
    expect(first.cause).toBeNull()
    expect(cold.c.rows[0]!.replayed.read).toBe(0)
    expect(cold.c.rows[0]!.cause).toEqual({ kind: "cold-start" })
    expect(cold.c.configDollars).toBeGreaterThan(warm.c.configDollars)
    // Later calls do not depend on how the first one was cached.
    expect(cold.c.rows[2]!.replayed).toEqual(warm.c.rows[2]!.replayed)
  })

  it("takes the start from the first call's own usage: later calls' read/write split, each moved differently, leaves the replay where it was", () => {
    const { t, usage, c } = compare(
      claudeLog(steps(4, { input: 3, write: 3000, read: 5000 }))
    )
    // Later calls: a different share of each call's reads moved into writes.
    const moved = usage.map((u, i) => {
      const share = i === 0 ? 0 : [0, 0.9, 0.1, 0.5][i]!
      const m = Math.round(u.cache_read_input_tokens * share)
      return {
        ...u,
        cache_read_input_tokens: u.cache_read_input_tokens - m,
        cache_creation_input_tokens: u.cache_creation_input_tokens + m,
      }
    })
    const after = compareWithLog(t, moved)
    expect(after.realDollars).not.toBeCloseTo(c.realDollars, 6)
    expect(after.configDollars).toBeCloseTo(c.configDollars, 12)
    // The first call reads what it read itself (5,000), whatever the others did.
    expect(c.rows[0]!.replayed.read).toBe(5000)
    expect(after.rows[0]!.replayed.read).toBe(5000)
  })

  it("starts a model the conversation switches to with what an earlier session left of the fixed prefix (each model has its own cache)", () => {
    const s = steps(4, { input: 3, write: 3000, read: 5000 })
    s[2]!.model = "claude-sonnet-4-20250514"
    const { c } = compare(claudeLog(s))
    const rows = c.rows
    // The switch reads at most what was warm at the start (5,000), never
    // more than the part the log lacks, and writes the rest.
    expect(rows[2]!.replayed.read).toBe(Math.min(5000, c.hidden))
    expect(rows[2]!.cause).toEqual({
      kind: "model-switch",
      from: "claude-opus-4-5-20251101",
    })
    expect(rows[2]!.replayed.write5m).toBeGreaterThan(rows[1]!.replayed.write5m)
    // Back on the first model, its cache still holds its last prompt.
    expect(rows[3]!.replayed.read).toBeGreaterThan(rows[1]!.replayed.read)
  })

  it("loses the conversation's cache after an idle gap longer than the TTL the log asked for, and restarts as the conversation started", () => {
    const s = steps(3, { input: 3, write: 3000, read: 5000 })
    s[2]!.at = at(20) // 19 minutes after the call before
    const warm = compare(claudeLog(s)).c
    const five = warm.rows[2]!
    // What an earlier session left (the first call read 5,000) may still be
    // there; the conversation's own prefix is gone and written again.
    expect(five.replayed.read).toBe(Math.min(5000, warm.hidden))
    expect(five.replayed.write5m).toBeGreaterThan(6000)
    expect(five.cause).toMatchObject({ kind: "idle", ttl: "5m" })
    const coldSteps = s.map((x, i) =>
      i === 0 ? { ...x, usage: { input: 3, write: 8000, read: 0 } } : x
    )
    expect(compare(claudeLog(coldSteps)).c.rows[2]!.replayed.read).toBe(0)
    const hour = s.map((x) => ({
      ...x,
      usage: { ...x.usage, hour: x.usage.write },
    }))
    const kept = compare(claudeLog(hour)).c.rows[2]!
    expect(kept.replayed.read).toBeGreaterThan(five.replayed.read)
    expect(kept.replayed.write1h).toBe(
      kept.replayed.write5m + kept.replayed.write1h
    )
  })

  it("caches nothing below the model's minimum cacheable prefix", () => {
    const tiny: Step[] = [0, 1, 2].map((i) => ({
      say: "short",
      at: at(i),
      usage: { input: 3, write: 900, read: 900 * i },
    }))
    // Opus 4.5 caches prompts of 4,096 tokens or more; the hidden part here is ~900.
    const row = compare(claudeLog(tiny)).c.rows[1]!
    expect(row.replayed.read + row.replayed.write5m).toBe(0)
    expect(row.cause).toEqual({ kind: "below-minimum", minimum: 4096 })
  })

  it("lists a call on no conversation's chain, priced as logged, and still matches every call", () => {
    const s = steps(4, { input: 3, write: 3000, read: 5000 })
    s[2] = { ...s[2]!, offChain: true }
    const { c, usage } = compare(claudeLog(s))
    expect(c.matched).toBe(usage.length)
    expect(usage).toHaveLength(4)
    expect(c.unmodelled).toHaveLength(1)
    const off = c.rows.find((r) => r.unmodelled)!
    expect(off.replayDollars).toBe(off.realDollars)
  })

  it("says where the log shows a miss the replay does not predict, and what it cost", () => {
    const s = steps(4, { input: 3, write: 3000, read: 5000 })
    s[2]!.usage = { input: 3, write: 11_000, read: 0 } // everything written again
    const { c } = compare(claudeLog(s))
    const missed = c.rows.filter((r) => r.miss)
    expect(missed).toHaveLength(1)
    expect(missed[0]!.miss!.cause).toEqual({ kind: "unexplained" })
    expect(c.misses.count).toBe(1)
    // Opus 4.5: each token written instead of read costs $6.25 − $0.50.
    expect(c.misses.dollars).toBeCloseTo(
      (missed[0]!.miss!.tokens * 5.75) / 1e6,
      9
    )
  })

  it("replays a subagent written into the main file on its own conversation", () => {
    const log = readFileSync(
      new URL(
        "../import/__fixtures__/claude-code-compacted.jsonl",
        import.meta.url
      ),
      "utf8"
    )
    const { c, usage } = compare(log)
    const side = c.rows.filter((r) => r.thread !== "main")
    expect(side).toHaveLength(1)
    expect(side[0]!.unmodelled).toBeUndefined()
    expect(side[0]!.predicted).toBeGreaterThan(0)
    expect(c.realDollars).toBeCloseTo(
      usage.reduce((s, u) => s + usageDollars(u), 0),
      12
    )
  })
})

describe("predicted misses of a built session", () => {
  const big = (n: number) => ({ role: "user", content: sized(n) })
  const turn = (n: number) => [
    big(n),
    { role: "assistant", content: [{ type: "text", text: "ok" }] },
  ]
  it("names the request whose prefix changed (and what writing it again costs), and the requests below the model's minimum", () => {
    const request = {
      model: "claude-opus-4-5",
      max_tokens: 1000,
      messages: [...turn(300), ...turn(6000), ...turn(200), big(200)],
    }
    const t = timeline(request)
    const misses = predictedMisses(t.points, "claude-opus-4-5", "end")
    // Request 1 (≈300 tokens) is below Opus 4.5's 4,096-token minimum.
    expect(misses[0]).toMatchObject({
      request: 1,
      cause: { kind: "below-minimum", minimum: 4096 },
    })
    expect(misses.some((m) => m.cause.kind === "prefix-changed")).toBe(false)
    expect(predictedMisses(t.points, "claude-opus-4-5", "none")).toEqual([])
  })

  it("predicts the miss where tool clearing changes the prefix", () => {
    const request = prefixClearingSession()
    const t = timeline(request)
    const miss = predictedMisses(t.points, "claude-opus-4-5", "end").find(
      (m) => m.cause.kind === "prefix-changed"
    )
    expect(miss).toBeDefined()
    const p = t.points.find((x) => x.request === miss!.request)!
    expect(p.ok && p.breakAt).toBeTruthy()
    expect(miss!.tokens).toBeGreaterThan(1024)
    expect(miss!.dollars).toBeGreaterThan(0)
  })
})

describe("compactions the log shows without their summarising call's usage", () => {
  it("prices each summary from the context before it, apart from the bill, and says so", () => {
    const text = readFileSync(
      new URL(
        "../import/__fixtures__/claude-code-compacted.jsonl",
        import.meta.url
      ),
      "utf8"
    )
    const r = parseImport(text)
    if (!r.success || !r.realUsage) throw new Error("fixture")
    const c = compareWithLog(timeline(r.data), r.realUsage)
    // Two boundaries: 156,230 and 61,200 tokens before them (compactMetadata).
    expect(c.unseen.calls).toBe(2)
    expect(c.unseen.tokens).toBe(156_230 + 61_200)
    const model = r.realUsage[0]!.model
    expect(c.unseen.dollars).toBeCloseTo(
      usageDollars({
        ...r.realUsage[0]!,
        model,
        input_tokens: 0,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 217_430,
        cache_creation_1h_input_tokens: 0,
      }),
      10
    )
    // The bill and the replay are the file's calls only.
    expect(c.realDollars).toBeCloseTo(
      r.realUsage.reduce((s, u) => s + usageDollars(u), 0),
      10
    )
    expect(r.notes.some((n) => /summarising call/.test(n.message))).toBe(true)
  })
})
