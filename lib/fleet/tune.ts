/**
 * Tune across sessions: which one config, applied to every session of the
 * folder, costs least in total, against the largest request of the worst
 * session. The frontier of total what-if dollars against that peak, the
 * same numbers the analysis gives once the config is applied (each
 * session's score comes from tune-eval.ts).
 *
 * The search runs in rounds, each one pass over the files in workers (the
 * caller's `run`): first a grid over the dimensions that matter — no edits,
 * clear_tool_uses at triggers where the folder's request sizes lie and at
 * round values × keeps, tool-use triggers, clear_thinking keeps, compaction
 * triggers — then steps around the frontier (neighbouring triggers, keeps,
 * clear_at_least, clearing inputs, combinations with compaction and
 * clear_thinking, from the frontier and from the cheapest config of each
 * keep) — two passes over the files by default.
 */
import { EDIT_LIMITS, paretoFrontier } from "@/lib/context-editing"
import {
  editsOf,
  labelOf,
  parses,
  toolConfig,
  type TuneConfig,
} from "@/lib/context-editing/tuner/eval"

import type { FileAnalysis } from "./analyse"
import type { FileScores } from "./tune-eval"

/** What the folder's analysis says the search space is. */
export interface FleetSpace {
  /** Request sizes without edits, pooled over the sessions (any order). */
  sizes: number[]
  thinking: boolean
  compaction: boolean
}

export interface FleetTuneEntry {
  config: TuneConfig
  edits: Record<string, unknown>[]
  label: string
  /** Total what-if dollars (input side) over every session. */
  cost: number
  /** The largest request of any session. */
  peak: number
  /** Sessions whose largest request is over their model's context window. */
  over: number
  /** Sessions the config would break (it clears results before the model reads them): never put forward. */
  infeasible: number
}

export interface FleetTuneResult {
  /** Cheapest first, each with a lower peak than the one before. */
  frontier: FleetTuneEntry[]
  /** Index in `frontier` of the config to apply: the cheapest with the fewest sessions over their window. */
  best: number
  /**
   * The cheapest config for each clear_tool_uses keep (and without
   * clearing), beside the frontier: for a user who wants the newest results
   * kept, as the single-session tuner offers.
   */
  alternatives: FleetTuneEntry[]
  /** No edits (each log's compaction kept where it needs one), for reference. */
  none: FleetTuneEntry | null
  evaluated: number
  rounds: number
}

/** The search space of a folder's analysed files. */
export function fleetSpace(files: readonly FileAnalysis[]): FleetSpace {
  return {
    sizes: files.flatMap((f) => f.sizes),
    thinking: files.some((f) => f.thinking),
    compaction: files.some((f) => f.compaction),
  }
}

const ROUND = [
  25_000, 50_000, 75_000, 100_000, 150_000, 200_000, 300_000, 500_000,
]
const KEEPS = [0, 1, 2, 3, 5, 8, 12]

const uniq = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b)

function quantiles(list: readonly number[], n: number): number[] {
  if (list.length <= n) return [...list]
  return uniq(
    Array.from(
      { length: n },
      (_, q) => list[Math.round((q * (list.length - 1)) / (n - 1))]!
    )
  )
}

/** The trigger candidates: quantiles of the sizes and round values below the largest. */
function triggers(space: FleetSpace): number[] {
  const s = uniq(space.sizes.map(Math.round))
  const max = s.at(-1) ?? 0
  return uniq([...quantiles(s, 10), ...ROUND.filter((r) => r < max)]).filter(
    (v) => v >= EDIT_LIMITS.clearTriggerMin && v < max
  )
}

/** The first round's grid. */
export function firstCandidates(space: FleetSpace): TuneConfig[] {
  const out: TuneConfig[] = [{}]
  const trig = triggers(space)
  for (const v of trig)
    for (const keep of KEEPS) out.push({ tool: toolConfig(v, keep) })
  for (const v of [10, 25, 50, 100])
    out.push({ tool: toolConfig(v, 3, "tool_uses") })
  if (space.thinking)
    for (const th of ["all", 1, 2, 5] as const) out.push({ thinking: th })
  if (space.compaction)
    for (const v of uniq([...trig, ...ROUND]).filter(
      (x) => x >= EDIT_LIMITS.compactionTriggerMin
    ))
      out.push({ compact: v })
  return out.filter(parses)
}

