/**
 * Cache misses a log shows (docs/semantics.md#session-replay): a call that
 * wrote to the cache much more than its request added to the conversation
 * wrote part of a prefix again that an earlier call had cached. What it
 * cost is those tokens at the write price instead of the read price; the
 * cause is the replay's (an idle gap over the TTL, the prefix changed at a
 * block, below the minimum, a cold start), or "unexplained" when the
 * replay predicts no miss there (something the log does not hold changed:
 * the system prompt, the tools, a reminder the client injected).
 */
import { priceOf, type TimelinePoint } from "@/lib/context-editing"
import type { RealUsage } from "@/lib/import/types"

import { realInput, rowFor } from "./bill"
import { minCacheable } from "./cache-rules"
import type { MissCause, ReplayedCall } from "./replay"

/** A miss the log shows at one call. */
export interface LoggedMiss {
  /** Tokens written that the request did not add. */
  tokens: number
  /** What writing them instead of reading them cost, in US dollars. */
  dollars: number
  cause: MissCause
}

/** Below this many tokens (or a fifth of the prompt) an extra write is noise. */
const MIN_MISS = 1024

/** The miss the log shows at a call, if any (needs the replay's view of what it added). */
export function loggedMiss(
  u: RealUsage,
  r: ReplayedCall | null
): LoggedMiss | null {
  if (!r) return null
  const written = u.cache_creation_input_tokens
  const tokens = written - r.added
  if (tokens <= Math.max(MIN_MISS, 0.2 * realInput(u))) return null
  const row = rowFor(priceOf(u.model), realInput(u))
  const hour =
    written > 0 ? (u.cache_creation_1h_input_tokens ?? 0) / written : 0
  const write = hour * row.write1h + (1 - hour) * row.write5m
  return {
    tokens,
    dollars: (tokens * (write - row.read)) / 1e6,
    cause: r.cause ?? { kind: "unexplained" },
  }
}

/** A cause in words, for the page. */
export function causeText(cause: MissCause): string {
  switch (cause.kind) {
    case "cold-start":
      return "cold start: the system prompt and tools were not in the cache"
    case "idle":
      return `idle ${Math.round(cause.gapMs / 60_000)} min, over the ${cause.ttl === "1h" ? "1-hour" : "5-minute"} cache lifetime`
    case "prefix-changed":
      return cause.at.summary
        ? `the prefix changed at the compaction summary in message ${cause.at.messageIndex}`
        : `the prefix changed at message ${cause.at.messageIndex}, block ${cause.at.blockIndex}`
    case "below-minimum":
      return `below the model's ${cause.minimum.toLocaleString("en-US")}-token minimum cacheable prefix`
    case "unexplained":
      return "not predicted: something the log does not hold changed (the system prompt, the tools, an injected reminder)"
  }
}

type Point = Extract<TimelinePoint, { ok: true }>

/** A miss the engine predicts at a request of a built session (no log). */
export interface PredictedMiss {
  /** The request (1-based, as the Timeline numbers it). */
  request: number
  cause: MissCause
  /** Tokens written again that the request did not add (0 below the minimum). */
  tokens: number
  /** What writing them instead of reading them costs, in US dollars. */
  dollars: number
}

/**
 * For a built session (no log, so no idle gaps): where the engine predicts
 * the cache misses — the prefix changed at message/block N (an edit's
 * result differs from the request before) and wrote more than the request
 * added, or the prompt is below the model's minimum cacheable prefix (then
 * nothing is cached at all) — and what each costs.
 */
export function predictedMisses(
  points: readonly TimelinePoint[],
  model: string,
  caching: "end" | "prefix" | "none"
): PredictedMiss[] {
  if (caching === "none") return []
  const minimum = minCacheable(model)
  const out: PredictedMiss[] = []
  let before: Point | null = null
  for (const p of points) {
    if (!p.ok) continue
    if (p.inputTokens < minimum)
      out.push({
        request: p.request,
        cause: { kind: "below-minimum", minimum },
        tokens: 0,
        dollars: 0,
      })
    else if (p.breakAt && before) {
      const added = Math.max(0, p.inputTokens - before.inputTokens)
      const tokens = p.withEdits.written - added
      if (tokens > Math.max(MIN_MISS, 0.2 * p.inputTokens)) {
        const row = rowFor(priceOf(model), p.inputTokens)
        out.push({
          request: p.request,
          cause: { kind: "prefix-changed", at: p.breakAt },
          tokens,
          dollars: (tokens * (row.write5m - row.read)) / 1e6,
        })
      }
    }
    before = p
  }
  return out
}
