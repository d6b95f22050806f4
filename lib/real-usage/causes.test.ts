import { describe, expect, it } from "vitest"

import { timeline } from "@/lib/context-editing"
import { parseImport } from "@/lib/import"

import { compareWithLog } from "./compare"
import { claudeLog, sized, type Step } from "./test-log"

function compare(text: string) {
  const r = parseImport(text)
  if (!r.success || !r.realUsage) throw new Error("log did not import")
  return compareWithLog(timeline(r.data), r.realUsage)
}

const at = (min: number) =>
  new Date(Date.UTC(2026, 9, 2, 9, 0) + min * 60_000).toISOString()

/**
 * A session of `n` turns of about 3,000 tokens each, a minute apart, whose
 * calls read what the one before wrote; the first reads 5,000 an earlier
 * session left (the fixed prefix).
 */
function steps(n: number, model?: string): Step[] {
  return Array.from({ length: n }, (_, i) => ({
    say: sized(3000),
    at: at(i),
    usage:
      i === 0
        ? { input: 3, write: 3000, read: 5000 }
        : { input: 3, write: 3000, read: 5000 + 3000 * i },
    ...(model ? { model } : {}),
  }))
}

/** Call `i` wrote everything but the fixed prefix again (a miss the log shows). */
function missAt(s: Step[], i: number) {
  const total = 5000 + 3000 * (i + 1) + 3
  s[i]!.usage = { input: 3, write: total - 3 - 5000, read: 5000 }
}

describe("why the cache missed, as the log shows it (docs/semantics.md#cache-invalidation)", () => {
  it("names a switch of the thinking parameters, content the client dropped and times a resume lost", () => {
    // Sonnet 4 has no adaptive thinking: a turn with thinking after one
    // without was sent with other thinking parameters.
    const thinking = steps(5, "claude-sonnet-4-20250514")
    thinking[3]!.think = true
    missAt(thinking, 3)
    const t = compare(claudeLog(thinking, "claude-sonnet-4-20250514"))
    expect(t.rows[3]!.miss?.cause).toEqual({
      kind: "thinking-changed",
      thinking: true,
      sure: true,
    })
    // The replay as run resets there too: it reads only the fixed prefix.
    expect(t.rows[3]!.replayed.read).toBeLessThanOrEqual(5000)

    // The prompt the log sent shrank by 7,000 tokens while the log grew.
    const dropped = steps(5)
    dropped[3]!.usage = { input: 3, write: 6000, read: 1000 }
    const d = compare(claudeLog(dropped))
    expect(d.rows[3]!.miss?.cause).toMatchObject({ kind: "content-dropped" })

    // Calls copied by a resume all carry the moment it resumed.
    const copied = steps(5).map((x) => ({ ...x, at: at(0) }))
    missAt(copied, 3)
    const c = compare(claudeLog(copied))
    expect(c.rows[3]!.miss?.cause).toEqual({ kind: "times-lost" })
  })

  it("says the model changed where the log switches model, not 'cold start'", () => {
    const s = steps(4)
    s[2]!.model = "claude-sonnet-4-5-20250929"
    s[2]!.usage = { input: 3, write: 11_000, read: 0 }
    const c = compare(claudeLog(s))
    expect(c.rows[2]!.miss?.cause).toEqual({
      kind: "model-switch",
      from: "claude-opus-4-5-20251101",
    })
  })

  it("names a miss that read only the part of the prompt the log does not hold: the messages' cache emptied", () => {
    // Part of the tools and system prompt (what the log lacks, ~5,000;
    // the estimate puts it above 3,000) read, every message written again:
    // nothing the log holds changed.
    const s = steps(5)
    const total = 5000 + 3000 * 4 + 3
    s[3]!.usage = { input: 3, write: total - 3 - 2000, read: 2000 }
    const c = compare(claudeLog(s))
    expect(c.hidden).toBeGreaterThan(2000)
    expect(c.rows[3]!.miss?.cause).toEqual({
      kind: "start-changed",
      read: 2000,
    })
    // Read nothing at all: the tools changed or the cache was evicted, not located.
    s[3]!.usage = { input: 3, write: total - 3, read: 0 }
    expect(compare(claudeLog(s)).rows[3]!.miss?.cause).toEqual({
      kind: "unexplained",
    })
  })

  it("is no miss when the call read all its model's cache held, however much more it wrote", () => {
    // Call 3 read all call 2 cached (14,000) and wrote 9,000 more than
    // its turn holds (content the log does not show: a reminder, thinking).
    const s = steps(5)
    s[3]!.usage = { input: 3, write: 12_000, read: 14_000 }
    expect(compare(claudeLog(s)).rows[3]!.miss).toBeNull()
    // Read 9,000 less than was cached: at most those 9,000 are a miss.
    s[3]!.usage = { input: 3, write: 20_000, read: 5_000 }
    expect(compare(claudeLog(s)).rows[3]!.miss?.tokens).toBe(9_000)
  })

  it("leaves a miss nothing in the log explains 'unexplained'", () => {
    // The read stopped inside the messages the log holds (past the fixed
    // prefix and one turn), and nothing the log holds changed there.
    const s = steps(5)
    const total = 5000 + 3000 * 4 + 3
    s[3]!.usage = { input: 3, write: total - 3 - 9000, read: 9000 }
    expect(compare(claudeLog(s)).rows[3]!.miss?.cause).toEqual({
      kind: "unexplained",
    })
  })
})