/** Neighbours of a frontier config in the trigger list, keeps and options. */
function around(
  c: TuneConfig,
  trig: number[],
  space: FleetSpace,
  best: TuneConfig[]
): TuneConfig[] {
  const out: TuneConfig[] = []
  const t = c.tool
  if (t && t.trigger.type === "input_tokens") {
    const i = trig.findIndex((x) => x >= t.trigger.value)
    for (const j of [i - 2, i - 1, i + 1, i + 2])
      if (j >= 0 && j < trig.length)
        out.push({
          ...c,
          tool: { ...t, trigger: { ...t.trigger, value: trig[j]! } },
        })
    const mid = (a: number, b: number) => Math.round((a + b) / 2)
    if (i > 0)
      out.push({
        ...c,
        tool: {
          ...t,
          trigger: { ...t.trigger, value: mid(trig[i - 1]!, t.trigger.value) },
        },
      })
    if (i >= 0 && i + 1 < trig.length)
      out.push({
        ...c,
        tool: {
          ...t,
          trigger: { ...t.trigger, value: mid(trig[i + 1]!, t.trigger.value) },
        },
      })
  }
  if (t) {
    for (const k of [t.keep - 1, t.keep + 1, t.keep + 2])
      if (k >= 0) out.push({ ...c, tool: { ...t, keep: k } })
    for (const cal of [5_000, 20_000, 50_000])
      out.push({ ...c, tool: { ...t, clearAtLeast: cal } })
    out.push({ ...c, tool: { ...t, inputs: !t.inputs } })
  }
  if (space.compaction && c.compact === undefined)
    for (const v of [100_000, 150_000, 200_000]) out.push({ ...c, compact: v })
  if (c.compact !== undefined)
    for (const f of [0.8, 0.9, 1.1, 1.25])
      out.push({
        ...c,
        compact: Math.max(
          EDIT_LIMITS.compactionTriggerMin,
          Math.round(c.compact * f)
        ),
      })
  if (space.thinking)
    for (const th of ["all", 1, 2] as const) out.push({ ...c, thinking: th })
  if (!c.tool)
    for (const b of best) if (b.tool) out.push({ ...c, tool: b.tool })
  return out
}

/** The next round's candidates, not yet evaluated. */
export function nextCandidates(
  frontier: FleetTuneEntry[],
  all: FleetTuneEntry[],
  space: FleetSpace,
  seen: Set<string>
): TuneConfig[] {
  const trig = triggers(space)
  const best = [...all]
    .sort((a, b) => a.cost - b.cost)
    .slice(0, 4)
    .map((e) => e.config)
  // Around the frontier, and around the cheapest configs per keep (a step
  // from one of those is where the next frontier point usually is): one
  // pass finds what two rounds of frontier-only steps would.
  const seeds = new Set([...frontier, ...cheapestPerKeep(all)])
  const out = new Map<string, TuneConfig>()
  for (const e of seeds)
    for (const c of around(e.config, trig, space, best)) {
      const key = JSON.stringify(c)
      if (!seen.has(key) && !out.has(key) && parses(c)) out.set(key, c)
    }
  return [...out.values()]
}

/** Sums the files' scores per config; a config rejected in any session is left out. */
export function totalsOf(
  configs: readonly TuneConfig[],
  files: readonly FileScores[]
): FleetTuneEntry[] {
  const out: FleetTuneEntry[] = []
  configs.forEach((config, k) => {
    let cost = 0
    let peak = 0
    let over = 0
    let infeasible = 0
    for (const f of files) {
      cost += f.cost[k]!
      peak = Math.max(peak, f.peak[k]!)
      over += f.over[k]!
      infeasible += f.infeasible?.[k] ?? 0
    }
    if (Number.isNaN(cost) || Number.isNaN(peak)) return
    out.push({
      config,
      edits: editsOf(config),
      label: labelOf(config),
      cost,
      peak,
      over,
      infeasible,
    })
  })
  return out
}

/** The Pareto frontier (the engine's rule: lower cost and lower peak better, simpler on ties). */
export function fleetFrontier(
  entries: readonly FleetTuneEntry[]
): FleetTuneEntry[] {
  return paretoFrontier(entries.filter((e) => e.infeasible === 0))
}

/** The cheapest frontier config among those with the fewest sessions over their window. */
export function bestOf(frontier: readonly FleetTuneEntry[]): number {
  if (frontier.length === 0) return -1
  const fewest = Math.min(...frontier.map((e) => e.over))
  return frontier.findIndex((e) => e.over === fewest)
}

/** The cheapest entry per keep value (no clearing first), by keep. */
export function cheapestPerKeep(
  all: readonly FleetTuneEntry[]
): FleetTuneEntry[] {
  const best = new Map<number, FleetTuneEntry>()
  for (const e of all) {
    if (e.infeasible > 0) continue
    const k = e.config.tool ? e.config.tool.keep : -1
    const b = best.get(k)
    if (!b || e.cost < b.cost || (e.cost === b.cost && e.peak < b.peak))
      best.set(k, e)
  }
  return [...best.entries()].sort((x, y) => x[0] - y[0]).map(([, e]) => e)
}

/** Runs the search (see the file comment); `run` scores configs on every file. */
export async function tuneFleet(
  space: FleetSpace,
  run: (configs: TuneConfig[], round: number) => Promise<FileScores[]>,
  maxRounds = 2
): Promise<FleetTuneResult> {
  const seen = new Set<string>()
  const all: FleetTuneEntry[] = []
  let configs = firstCandidates(space)
  let rounds = 0
  let before = ""
  while (configs.length > 0 && rounds < maxRounds) {
    for (const c of configs) seen.add(JSON.stringify(c))
    all.push(...totalsOf(configs, await run(configs, rounds)))
    rounds++
    // Converged: the round's configs put nothing new on the frontier.
    const frontier = fleetFrontier(all)
    const now = frontier.map((e) => e.label).join("\n")
    if (rounds > 1 && now === before) break
    before = now
    configs = nextCandidates(frontier, all, space, seen)
  }
  const frontier = fleetFrontier(all)
  return {
    frontier,
    best: bestOf(frontier),
    alternatives: cheapestPerKeep(all),
    none: all.find((e) => e.label === "no edits") ?? null,
    evaluated: seen.size,
    rounds,
  }
}
