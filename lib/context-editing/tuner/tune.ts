/**
 * tuneSession: which edit configuration keeps a session's requests small
 * and costs least. It returns the Pareto frontier of session cost (dollars,
 * as timeline().cost.withEdits) against peak input tokens, each entry
 * exactly what timeline() gives for its config.
 *
 * The search uses the problem's structure rather than a blind grid. The
 * trigger of clear_tool_uses is compared with each request's size before
 * clearing, which does not depend on the trigger: the outcome only changes
 * where the trigger crosses one of those sizes, so candidate triggers are
 * those sizes (quantiles first, then bisection between neighbours of the
 * frontier's configs), plus round values people type. `keep` and the other
 * options are searched around the frontier (coordinate steps), and
 * compaction triggers likewise at the request sizes past 50,000. Each
 * evaluation is one incremental timeline run.
 */
import { sessionBase } from "../session/base"
import { restartSegments } from "../session/restarts"
import type { TimelineOptions } from "../session/timeline-types"
import {
  evaluator,
  type Evaluator,
  parses,
  type TuneConfig,
  type TuneEntry,
} from "./eval"
import { candidateSpace, type Space } from "./space"
import type { TuneBill } from "./bill"
import { type ToolAdvice, toolAdvice } from "./advice"
import { sessionNeeds } from "./agent"
import { presenceOf } from "../session/presence"
import { runSession } from "../session/run"
import { documentedDefaults, recommendedOf, whyOf } from "./recommend"
import { type AgentSwitches, agentSwitches } from "../session/needs/switches"
import type { SimulateOptions } from "../types"

export type { TuneConfig, TuneEntry } from "./eval"

/** Options of tuneSession: the simulation's, the timeline's, progress and cancellation. */
export interface TuneOptions extends SimulateOptions {
  timeline?: TimelineOptions
  /** Price configs over every call of a log instead of the request's own session (lib/real-usage/tune-bill.ts). */
  bill?: TuneBill
  /** What the agent does when a config takes a result out (each a named switch; defaults: the evidence). */
  agent?: Partial<AgentSwitches>
  /** Called as candidates are evaluated (done of an estimated total). */
  onProgress?: (done: number, total: number) => void
  signal?: AbortSignal
  /** Evaluations at most (default 1,500). */
  maxEvaluations?: number
}

/** The tuner's answer. */
export interface TuneResult {
  /** Cheapest first; each entry has a lower peak than the one before it. */
  frontier: TuneEntry[]
  /**
   * The cheapest config for each clear_tool_uses keep (and the cheapest
   * without clearing), beside the frontier: a user who wants the newest
   * results kept picks from these.
   */
  alternatives: TuneEntry[]
  /** No edits, for reference (null when even that request is rejected). */
  none: TuneEntry | null
  /** Configurations evaluated. */
  evaluated: number
  contextWindow: number | null
  /**
   * The config put forward (the page's first choice, the report's answer):
   * never one that clears a result before the model reads it; null when
   * every config tried would.
   */
  recommended: TuneEntry | null
  /** Why it, in words. */
  why: string
  /** The documented defaults, evaluated alike, for comparison. */
  defaults: TuneEntry[]
  /** Configs evaluated and left out because they clear results before the model reads them. */
  infeasible: number
  /** Which calls the costs cover. */
  covers: string
  /** Per tool, whether its results were needed again, and what to do (from the session's evidence). */
  advice: ToolAdvice[]
  /** The edit kinds the search tried (Apply keeps the request's own edits of the others). */
  searched: string[]
}

/** Pareto frontier: lower cost and lower peak both better; ties keep the simpler config. */
export function paretoFrontier<
  E extends Pick<TuneEntry, "cost" | "peak" | "edits">,
>(entries: readonly E[]): E[] {
  const sorted = [...entries].sort(
    (a, b) =>
      a.cost - b.cost || a.peak - b.peak || a.edits.length - b.edits.length
  )
  const out: E[] = []
  for (const e of sorted)
    if (out.length === 0 || e.peak < out[out.length - 1]!.peak) out.push(e)
  return out
}

