/**
 * One tuner candidate: an edit configuration, turned into the API's
 * `context_management.edits` array and evaluated over the whole session
 * exactly as timeline() does (the same engine, the same summing), so an
 * entry's cost and peak are what timeline() reports for that config.
 */
import { CACHE_READ, CACHE_WRITE, CACHE_WRITE_1H } from "../result/cache-impact"
import type { SessionCaching } from "../request/cache-setup"
import { priceOf, requestDollars } from "../request/prices"
import { cacheTokens } from "../session/cache"
import type { SessionBase } from "../session/base"
import { SUMMARY_TOKENS } from "../session/summary"
import { runSession, type SessionRun } from "../session/run"
import { engineEdits, timeline } from "../session/timeline"
import type { Timeline, TimelineOptions } from "../session/timeline-types"
import type { SimulateOptions } from "../types"
import { EDIT_DEFAULTS } from "../rules/catalogue"
import { parseEdits } from "../rules/parse-edits"
import { editsOf, labelOf, type TuneConfig } from "./kinds"
import type { Refetch } from "../session/needs/losses"
import type { AgentSwitches } from "../session/needs/switches"
import { presenceOf, timelinePresence } from "../session/presence"
import { restartSegments } from "../session/restarts"
import { type AgentCost, agentCost, runCosts, timelineAgentCost } from "./agent"
import {
  batchAgentCost,
  type BillPrice,
  scaledAgent,
  type TuneBill,
} from "./bill"

export { editsOf, labelOf, toolConfig, type TuneConfig } from "./kinds"

/** One point of the frontier. */
export interface TuneEntry {
  /** The `context_management.edits` array of this config. */
  edits: Record<string, unknown>[]
  /**
   * What the tuner minimises: the session's input cost with this config
   * (`sessionCost`) plus what its re-fetches cost (`refetch.dollars`) and
   * the summaries its compactions write (`summaries.dollars`).
   */
  cost: number
  /** The session's input cost in dollars: timeline().cost.withEdits, or with a log every call of it (`TuneBill`). */
  sessionCost: number
  /** What the config forces the agent to fetch again (docs/semantics.md#result-needs). */
  refetch: Refetch
  /** The summaries its compactions write beyond the log's own (output; in `cost`). */
  summaries: Refetch
  /** Results it takes out while a later turn still needs them. */
  lost: number
  /** Why it would break the agent (it clears results before the model reads them); never put forward. Null: it would not. */
  infeasible: string | null
  /** The largest input tokens of any request (= max of timeline() inputTokens). */
  peak: number
  /** Requests (1-based) that would still exceed the context window. */
  overflows: number[]
  /** The same cost in input-token equivalents. */
  equivalents: number
  /** Input tokens sent over the session. */
  tokens: number
  /** Requests at which compaction fires. */
  compactions: number[]
  /** A short description of the config. */
  label: string
}

/** Evaluates configs of one session; null for a config the API would reject. */
export interface Evaluator {
  evaluate(c: TuneConfig): TuneEntry | null
  count: number
}

/** The numbers an entry takes from a config's pricing. */
type Priced = { cost: number; peak: number; agent: AgentCost }

function entryOf(c: TuneConfig, t: Timeline, priced: Priced): TuneEntry | null {
  if (t.points.some((p) => !p.ok)) return null
  const { agent } = priced
  return {
    edits: editsOf(c),
    cost: priced.cost + agent.refetch.dollars + agent.summaries.dollars,
    sessionCost: priced.cost,
    refetch: agent.refetch,
    summaries: agent.summaries,
    lost: agent.lost,
    infeasible: agent.infeasible,
    peak: priced.peak,
    overflows: t.overflows,
    equivalents: t.equivalents.withEdits,
    tokens: t.tokens.withEdits,
    compactions: t.compactions,
    label: labelOf(c),
  }
}

/**
 * What entryOf reads from a timeline, for the side with the edits only:
 * the same cache model and the same sums in the same order as timeline.ts
 * `assemble`, so the numbers are identical, without the side without edits
 * or per-point objects.
 */
function totals(
  b: SessionBase,
  run: SessionRun,
  o: { caching: SessionCaching; writePrice: number },
  request: Record<string, unknown>
): Timeline {
  const price = priceOf(request.model)
  const ttl = o.writePrice === CACHE_WRITE_1H ? "1h" : "5m"
  const cw = b.model.contextWindow
  const t = {
    points: [] as Timeline["points"],
    cost: { withEdits: 0, withoutEdits: 0 },
    equivalents: { withEdits: 0, withoutEdits: 0 },
    tokens: { withEdits: 0, withoutEdits: 0 },
    peak: { withEdits: 0, withoutEdits: 0 },
    overflows: [] as number[],
    compactions: [] as number[],
  }
  const steps = run.steps
  for (let k = 0; k < steps.length; k++) {
    const st = steps[k]!
    const u = cacheTokens(
      b,
      run.tc,
      k > 0 ? steps[k - 1]!.after : null,
      st.after,
      st.inputTokens,
      o.caching
    )
    if (st.compacted) t.compactions.push(k + 1)
    t.cost.withEdits += requestDollars(price, u, ttl)
    t.equivalents.withEdits +=
      CACHE_READ * u.read + o.writePrice * u.written + u.uncached
    t.tokens.withEdits += st.inputTokens
    t.peak.withEdits = Math.max(t.peak.withEdits, st.inputTokens)
    if (cw !== null && st.inputTokens > cw) t.overflows.push(k + 1)
  }
  return t as unknown as Timeline
}

