/**
 * A logged conversation replayed by the engine (docs/semantics.md#session-replay):
 * each call's prompt is the engine's own count of its request (the
 * timeline's point, with the config on the page) plus the part the log
 * does not contain (system prompt and tools, `hidden`), and its cache use
 * is derived from the engine's model of the prompt, request after request:
 * the prefix the previous request cached is read up to the first block
 * that changed (lib/context-editing/session/cache.ts), the rest written. From the log the
 * replay takes only what content cannot tell: what was already cached when
 * the conversation started (`warmStart`, read relative to the log's own
 * later reads), the time of each call (an idle gap longer than the TTL
 * loses the cache), each call's model (caches are per model) and the TTL
 * the client asked for (whether the call wrote 1-hour entries), and where
 * the client put its breakpoints (the share of uncached input, over the
 * whole conversation). No later call's read/write split enters the replay.
 */
import type { BreakAt, Timeline, TimelinePoint } from "@/lib/context-editing"
import type { RealUsage } from "@/lib/import/types"

import { type Billed, billedDollars, realInput, rowFor } from "./bill"
import { minCacheable, TTL_MS } from "./cache-rules"
import { priceOf } from "@/lib/context-editing"

type Ok = Extract<TimelinePoint, { ok: true }>

/** Why a call writes (or would write) more than the content it adds. */
export type MissCause =
  | { kind: "cold-start" }
  | { kind: "idle"; gapMs: number; ttl: "5m" | "1h" }
  | { kind: "prefix-changed"; at: BreakAt }
  | { kind: "below-minimum"; minimum: number }
  | { kind: "unexplained" }

/** Where the client put its cache breakpoints, read from the whole conversation. */
export type Breakpoints = "end" | "prefix" | "none"

/** One call, replayed. */
export interface ReplayedCall {
  usage: RealUsage
  point: Ok | null
  /** The prompt replayed: the engine's request with the config, plus hidden. */
  prompt: number
  replay: Billed
  dollars: number
  /** Why the replay writes more than the content the request adds (null: it does not). */
  cause: MissCause | null
  /** Extra dollars of a compaction the config fires at this request (the summarising iteration). */
  compaction: number
  /** Tokens the request adds to the conversation after the previous call's prompt. */
  added: number
}

/**
 * The breakpoints a conversation's calls show: nothing cached at all,
 * caching that leaves a large uncached tail (only tools and system
 * cached), or caching to the end of each request (Claude Code's).
 */
export function inferBreakpoints(calls: readonly RealUsage[]): Breakpoints {
  let total = 0
  let cached = 0
  let uncached = 0
  for (const u of calls) {
    total += realInput(u)
    cached += u.cache_creation_input_tokens + u.cache_read_input_tokens
    uncached += u.input_tokens
  }
  if (cached === 0) return "none"
  return uncached > 0.3 * total ? "prefix" : "end"
}

/**
 * The hidden part: the typical real − predicted size (median). Negative
 * only for a log whose estimate runs over the real input (it then holds
 * the whole prompt): a correction of the estimate.
 */
export function hiddenOf(
  calls: readonly RealUsage[],
  points: ReadonlyMap<number, Ok>
): number {
  const d: number[] = []
  for (const u of calls) {
    const p = points.get(u.messageIndex)
    if (p && !u.unmodelled) d.push(realInput(u) - p.originalTokens)
  }
  if (d.length === 0) return 0
  d.sort((a, b) => a - b)
  const mid = d.length >> 1
  const typical = Math.round(
    d.length % 2 ? d[mid]! : (d[mid - 1]! + d[mid]!) / 2
  )
  if (typical >= 0) return typical
  // A log that holds the whole prompt (a request log, a trace) lacks
  // nothing, and the estimate may run over: the median then corrects it
  // down, never a request below a tenth of its estimate.
  const smallest = Math.min(
    ...calls.flatMap((u) => {
      const p = points.get(u.messageIndex)
      return p && !u.unmodelled ? [p.originalTokens] : []
    })
  )
  return Math.max(typical, -Math.round(0.9 * smallest))
}