const abortError = () => {
  const e = new Error("The search was cancelled.")
  e.name = "AbortError"
  return e
}

/** Runs candidates, yielding to the event loop now and then (progress, Cancel). */
class Search {
  seen = new Map<string, TuneEntry | null>()
  configs = new Map<TuneEntry, TuneConfig>()
  // 0: the first evaluation reports progress and yields at once, so a
  // Cancel is possible however fast the rest of the search runs.
  private last = 0
  constructor(
    private ev: Evaluator,
    private opts: TuneOptions,
    public budget: number
  ) {}
  async run(c: TuneConfig): Promise<TuneEntry | null> {
    if (this.opts.signal?.aborted) throw abortError()
    const key = JSON.stringify(c)
    if (this.seen.has(key)) return this.seen.get(key)!
    if (this.seen.size >= this.budget || !parses(c)) return null
    const e = this.ev.evaluate(c)
    this.seen.set(key, e)
    if (e) this.configs.set(e, c)
    if (Date.now() - this.last > 30) {
      this.last = Date.now()
      this.opts.onProgress?.(this.seen.size, this.budget)
      await new Promise((r) => setTimeout(r, 0))
    }
    if (this.opts.signal?.aborted) throw abortError()
    return e
  }
  /** Every config evaluated that the API takes. */
  entries(): TuneEntry[] {
    return [...this.seen.values()].filter((e): e is TuneEntry => e !== null)
  }
  /** The frontier of the configs that keep the agent working. */
  frontier(): TuneEntry[] {
    return paretoFrontier(this.entries().filter((e) => e.infeasible === null))
  }
}

/** Steps around one frontier config: neighbouring triggers, keeps and options. */
function neighbours(c: TuneConfig, sp: Space): TuneConfig[] {
  const out: TuneConfig[] = []
  const t = c.tool
  if (t) {
    const trig =
      t.trigger.type === "input_tokens" ? sp.triggers : sp.useTriggers
    for (const v of sp.between(trig, t.trigger.value))
      out.push({ ...c, tool: { ...t, trigger: { ...t.trigger, value: v } } })
    for (const k of [t.keep - 1, t.keep + 1, t.keep + 2])
      if (k >= 0 && k <= sp.maxKeep) out.push({ ...c, tool: { ...t, keep: k } })
    for (const cal of sp.clearAtLeast)
      out.push({ ...c, tool: { ...t, clearAtLeast: cal } })
    out.push({ ...c, tool: { ...t, inputs: !t.inputs } })
    for (const ex of sp.excludes)
      out.push({ ...c, tool: { ...t, exclude: ex } })
  }
  if (c.compact !== undefined)
    for (const v of sp.between(sp.compactTriggers, c.compact))
      out.push({ ...c, compact: v })
  for (const th of sp.thinking) out.push({ ...c, thinking: th })
  return out
}

/** The clear_tool_uses parts of the cheapest configs found so far (for combinations). */
function bestTools(search: Search): NonNullable<TuneConfig["tool"]>[] {
  const out: NonNullable<TuneConfig["tool"]>[] = []
  const byCost = [...search.configs.entries()].sort(
    (x, y) => x[0].cost - y[0].cost
  )
  for (const [, c] of byCost) {
    if (
      c.tool &&
      !out.some((t) => JSON.stringify(t) === JSON.stringify(c.tool))
    )
      out.push(c.tool)
    if (out.length === 6) break
  }
  return out
}

/** The cheapest evaluated config per keep value (-1: no clear_tool_uses), by keep. */
function cheapestPerKeep(search: Search): TuneEntry[] {
  const best = new Map<number, TuneEntry>()
  for (const [e, c] of search.configs) {
    if (e.infeasible !== null) continue
    const k = c.tool ? c.tool.keep : -1
    const b = best.get(k)
    if (!b || e.cost < b.cost || (e.cost === b.cost && e.peak < b.peak))
      best.set(k, e)
  }
  return [...best.entries()].sort((x, y) => x[0] - y[0]).map(([, e]) => e)
}

