/**
 * A log's bill as the tuner's objective (`TuneBill`, docs/semantics.md#session-replay):
 * a config is priced over every call of the log — the imported
 * conversation replayed with the config, the file's other conversations
 * (subagents, side calls) replayed with their own, each call at its own
 * model — and scaled by the replay's own error (the bill ÷ the replay of
 * the log's own config), exactly the number the Timeline, Compare and the
 * Sessions view show for that config (`compareWithLog`, `threeNumbers`).
 *
 * The lean path (`leanReplay`) computes the same sums as
 * `compareWithLog(timeline(body), usage)` without what a config does not
 * change: the other conversations are replayed once, and per config only
 * the engine's run, the cache of the side with the edits and the replay of
 * the imported conversation's calls.
 */
import {
  type AgentSwitches,
  getModelInfo,
  lossesOf,
  presenceOf,
  type ResultPresence,
  type SimulateOptions,
  type Timeline,
  timeline,
  timelinePresence,
  type TimelineOptions,
} from "@/lib/context-editing"
import { cacheTokens } from "@/lib/context-editing/session/cache"
import type { SessionBase } from "@/lib/context-editing/session/base"
import type { SessionRun } from "@/lib/context-editing/session/run"
import { joinedPresence } from "@/lib/context-editing/session/restarts"
import { SUMMARY_TOKENS } from "@/lib/context-editing/session/summary"
import type { BillPrice, TuneBill } from "@/lib/context-editing/tuner/bill"
import type { RealUsage } from "@/lib/import/types"

import { compareWithLog, importedHistory, usageDollars } from "./compare"
import { coversText } from "./covers"
import { asLoggedRequest } from "./headline"
import { needsOf, requestCosts } from "./needs/conversation"
import { type LoggedHistory, replayConversation } from "./replay"

type Request = Record<string, unknown>
type Point = Extract<Timeline["points"][number], { ok: true }>

/** What a config does not change: the log's other conversations, its calls, its own replay. */
export interface LogParts {
  /** The imported conversation's calls. */
  calls: RealUsage[]
  /** Its history as logged, the same for every config (null: no call of it replays). */
  history: LoggedHistory | null
  /** The other conversations' replayed dollars (with their own config). */
  side: number
  /** The bill ÷ the replay with the log's own config. */
  scale: number
  caching: NonNullable<TimelineOptions["caching"]>
  /** The summary a compaction is assumed to write (the timeline's). */
  summaryTokens: number
  model: string
  window: number
  covers: string
  /** What the log's own config kept out of each request (not a config's loss). */
  baseline: ResultPresence | null
}

/** The parts of a log every config shares (from the replay of its own config). */
export function logParts(
  request: Request,
  usage: RealUsage[],
  tl: TimelineOptions,
  options: SimulateOptions
): LogParts {
  const own = asLoggedRequest(request, usage) ?? request
  const t = timeline(own, options, tl)
  const c = compareWithLog(t, usage, options)
  const main = usage[0]?.thread ?? "main"
  let side = 0
  usage.forEach((u, i) => {
    if ((u.thread ?? main) !== main) side += c.rows[i]!.replayDollars
  })
  const model = String(request.model ?? "")
  return {
    calls: usage.filter((u) => (u.thread ?? main) === main),
    history: importedHistory(t, usage, options),
    side,
    scale: c.configDollars > 0 ? c.realDollars / c.configDollars : 1,
    caching: tl.caching ?? "end",
    summaryTokens: tl.summaryTokens ?? SUMMARY_TOKENS,
    model,
    window: getModelInfo(model).contextWindow ?? Number.POSITIVE_INFINITY,
    covers: coversText(c),
    baseline: timelinePresence(t),
  }
}

/**
 * One conversation's run on the lean path: the whole imported one, or a
 * part of one its client restarted from a summary (its first message at
 * `message` in the whole; session/restarts.ts).
 */
export interface LeanPart {
  b: SessionBase
  run: SessionRun
  message: number
}

