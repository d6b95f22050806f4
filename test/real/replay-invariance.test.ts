/**
 * The past stays put (issue 51, item 2): the replay of a public Claude Code
 * log as it ran — its start state, its cache history, each real miss and
 * its cause — is read from the log once, with the log's own config.
 *
 * Two metamorphic properties over every log of test/real/claude-code/:
 *
 * - a what-if config (random clearing, thinking and compaction edits)
 *   changes neither the start state nor any real miss, its tokens or its
 *   cause;
 * - moving any share of any later call's reads into writes, or of its
 *   writes into reads (each call its own share, totals kept), changes the
 *   bill but not the replay: no later call's split enters it.
 *
 * And the start state is the first call's own read, as the log says.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"

import { timeline } from "@/lib/context-editing"
import type { RealUsage } from "@/lib/import/types"
import { compareWithLog } from "@/lib/real-usage/compare"

import { importedLog, LOGS } from "./claude-code-logs"

/** A what-if: the log's request with random context-management edits. */
const whatIfArb = fc.record({
  trigger: fc.integer({ min: 1_000, max: 150_000 }),
  keep: fc.integer({ min: 0, max: 6 }),
  atLeast: fc.option(fc.integer({ min: 0, max: 40_000 }), { nil: undefined }),
  inputs: fc.boolean(),
  thinkingKeep: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
  compact: fc.option(fc.integer({ min: 50_000, max: 180_000 }), {
    nil: undefined,
  }),
})

type WhatIf = typeof whatIfArb extends fc.Arbitrary<infer T> ? T : never

function withWhatIf(
  data: Record<string, unknown>,
  w: WhatIf
): Record<string, unknown> {
  const thinking = (data.thinking as { type?: string } | undefined)?.type
  const edits: unknown[] = []
  if (w.thinkingKeep !== undefined && thinking && thinking !== "disabled")
    edits.push({
      type: "clear_thinking_20251015",
      keep: { type: "thinking_turns", value: w.thinkingKeep },
    })
  edits.push({
    type: "clear_tool_uses_20250919",
    trigger: { type: "input_tokens", value: w.trigger },
    keep: { type: "tool_uses", value: w.keep },
    ...(w.atLeast !== undefined
      ? { clear_at_least: { type: "input_tokens", value: w.atLeast } }
      : {}),
    clear_tool_inputs: w.inputs,
  })
  if (w.compact !== undefined)
    edits.push({
      type: "compact_20260112",
      trigger: { type: "input_tokens", value: w.compact },
    })
  return { ...data, context_management: { edits } }
}

/** Each call after its conversation's first: a share of reads into writes (or back), totals kept. */
function reshuffled(usage: RealUsage[], shares: number[]): RealUsage[] {
  const seen = new Set<string>()
  return usage.map((u, i) => {
    const first = !seen.has(u.thread ?? "main")
    seen.add(u.thread ?? "main")
    const s = shares[i % shares.length]!
    if (first || s === 0) return u
    const toWrites = s > 0 ? Math.round(u.cache_read_input_tokens * s) : 0
    const toReads = s < 0 ? Math.round(u.cache_creation_input_tokens * -s) : 0
    return {
      ...u,
      cache_read_input_tokens: u.cache_read_input_tokens - toWrites + toReads,
      cache_creation_input_tokens:
        u.cache_creation_input_tokens + toWrites - toReads,
      // A cost tool reads the 1-hour part as a share of the writes.
      ...(u.cache_creation_1h_input_tokens
        ? {
            cache_creation_1h_input_tokens:
              u.cache_creation_input_tokens + toWrites - toReads,
          }
        : {}),
    }
  })
}

describe.each(LOGS)("the past of $file stays put", ({ text }) => {
  const { data, usage } = importedLog(text)
  const own = compareWithLog(timeline(data), usage)

  it("starts from the first call's own read, as the log says", () => {
    const first = usage[0]!
    const row = own.rows[0]!
    if (row.unmodelled) return
    const prompt = row.withEdits + row.hidden
    expect(row.replayed.read).toBe(
      Math.min(first.cache_read_input_tokens, prompt)
    )
  })

  it("keeps the start state and every real miss, with its cause, under any what-if config", () => {
    fc.assert(
      fc.property(whatIfArb, (w) => {
        const c = compareWithLog(timeline(withWhatIf(data, w)), usage)
        const [a, b] = [own.rows[0]!, c.rows[0]!]
        if (a.withEdits === b.withEdits)
          expect(b.replayed.read).toBe(a.replayed.read)
        expect(c.rows.map((r) => r.miss)).toEqual(own.rows.map((r) => r.miss))
        expect(c.hidden).toBe(own.hidden)
      }),
      { numRuns: 8, seed: 51 }
    )
  })

  it("does not move when later calls split their reads and writes otherwise, each its own way, totals kept", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1, max: 1, noNaN: true }), {
          minLength: 1,
          maxLength: 12,
        }),
        (shares) => {
          const c = compareWithLog(timeline(data), reshuffled(usage, shares))
          expect(Math.abs(c.configDollars - own.configDollars)).toBeLessThan(
            1e-9 * Math.max(1, own.configDollars)
          )
          expect(c.rows[0]!.replayed).toEqual(own.rows[0]!.replayed)
        }
      ),
      { numRuns: 12, seed: 51 }
    )
  })
})
