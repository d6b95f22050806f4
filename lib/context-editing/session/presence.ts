/**
 * Which tool results each request of a session holds under a config, and
 * which the config took out (docs/semantics.md#result-needs): cleared by
 * clear_tool_uses, or dropped by a compaction the config fires. What the
 * conversation's own compaction blocks dropped is not the config's doing
 * and is not reported. Read from the session engine's run (run.ts), by the
 * same test the prompt cache uses for a cleared result (cache.ts
 * `formOf`), so a result is "cleared" here exactly when the cache model
 * sees its placeholder.
 */
import { CLEARABLE } from "../rules/session-view"
import type { SessionBase } from "./base"
import type { SessionRun } from "./run"
import type { Timeline } from "./timeline-types"

/** Why a result is not in a request's prompt because of the config. */
export type ResultLoss = "cleared" | "compacted"

/** The tool results of a session under one config, request by request. */
export interface ResultPresence {
  /** The request the session was run for (its messages and config). */
  request: Record<string, unknown>
  /** The tool_use id of each pair, in the session's order. */
  ids: readonly string[]
  /** The tool of each pair. */
  names: readonly string[]
  /** Each request's last message (request k answers with message ends[k] + 1). */
  ends: readonly number[]
  /** Requests (0-based) at which the config's compaction fires. */
  compactedAt: readonly number[]
  /** Tokens of pair j's result and of its call, as sent. */
  resultTokens(j: number): number
  useTokens(j: number): number
  /** The request (0-based) whose prompt first holds pair j's result (-1: none does). */
  firstRequest(j: number): number
  /** Why request k's prompt lacks pair j's result because of the config (null: it holds it, or the log's own compaction dropped it). */
  lostAt(j: number, k: number): ResultLoss | null
}

/** The first index of a sorted array whose value is ≥ v (its length: none). */
function lowerBound(xs: readonly number[], v: number): number {
  let lo = 0
  let hi = xs.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (xs[mid]! < v) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The presence of every result under the run's config. */
export function presenceOf(b: SessionBase, run: SessionRun): ResultPresence {
  const pairs = b.a.pairs
  const tc = run.tc
  return {
    request: b.body,
    ids: pairs.map((p) => p.id),
    names: pairs.map((p) => p.name),
    ends: b.ends,
    compactedAt: run.steps.flatMap((st, k) => (st.compacted ? [k] : [])),
    resultTokens: (j) => {
      const s = b.resultSlot[j]!
      return s < 0 ? 0 : b.tok[s]!
    },
    useTokens: (j) => b.tok[b.useSlot[j]!]!,
    firstRequest(j) {
      const s = b.resultSlot[j]!
      if (s < 0) return -1
      const k = lowerBound(b.ends, b.msgOfSlot[s]!)
      return k < b.ends.length ? k : -1
    },
    lostAt(j, k) {
      const st = run.steps[k]
      const s = b.resultSlot[j]!
      if (!st || s < 0) return null
      const D = st.after
      if (s < D.c)
        return D.summaryTok > 0 && s >= st.before.c ? "compacted" : null
      if (tc && j >= D.vLo && j < D.vHi && tc.cls[j] === CLEARABLE)
        return "cleared"
      return null
    },
  }
}

const runs = new WeakMap<Timeline, ResultPresence>()

/** Remembers a timeline's run (timeline.ts, on the session engine's path). */
export function rememberPresence(
  t: Timeline,
  b: SessionBase,
  run: SessionRun
): void {
  runs.set(t, presenceOf(b, run))
}

/** Remembers the presence of a timeline joined from parts (restarts.ts). */
export function rememberJoined(t: Timeline, p: ResultPresence): void {
  runs.set(t, p)
}

/**
 * The results a timeline's requests hold (null: the timeline was not
 * computed by the session engine over every request, so it is not known).
 */
export function timelinePresence(t: Timeline): ResultPresence | null {
  return runs.get(t) ?? null
}