/** The ok points of a timeline by their last message. */
export function pointsByLast(t: Timeline): Map<number, Ok> {
  const out = new Map<number, Ok>()
  for (const p of t.points) if (p.ok) out.set(p.lastMessage, p)
  return out
}

const timeOf = (u: RealUsage): number | null => {
  const ms = Date.parse(u.startedAt ?? u.timestamp ?? "")
  return Number.isFinite(ms) ? ms : null
}

/** What one model's cache holds for a conversation between its calls (caches are per model). */
interface ModelCache {
  lastUse: number | null
  ttl: "5m" | "1h"
  /** The last call cached its prompt (it was over the minimum). */
  holds: boolean
}

/** The cache a conversation holds between calls. */
interface CacheState {
  /** Per model: a model the conversation has not used yet starts as the conversation did. */
  models: Map<string, ModelCache>
  /** The client asks for 1-hour entries (the last call that wrote, wrote them). */
  hour: boolean
  /** What a model's cache already holds of the prompt when the conversation first uses it. */
  warm: number
  /** Under breakpoints on the fixed prefix only: that prefix's size (`fixedPrefix`). */
  prefix: number
}

/**
 * The fixed prefix a conversation cached when its client put breakpoints
 * on the system prompt and tools only: the part the log lacks, or, for a
 * log that holds the whole prompt (a request log, a trace), the typical
 * cached part of a call (reads + writes, so a read/write split does not
 * move it).
 */
