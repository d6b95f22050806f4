/**
 * Cache misses a log shows (docs/semantics.md#session-replay): a call that
 * wrote to the cache much more than its request added to the conversation
 * wrote part of a prefix again that an earlier call had cached. What it
 * cost is those tokens at the write price instead of the read price; the
 * cause is the replay's as run, with the log's own config, so no what-if
 * moves it (an idle gap over the TTL, a model switch, the prefix changed at
 * a block, the thinking parameters changed, the client dropped content,
 * below the minimum, a cold start: docs/semantics.md#cache-invalidation);
 * when the replay names nothing, where the call's own read stopped: within
 * the part of the prompt the log does not hold (tools, system prompt, the
 * client's context ahead of the messages), something there changed — the
 * system prompt, or the thinking parameters or `tool_choice`, which empty
 * the messages' cache (DOC); past it, "unexplained" (something the log
 * does not hold changed inside the messages: a reminder the client
 * injected or edited).
 */
import {
  type BreakAt,
  priceOf,
  type TimelinePoint,
} from "@/lib/context-editing"
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

/** What the log shows around a call, for its miss. */
export interface MissContext {
  /**
   * What the cache held for this conversation on the call's model after
   * the call before (its reads + writes; null: no call before on it).
   * Only what was cached can be written again.
   */
  cachedBefore: number | null
  /** The part of each prompt the log does not hold (history.ts). */
  hidden: number
}

/**
 * The miss the log shows at a call, if any (`r`: the call replayed as run,
 * with the log's own config): the tokens written beyond what the request
 * added, at most what the cache held before and this call did not read.
 */
export function loggedMiss(
  u: RealUsage,
  r: ReplayedCall | null,
  around: MissContext = { cachedBefore: null, hidden: 0 }
): LoggedMiss | null {
  if (!r) return null
  const written = u.cache_creation_input_tokens
  const read = u.cache_read_input_tokens
  const rewritten =
    around.cachedBefore === null ? written : around.cachedBefore - read
  const tokens = Math.min(written - r.added, rewritten)
  if (tokens <= Math.max(MIN_MISS, 0.2 * realInput(u))) return null
  const row = rowFor(priceOf(u.model), realInput(u))
  const hour =
    written > 0 ? (u.cache_creation_1h_input_tokens ?? 0) / written : 0
  const write = hour * row.write1h + (1 - hour) * row.write5m
  return {
    tokens,
    dollars: (tokens * (write - row.read)) / 1e6,
    cause: r.cause ?? r.reset ?? whereReadStopped(read, around.hidden),
  }
}

/**
 * A miss the replay does not name, by where the call's read stopped. Read
 * up to at most the part of the prompt the log does not hold (tools, system
 * prompt, the client's context ahead of the messages), and not nothing:
 * the change lies there (the messages' cache was emptied from its start).
 * A read of nothing (the tools changed, or the cache was evicted) or one
 * that stops inside the messages the log holds is not located.
 */
function whereReadStopped(read: number, hidden: number): MissCause {
  return read > 0 && read <= hidden
    ? { kind: "start-changed", read }
    : { kind: "unexplained" }
}

/** A cause in words, for the page. */
export function causeText(cause: MissCause): string {
  switch (cause.kind) {
    case "cold-start":
      return "cold start: the system prompt and tools were not in the cache"
    case "model-switch":
      return `the model changed (from ${cause.from}): each model has its own cache`
    case "idle":
      return `idle ${Math.round(cause.gapMs / 60_000)} min, over the ${cause.ttl === "1h" ? "1-hour" : "5-minute"} cache lifetime`
    case "prefix-changed":
      return prefixText(cause.at)
    case "below-minimum":
      return `below the model's ${cause.minimum.toLocaleString("en-US")}-token minimum cacheable prefix`
    case "thinking-changed":
      return `thinking ${cause.thinking ? "on" : "off"} from this turn${cause.sure ? "" : " (adaptive thinking may also skip a turn with the same parameters)"}: a change of the thinking parameters empties the messages' cache`
    case "content-dropped":
      return `the prompt sent was ${cause.tokens.toLocaleString("en-US")} tokens shorter than the log holds: the client dropped earlier content (thinking, old tool results), which changes the prefix`
    case "times-lost":
      return "the log has no time for this call (a resumed session copies earlier calls at the time it resumed): an idle gap here cannot be seen"
    case "start-changed":
      return `the call read only the first ${cause.read.toLocaleString("en-US")} tokens, no more than the part the log does not hold (tools, system prompt, the client's context), and none of the messages: something there changed — the system prompt, or the thinking parameters or tool_choice (each empties the messages' cache, per the docs)`
    case "unexplained":
      return "not predicted: something the log does not hold changed (the system prompt, the tools, an injected reminder)"
  }
}

function prefixText(at: BreakAt): string {
  if (at.why === "images")
    return "images were added or removed: that empties the messages' cache"
  if (at.why === "citations")
    return "citations were turned on or off: that empties the system prompt's cache and the messages'"
  if (at.why === "restart")
    return `the client compacted: the conversation started again from its summary (message ${at.messageIndex})`
  if (at.summary)
    return `the prefix changed at the compaction summary in message ${at.messageIndex}`
  return `the prefix changed at message ${at.messageIndex}, block ${at.blockIndex}`
}

/** A cause's kind in a few words, for lists of misses by cause. */
export const CAUSE_LABELS: Record<MissCause["kind"], string> = {
  "cold-start": "Cold start: the system prompt and tools were not cached",
  "model-switch": "The model changed (each model has its own cache)",
  idle: "Idle longer than the cache lifetime",
  "prefix-changed": "The prompt's prefix changed (an edit, a compaction)",
  "below-minimum": "Below the model's minimum cacheable prefix",
  "thinking-changed": "The thinking parameters changed between turns",
  "content-dropped": "The client dropped content the log holds",
  "times-lost": "The log lost the call's time (a resumed session)",
  "start-changed":
    "Changed ahead of the messages the log holds (system prompt, thinking parameters, tool_choice)",
  unexplained:
    "Not predicted: something the log does not hold changed (system prompt, tools, a reminder)",
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
