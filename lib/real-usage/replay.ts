/**
 * A logged conversation replayed by the engine (docs/semantics.md#session-replay):
 * each call's prompt is the engine's own count of its request (the
 * timeline's point, with the config on the page) plus the part the log
 * does not contain (system prompt and tools, `hidden`), and its cache use
 * is derived from the engine's model of the prompt, request after request:
 * the prefix the previous request cached is read up to the first block
 * that changed (session-cache.ts), the rest written. From the log the
 * replay takes only what content cannot tell: the cache state at the
 * conversation's start (the first call's reads), the time of each call (an
 * idle gap longer than the TTL loses the cache), each call's model and the
 * TTL the client asked for (its 1-hour share of writes), and where the
 * client put its breakpoints (the share of uncached input, over the whole
 * conversation). No call's logged read/write split enters its own replay.
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

/** The hidden part: the typical real − predicted size (median, at least 0). */
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
  return Math.max(
    0,
    Math.round(d.length % 2 ? d[mid]! : (d[mid - 1]! + d[mid]!) / 2)
  )
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

/** The cache a conversation holds between calls. */
interface CacheState {
  lastUse: number | null
  ttl: "5m" | "1h"
  /** The last call cached its prompt (it was over the minimum). */
  holds: boolean
  hourShare: number
}

/** Read and written tokens of one call, with the cause of any extra write. */
function cacheUse(
  u: RealUsage,
  p: Ok,
  cacheable: number,
  st: CacheState,
  first: boolean,
  repeat: boolean
): { read: number; written: number; cause: MissCause | null } {
  const t = timeOf(u)
  if (first) {
    const read = Math.min(cacheable, u.cache_read_input_tokens)
    const cold = read < cacheable / 2
    return {
      read,
      written: cacheable - read,
      cause: cold ? { kind: "cold-start" } : null,
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

/** Replays one call against the state the calls before it left. */
function replayCall(
  u: RealUsage,
  p: Ok,
  hidden: number,
  mode: Breakpoints,
  st: CacheState,
  first: boolean
): ReplayedCall {
  const prompt = p.inputTokens + hidden
  const w = u.cache_creation_input_tokens
  if (w > 0) st.hourShare = (u.cache_creation_1h_input_tokens ?? 0) / w
  const minimum = minCacheable(u.model)
  const cacheable = mode === "prefix" ? Math.min(prompt, hidden) : prompt
  if (mode === "none" || cacheable < minimum) {
    st.holds = false
    const replay = { uncached: prompt, write5m: 0, write1h: 0, read: 0 }
    return {
      usage: u,
      point: p,
      prompt,
      replay,
      dollars: billedDollars(u.model, replay),
      cause: mode === "none" ? null : { kind: "below-minimum", minimum },
      compaction: 0,
      added: 0,
    }
  }
  const use = cacheUse(u, p, cacheable, st, first, u.repeat === true)
  const write1h = Math.round(use.written * st.hourShare)
  const replay = {
    uncached: prompt - cacheable,
    write5m: use.written - write1h,
    write1h,
    read: use.read,
  }
  const t = timeOf(u)
  if (t !== null) st.lastUse = t
  st.holds = true
  st.ttl = st.hourShare >= 0.5 ? "1h" : "5m"
  // A compaction the config fires: the server's summarising iteration reads
  // the whole prompt again (from the cache this call just filled).
  const compaction = p.compacted
    ? (prompt * rowFor(priceOf(u.model), prompt).read) / 1e6
    : 0
  return {
    usage: u,
    point: p,
    prompt,
    replay,
    dollars: billedDollars(u.model, replay),
    cause: use.cause,
    compaction,
    added: 0,
  }
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
  const st: CacheState = {
    lastUse: null,
    ttl: "5m",
    holds: false,
    hourShare: 0,
  }
  let first = true
  let before = hidden // what is expected cached before the first call
  return calls.map((u) => {
    const p = u.unmodelled ? undefined : points.get(u.messageIndex)
    if (!p) return null
    const r = replayCall(u, p, hidden, mode, st, first)
    r.added = Math.max(0, r.prompt - before)
    before = r.prompt
    first = false
    return r
  })
}