/** The imported conversation's points under its parts' runs (only what the replay reads), numbered in the whole. */
function runPoints(p: LogParts, parts: readonly LeanPart[]) {
  const points = new Map<number, Point>()
  const list: Point[] = []
  for (const { b, run, message } of parts) {
    const before = list.length
    run.steps.forEach((st, k) => {
      const prev = k > 0 ? run.steps[k - 1]!.after : null
      const u = cacheTokens(
        b,
        run.tc,
        prev,
        st.after,
        st.inputTokens,
        p.caching
      )
      const use = { ...u, cost: 0, dollars: 0 }
      const point: Point = {
        request: before + k + 1,
        lastMessage: st.after.end + message,
        ok: true,
        originalTokens: st.originalTokens,
        inputTokens: st.inputTokens,
        applied: st.applied,
        compacted: st.compacted,
        withEdits: use,
        withoutEdits: use,
        breakAt: null,
      }
      points.set(point.lastMessage, point)
      list.push(point)
    })
  }
  return { points, list }
}

/** A config's price from its points (the same sums as compareWithLog). */
function priceOf(
  p: LogParts,
  t: Timeline,
  points: Map<number, Point>
): BillPrice {
  const hidden = p.history?.hidden ?? 0
  const replayed = p.history
    ? replayConversation(p.calls, t, points, p.history)
    : p.calls.map(() => null)
  let dollars = p.side
  replayed.forEach(
    (r, i) =>
      (dollars += r ? r.dollars + r.compaction : usageDollars(p.calls[i]!))
  )
  let peak = 0
  const overflows: number[] = []
  for (const pt of t.points) {
    if (!pt.ok) continue
    peak = Math.max(peak, pt.inputTokens + hidden)
    if (pt.inputTokens + hidden > p.window) overflows.push(pt.request)
  }
  return {
    dollars: dollars * p.scale,
    peak,
    overflows,
    costs: requestCosts(t, p.calls, hidden, p.model),
    scale: p.scale,
  }
}

/** The lean path: a config's runs priced over the log's calls. */
export function leanReplay(p: LogParts, parts: readonly LeanPart[]): BillPrice {
  const { points, list } = runPoints(p, parts)
  const t = {
    caching: p.caching,
    points: list,
    summaryTokens: p.summaryTokens,
  } as unknown as Timeline
  return priceOf(p, t, points)
}

/** Which results each request of the parts holds, numbered in the whole. */
function partsPresence(
  request: Request,
  parts: readonly LeanPart[]
): ResultPresence {
  if (parts.length === 1) return presenceOf(parts[0]!.b, parts[0]!.run)
  let before = 0
  return joinedPresence(
    request,
    parts.map(({ b, run, message }) => {
      const part = {
        seg: { messages: [], message, block: 0 },
        p: presenceOf(b, run),
        requestsBefore: before,
      }
      before += run.steps.length
      return part
    })
  )
}

/**
 * A config's bill on the lean path, its re-fetches included, and whether it
 * breaks the agent: what the Sessions view's tuner scores (tune-eval.ts).
 * `request`: the imported conversation whole (its results' needs).
 */
export function leanBill(
  p: LogParts,
  request: Request,
  parts: readonly LeanPart[],
  agent: AgentSwitches
): { cost: number; peak: number; infeasible: boolean } {
  const price = leanReplay(p, parts)
  const messages = request.messages as unknown[]
  const l = lossesOf(
    partsPresence(request, parts),
    needsOf(messages),
    price.costs!,
    agent,
    p.baseline
  )
  const steps = parts.reduce((n, x) => n + x.run.steps.length, 0)
  return {
    cost:
      price.dollars + (l.refetch.dollars + l.summaries.dollars) * price.scale,
    peak: steps < 2 ? 0 : price.peak,
    infeasible: l.infeasible !== null,
  }
}

/** The tuner's objective for a log (see the file comment). */
export function logBill(
  request: Request,
  usage: RealUsage[],
  tl: TimelineOptions,
  options: SimulateOptions = {}
): TuneBill {
  const p = logParts(request, usage, tl, options)
  return {
    covers: p.covers,
    baseline: p.baseline,
    run: (_body, b, run) => leanReplay(p, [{ b, run, message: 0 }]),
    timeline: (_body, t) => {
      const points = new Map<number, Point>()
      for (const pt of t.points) if (pt.ok) points.set(pt.lastMessage, pt)
      return priceOf(p, t, points)
    },
  }
}