/**
 * The compaction trigger every config of this session must send: a
 * conversation that replays compaction blocks (a compacted log) is a 400
 * without a compact edit, so a config without one keeps the request's own
 * (or the documented default). Undefined when the session has none.
 */
function requiredCompact(
  request: Record<string, unknown>,
  b: SessionBase | null
): number | undefined {
  if (!b || b.a.compactionRecs.length === 0) return undefined
  const parsed = parseEdits(request.context_management)
  // The tuner's compaction dimension (kinds.ts) is the compact edit's trigger.
  const own = parsed.ok
    ? parsed.value?.find((e) => e.type === "compact_20260112")
    : undefined
  return own?.type === "compact_20260112"
    ? own.trigger
    : EDIT_DEFAULTS.compact_20260112.trigger.value
}

/** What an evaluator prices configs with, besides the simulation's options. */
export interface EvalContext {
  tl: TimelineOptions
  /** The session the request holds (null: the engine does not model it). */
  b: SessionBase | null
  /** A log's bill, when configs are priced over every call of a log. */
  bill?: TuneBill | undefined
  agent: AgentSwitches
}

/** An evaluator on the session engine (or, for sessions it does not model, on timeline()). */
export function evaluator(
  request: Record<string, unknown>,
  options: SimulateOptions,
  { tl, b, bill, agent }: EvalContext
): Evaluator {
  const o = {
    budget: Number.POSITIVE_INFINITY,
    summaryTokens: tl.summaryTokens ?? SUMMARY_TOKENS,
    caching: tl.caching ?? "end",
    writePrice: tl.writePrice ?? CACHE_WRITE,
  }
  const compact = requiredCompact(request, b)
  const messages = Array.isArray(request.messages) ? request.messages : []
  // A conversation its client restarted: timeline() knows each request's
  // results, so its losses are priced as the incremental path prices them.
  const restarted = restartSegments(messages) !== null
  const byTimeline = (c: TuneConfig, body: Record<string, unknown>) => {
    const t = timeline(body, options, o)
    const p = bill?.timeline(body, t)
    const presence = restarted ? timelinePresence(t) : null
    const a =
      presence && p?.costs
        ? timelineAgentCost(presence, messages, p.costs, agent, bill!.baseline)
        : batchAgentCost(c, t, request)
    return p
      ? entryOf(c, { ...t, overflows: p.overflows }, billed(p, a))
      : entryOf(c, t, {
          cost: t.cost.withEdits,
          peak: t.peak.withEdits,
          agent: a,
        })
  }
  const ev: Evaluator = {
    count: 0,
    evaluate(config) {
      ev.count++
      const c =
        compact !== undefined && config.compact === undefined
          ? { ...config, compact }
          : config
      const body = { ...request, context_management: { edits: editsOf(c) } }
      // The API rejects it (error points), or the engine does not model it.
      const cfg = b ? engineEdits(b, body, options) : null
      if (!b || !cfg) return byTimeline(c, body)
      const run = runSession(b, cfg.edits, o.summaryTokens)
      const t = totals(b, run, o, request)
      const presence = presenceOf(b, run)
      const p = bill?.run(body, b, run)
      if (bill && !p) return byTimeline(c, body)
      if (p) {
        const costs = p.costs ?? runCosts(b, run, o)
        const a = agentCost(presence, b, costs, agent, bill!.baseline)
        return entryOf(c, { ...t, overflows: p.overflows }, billed(p, a))
      }
      const a = agentCost(presence, b, runCosts(b, run, o), agent)
      return entryOf(c, t, {
        cost: t.cost.withEdits,
        peak: t.peak.withEdits,
        agent: a,
      })
    },
  }
  return ev
}

/** An entry's numbers from a log's bill. */
const billed = (p: BillPrice, a: AgentCost): Priced => ({
  cost: p.dollars,
  peak: p.peak,
  agent: scaledAgent(a, p.scale),
})

/** Parses a config's edits like simulate does (a config the schema rejects is never evaluated). */
export const parses = (c: TuneConfig): boolean =>
  parseEdits({ edits: editsOf(c) }).ok