/** Searches edit configurations for the session's cost/peak frontier (see the file comment). */
export async function tuneSession(
  request: Record<string, unknown>,
  options: TuneOptions = {}
): Promise<TuneResult> {
  const { timeline: tl = {}, signal } = options
  if (signal?.aborted) throw abortError()
  const base = sessionBase(request, options)
  const b = base.ok ? base.base : null
  const agent = agentSwitches(options.agent)
  // A conversation its client started again from a summary is priced by
  // timeline(), part by part (session/restarts.ts); its whole history still
  // shapes the search and the advice.
  const restarted = restartSegments(request.messages as unknown[]) !== null
  const ev = evaluator(request, options, {
    tl,
    b: restarted ? null : b,
    bill: options.bill,
    agent,
  })
  const budget = options.maxEvaluations ?? (b ? 1500 : 60)
  const search = new Search(ev, options, budget)
  const none = await search.run({})
  const sp = candidateSpace(request, options, tl, b)
  // 1. The coarse grid over the dimensions that matter most.
  for (const c of sp.grid()) await search.run(c)
  // 2. Coordinate steps around the frontier until it stops moving.
  for (let round = 0; round < 8; round++) {
    const before = search.seen.size
    const tools = bestTools(search)
    for (const e of search.frontier()) {
      const c = search.configs.get(e)
      if (!c) continue
      for (const n of neighbours(c, sp)) await search.run(n)
      // Combinations: compaction with the best clearing configs, and back.
      if (c.compact === undefined)
        for (const v of sp.quantiles(sp.compactTriggers, 6))
          await search.run({ ...c, compact: v })
      if (!c.tool) for (const tool of tools) await search.run({ ...c, tool })
    }
    if (search.seen.size === before) break
  }
  const defaults: TuneEntry[] = []
  for (const d of documentedDefaults(request)) {
    const e = await search.run(d.config)
    if (e) defaults.push({ ...e, label: `${d.name}: ${e.label}` })
  }
  if (signal?.aborted) throw abortError()
  options.onProgress?.(search.seen.size, search.seen.size)
  return {
    ...answer(search, none, defaults, sp.contextWindow, options.bill),
    advice: b
      ? toolAdvice(presenceOf(b, runSession(b, null, 0)), sessionNeeds(b))
      : [],
    searched: searchedKinds(sp),
  }
}

/** The edit kinds a space tries. */
function searchedKinds(sp: Space): string[] {
  const out: string[] = []
  if (sp.maxKeep > 0) out.push("clear_tool_uses_20250919")
  if (sp.thinking.some((t) => t !== undefined))
    out.push("clear_thinking_20251015")
  if (sp.compactTriggers.length > 0) out.push("compact_20260112")
  return out
}

/** The search's answer: frontier, alternatives, the config put forward and why. */
function answer(
  search: Search,
  none: TuneEntry | null,
  defaults: TuneEntry[],
  contextWindow: number | null,
  bill: TuneBill | undefined
): Omit<TuneResult, "advice" | "searched"> {
  const all = search.entries()
  const recommended = recommendedOf(all)
  const left = recommended
    ? all.filter((e) => e.infeasible !== null && e.cost < recommended.cost)
        .length
    : all.length
  return {
    frontier: search.frontier(),
    alternatives: cheapestPerKeep(search),
    none,
    evaluated: search.seen.size,
    contextWindow,
    recommended,
    why: recommended
      ? whyOf(recommended, none, defaults, left)
      : "Every config tried clears tool results before the model reads them.",
    defaults,
    infeasible: all.filter((e) => e.infeasible !== null).length,
    covers: bill?.covers ?? "the requests of this conversation, at its model",
  }
}
