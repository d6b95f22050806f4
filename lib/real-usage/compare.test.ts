import { readFileSync } from "node:fs"

import { describe, expect, it } from "vitest"

import { timeline } from "@/lib/context-editing"
import { parseImport } from "@/lib/import"

import { usageDollars } from "./bill"
import { compareWithLog } from "./compare"
import { claudeLog, sized, type Step } from "./test-log"

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
  it("starts warm when the log's first call read the system prompt from the cache, cold when it wrote it", () => {
    const warm = compare(
      claudeLog(steps(4, { input: 3, write: 3000, read: 5000 }))
    )
    const cold = compare(
      claudeLog(steps(4, { input: 3, write: 8000, read: 0 }))
    )
    expect(warm.c.rows[0]!.replayed.read).toBeGreaterThan(4000)
    expect(warm.c.rows[0]!.cause).toBeNull()
    expect(cold.c.rows[0]!.replayed.read).toBe(0)
    expect(cold.c.rows[0]!.cause).toEqual({ kind: "cold-start" })
    expect(cold.c.configDollars).toBeGreaterThan(warm.c.configDollars)
    // Later calls do not depend on how the first one was cached.
    expect(cold.c.rows[2]!.replayed).toEqual(warm.c.rows[2]!.replayed)
  })

  it("loses the cache after an idle gap longer than the TTL the log asked for", () => {
    const s = steps(3, { input: 3, write: 3000, read: 5000 })
    s[2]!.at = at(20) // 19 minutes after the call before
    const five = compare(claudeLog(s)).c.rows[2]!
    expect(five.replayed.read).toBe(0)
    expect(five.cause).toMatchObject({ kind: "idle", ttl: "5m" })
    const hour = s.map((x) => ({
      ...x,
      usage: { ...x.usage, hour: x.usage.write },
    }))
    const kept = compare(claudeLog(hour)).c.rows[2]!
    expect(kept.replayed.read).toBeGreaterThan(0)
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
