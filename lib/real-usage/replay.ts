/**
 * A logged conversation replayed by the engine (docs/semantics.md#session-replay):
 * each call's prompt is the engine's own count of its request (the
 * timeline's point, with the config of that timeline) plus the part the
 * log does not contain (system prompt and tools, `hidden`), and its cache
 * use is derived from the engine's model of the prompt, request after
 * request: the prefix the previous request cached is read up to the first
 * block that changed (lib/context-editing/session/cache.ts), the rest
 * written. What content cannot tell comes from the log, once, whatever
 * the config (`LoggedHistory`, history.ts): the start state (the first
 * call's own read), the part the log lacks, the client's breakpoints and
 * TTL, and the calls where the log shows the cache reset for reasons no
 * config changes. The time of each call (an idle gap longer than the TTL
 * loses the cache) and its model (caches are per model) are the log's
 * too. No later call's read/write split enters the replay.
 */
import type { BreakAt, Timeline } from "@/lib/context-editing"
import type { RealUsage } from "@/lib/import/types"

import { type Billed, billedDollars, rowFor } from "./bill"
import { minCacheable, TTL_MS } from "./cache-rules"
import {
  type Breakpoints,
  type LoggedHistory,
  type Ok,
  type Reset,
  resetsCache,
} from "./history"
import { priceOf } from "@/lib/context-editing"

export {
  type Breakpoints,
  hiddenOf,
  inferBreakpoints,
  type LoggedHistory,
  loggedHistory,
  pointsByLast,
} from "./history"

/** Why a call writes (or would write) more than the content it adds. */
export type MissCause =
  | { kind: "cold-start" }
  | { kind: "model-switch"; from: string }
  | { kind: "idle"; gapMs: number; ttl: "5m" | "1h" }
  | { kind: "prefix-changed"; at: BreakAt }
  | { kind: "below-minimum"; minimum: number }
  | Reset
  | { kind: "start-changed"; read: number }
  | { kind: "unexplained" }

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
  /** What the log shows at this call whatever the config (history.ts), if anything. */
  reset: Reset | null
  /** Extra dollars of a compaction the config fires at this request (the summarising iteration). */
  compaction: number
  /** Tokens the request adds to the conversation after the previous call's prompt. */
  added: number
}

const ms = (t: string | undefined): number | null => {
  const v = Date.parse(t ?? "")
  return Number.isFinite(v) ? v : null
}
const TIMES = new WeakMap<
  RealUsage,
  { start: number | null; end: number | null }
>()
/** When a call was sent, and when its answer ended (the cache's lifetime runs from its last use); read once per call. */
const timesOf = (
  u: RealUsage
): { start: number | null; end: number | null } => {
  let t = TIMES.get(u)
  if (!t) {
    t = {
      start: ms(u.startedAt ?? u.timestamp),
      end: ms(u.timestamp ?? u.startedAt),
    }
    TIMES.set(u, t)
  }
  return t
}
const startOf = (u: RealUsage) => timesOf(u).start
const endOf = (u: RealUsage) => timesOf(u).end

/** What one model's cache holds for a conversation between its calls (caches are per model). */
interface ModelCache {
  lastUse: number | null
  /** The last call cached its prompt (it was over the minimum). */
  holds: boolean
}

/** The cache a conversation holds between calls. */
interface CacheState {
  models: Map<string, ModelCache>
  /** The model of the call before (null: none yet). */
  last: string | null
}

type Use = { read: number; written: number; cause: MissCause | null }

/**
 * Read and written tokens of a call that finds the conversation's cache as
 * it was left, with the cause of any extra write: the cache is gone after
 * an idle gap over the TTL (what an earlier session left may still be
 * there: the conversation restarts as it started), a reset the log shows
 * leaves the tools and system prompt, else the engine's prefix model.
 */
function warmUse(
  u: RealUsage,
  p: Ok,
  cacheable: number,
  mc: ModelCache,
  h: LoggedHistory,
  reset: Reset | null
): Use {
  const t = startOf(u)
  const gap = t !== null && mc.lastUse !== null ? t - mc.lastUse : 0
  const ttl = h.hour ? "1h" : "5m"
  const restart = Math.min(cacheable, h.warm, h.fixed)
  if (!mc.holds)
    return {
      read: restart,
      written: cacheable - restart,
      cause: { kind: "cold-start" },
    }
  if (gap > TTL_MS[ttl])
    return {
      read: restart,
      written: cacheable - restart,
      cause: { kind: "idle", gapMs: gap, ttl },
    }
  if (u.repeat) return { read: cacheable, written: 0, cause: null }
  if (resetsCache(reset)) {
    const read = Math.min(cacheable, h.fixed)
    return { read, written: cacheable - read, cause: reset }
  }
  const written = Math.min(cacheable, p.withEdits.written)
  const cause: MissCause | null = p.breakAt
    ? { kind: "prefix-changed", at: p.breakAt }
    : null
  return { read: cacheable - written, written, cause }
}