export function fixedPrefix(
  calls: readonly RealUsage[],
  hidden: number
): number {
  const cached = calls.map(
    (u) => u.cache_creation_input_tokens + u.cache_read_input_tokens
  )
  return Math.max(hidden, cached.length > 0 ? median(cached) : 0)
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

/**
 * What was already cached of the prompt when the conversation started (an
 * earlier session cached Claude Code's fixed prefix, or the parent of a
 * forked subagent its whole history): the first call's reads, taken
 * relative to how much the later calls read of what the replay says they
 * hold (`cold`: the replay of the same calls from a cold start). A log
 * whose every call had the same share of its reads moved into writes (or
 * back), totals kept, gives the same start; below a quarter of the hidden
 * part the start is cold (a cold start reads nothing at all), so a small
 * move of a cold first call's writes into reads changes nothing either
 * (docs/semantics.md#session-replay).
 */
export function warmStart(
  calls: readonly RealUsage[],
  cold: ReadonlyArray<ReplayedCall | null>,
  hidden: number
): number {
  const first = calls[0]
  // A log that holds the whole prompt (a request log, a trace) has no
  // hidden part: the first prompt is then what an earlier run could have cached.
  const floor = hidden > 0 ? hidden : (cold[0]?.prompt ?? 0)
  if (!first || floor <= 0) return 0
  const ratios: number[] = []
  cold.forEach((r, i) => {
    // A model's first call reads nothing from a cold start: never a ratio.
    if (i > 0 && r && r.replay.read > 0)
      ratios.push(calls[i]!.cache_read_input_tokens / r.replay.read)
  })
  const scale = ratios.length > 0 ? median(ratios) : 1
  const read = scale > 0 ? first.cache_read_input_tokens / scale : 0
  return read >= floor / 4 ? Math.round(read) : 0
}

/** Read and written tokens of one call, with the cause of any extra write. */
function cacheUse(
  u: RealUsage,
  p: Ok,
  cacheable: number,
  st: ModelCache | undefined,
  warm: number,
  repeat: boolean
): { read: number; written: number; cause: MissCause | null } {
  const t = timeOf(u)
  if (!st) {
    const read = Math.min(cacheable, warm)
    return {
      read,
      written: cacheable - read,
      cause: read === 0 ? { kind: "cold-start" } : null,
    }
  }
  const gap = t !== null && st.lastUse !== null ? t - st.lastUse : 0
  if (!st.holds || gap > TTL_MS[st.ttl]) {
    const cause: MissCause = st.holds
      ? { kind: "idle", gapMs: gap, ttl: st.ttl }
      : { kind: "cold-start" }
    return { read: 0, written: cacheable, cause }
  }
  if (repeat) return { read: cacheable, written: 0, cause: null }
  const written = Math.min(cacheable, p.withEdits.written)
  const cause: MissCause | null = p.breakAt
    ? { kind: "prefix-changed", at: p.breakAt }
    : null
  return { read: cacheable - written, written, cause }
}

/** A replayed call billed at its model's prices (`added` is set later). */
const replayed = (
  u: RealUsage,
  p: Ok,
  prompt: number,
  replay: Billed,
  cause: MissCause | null,
  compaction: number
): ReplayedCall => ({
  usage: u,
  point: p,
  prompt,
  replay,
  dollars: billedDollars(u.model, replay),
  cause,
  compaction,
  added: 0,
})

/** Replays one call against the state the calls before it left. */
function replayCall(
  u: RealUsage,
  p: Ok,
  hidden: number,
  mode: Breakpoints,
  st: CacheState
): ReplayedCall {
  const prompt = p.inputTokens + hidden
  if (u.cache_creation_input_tokens > 0)
    st.hour = (u.cache_creation_1h_input_tokens ?? 0) > 0
  const minimum = minCacheable(u.model)
  const cacheable = mode === "prefix" ? Math.min(prompt, st.prefix) : prompt
  const mc = st.models.get(u.model)
  if (mode === "none" || cacheable < minimum) {
    if (mc) mc.holds = false
    const replay = { uncached: prompt, write5m: 0, write1h: 0, read: 0 }
    const cause: MissCause | null =
      mode === "none" ? null : { kind: "below-minimum", minimum }
    return replayed(u, p, prompt, replay, cause, 0)
  }
  const use = cacheUse(u, p, cacheable, mc, st.warm, u.repeat === true)
  const write1h = st.hour ? use.written : 0
  const replay = {
    uncached: prompt - cacheable,
    write5m: use.written - write1h,
    write1h,
    read: use.read,
  }
  st.models.set(u.model, {
    lastUse: timeOf(u) ?? mc?.lastUse ?? null,
    holds: true,
    ttl: st.hour ? "1h" : "5m",
  })
  // A compaction the config fires: the server's summarising iteration reads
  // the whole prompt again (from the cache this call just filled).
  const compaction = p.compacted
    ? (prompt * rowFor(priceOf(u.model), prompt).read) / 1e6
    : 0
  return replayed(u, p, prompt, replay, use.cause, compaction)
}

/** One pass over a conversation's calls from a given start state. */
function replayPass(
  calls: readonly RealUsage[],
  points: ReadonlyMap<number, Ok>,
  hidden: number,
  mode: Breakpoints,
  warm: number
): Array<ReplayedCall | null> {
  const st: CacheState = {
    models: new Map(),
    hour: false,
    warm,
    prefix: fixedPrefix(calls, hidden),
  }
  let before = hidden // what is expected cached before the first call
  return calls.map((u) => {
    const p = u.unmodelled ? undefined : points.get(u.messageIndex)
    if (!p) return null
    const r = replayCall(u, p, hidden, mode, st)
    r.added = Math.max(0, r.prompt - before)
    before = r.prompt
    return r
  })
}

/** Replays the calls of one conversation (in log order) on its timeline. */
export function replayConversation(
  calls: readonly RealUsage[],
  t: Timeline,
  points: ReadonlyMap<number, Ok>,
  hidden: number
): Array<ReplayedCall | null> {
  // The config's own caching decides when it caches less than the log did.
  const mode: Breakpoints =
    t.caching === "end" ? inferBreakpoints(calls) : t.caching
  // Later calls do not depend on the start: a cold pass shows what they read.
  const cold = replayPass(calls, points, hidden, mode, 0)
  const warm = warmStart(calls, cold, hidden)
  return warm === 0 ? cold : replayPass(calls, points, hidden, mode, warm)
}