/** Read and written tokens of one call against the state the calls before it left. */
function cacheUse(
  u: RealUsage,
  p: Ok,
  cacheable: number,
  st: CacheState,
  h: LoggedHistory,
  reset: Reset | null
): Use {
  const mc = st.models.get(u.model)
  if (mc) return warmUse(u, p, cacheable, mc, h, reset)
  if (st.last === null) {
    // The first call: the start state is what it read itself.
    // Below the fixed prefix, it wrote part of what the log lacks: cold.
    const read = Math.min(cacheable, h.warm)
    return {
      read,
      written: cacheable - read,
      cause:
        read < Math.min(cacheable, Math.max(0, h.hidden))
          ? { kind: "cold-start" }
          : null,
    }
  }
  // A model the conversation switches to: its cache holds only what an
  // earlier session left of the fixed prefix.
  const read = Math.min(cacheable, h.warm, h.fixed)
  return {
    read,
    written: cacheable - read,
    cause: { kind: "model-switch", from: st.last },
  }
}

/** A replayed call billed at its model's prices (`added` is set later). */
const replayed = (
  u: RealUsage,
  p: Ok,
  prompt: number,
  replay: Billed,
  cause: MissCause | null,
  reset: Reset | null,
  compaction: number
): ReplayedCall => ({
  usage: u,
  point: p,
  prompt,
  replay,
  dollars: billedDollars(u.model, replay),
  cause,
  reset,
  compaction,
  added: 0,
})

/** Replays one call against the state the calls before it left. */
function replayCall(
  u: RealUsage,
  p: Ok,
  h: LoggedHistory,
  mode: Breakpoints,
  st: CacheState,
  reset: Reset | null
): ReplayedCall {
  const prompt = p.inputTokens + h.hidden
  const minimum = minCacheable(u.model)
  const cacheable = mode === "prefix" ? Math.min(prompt, h.prefix) : prompt
  const mc = st.models.get(u.model)
  if (mode === "none" || cacheable < minimum) {
    if (mc) mc.holds = false
    st.last = u.model
    const replay = { uncached: prompt, write5m: 0, write1h: 0, read: 0 }
    const cause: MissCause | null =
      mode === "none" ? null : { kind: "below-minimum", minimum }
    return replayed(u, p, prompt, replay, cause, reset, 0)
  }
  const use = cacheUse(u, p, cacheable, st, h, reset)
  const write1h = h.hour ? use.written : 0
  const replay = {
    uncached: prompt - cacheable,
    write5m: use.written - write1h,
    write1h,
    read: use.read,
  }
  st.models.set(u.model, {
    lastUse: endOf(u) ?? mc?.lastUse ?? null,
    holds: true,
  })
  st.last = u.model
  // A compaction the config fires: the server's summarising iteration reads
  // the whole prompt again (from the cache this call just filled).
  const compaction = p.compacted
    ? (prompt * rowFor(priceOf(u.model), prompt).read) / 1e6
    : 0
  return replayed(u, p, prompt, replay, use.cause, reset, compaction)
}

/**
 * Replays the calls of one conversation (in log order) on a timeline of
 * it: with the config it was logged with (the replay as run), or another
 * (a what-if). `history` is the log's (loggedHistory, from the timeline as
 * logged), the same for both: a what-if changes only what its config does.
 */
export function replayConversation(
  calls: readonly RealUsage[],
  t: Timeline,
  points: ReadonlyMap<number, Ok>,
  history: LoggedHistory
): Array<ReplayedCall | null> {
  // The config's own caching decides when it caches less than the log did.
  const mode: Breakpoints = t.caching === "end" ? history.mode : t.caching
  const st: CacheState = { models: new Map(), last: null }
  // What is expected cached before the first call.
  let before = Math.max(0, history.hidden)
  return calls.map((u, i) => {
    const p = u.unmodelled ? undefined : points.get(u.messageIndex)
    if (!p) return null
    const r = replayCall(u, p, history, mode, st, history.resets[i] ?? null)
    r.added = Math.max(0, r.prompt - before)
    before = r.prompt
    // The first call writes what was not cached yet: a cold start, in part.
    const written = r.replay.write5m + r.replay.write1h
    if (i === 0 && !r.cause && written > r.added)
      r.cause = { kind: "cold-start" }
    return r
  })
}
