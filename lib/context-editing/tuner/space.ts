/**
 * The candidate values the tuner searches (tune.ts): triggers at the request
 * sizes where an outcome can change (the breakpoints), keeps, clear_at_least
 * gates, exclusions, thinking keeps and compaction triggers that make sense
 * for this session, and the coarse grid the search starts from.
 */
import { resolveAssumptions } from "../request/assumptions"
import { EDIT_LIMITS } from "../rules/catalogue"
import { DEFAULT_MODEL_ID, getModelInfo } from "../request/models"
import type { SessionBase } from "../session/base"
import { timeline } from "../session/timeline"
import type { TimelineOptions } from "../session/timeline-types"
import { editsOf, toolConfig, type TuneConfig } from "./kinds"
import type { SimulateOptions } from "../types"

/** The search space of one session. */
export interface Space {
  /** Sorted input_tokens trigger candidates (one per breakpoint). */
  triggers: number[]
  /** Sorted tool_uses trigger candidates. */
  useTriggers: number[]
  /** Sorted compaction trigger candidates (≥ 50,000). */
  compactTriggers: number[]
  maxKeep: number
  clearAtLeast: Array<number | null>
  excludes: string[][]
  thinking: Array<"all" | number | undefined>
  contextWindow: number | null
  /** `n` values spread evenly over a sorted list. */
  quantiles(list: readonly number[], n: number): number[]
  /** Candidates near `v` in `list` (exponential steps either side). */
  between(list: readonly number[], v: number): number[]
  /** The coarse grid the search starts from. */
  grid(): TuneConfig[]
}

const uniqSorted = (xs: number[]): number[] =>
  [...new Set(xs)].sort((a, b) => a - b)

/** `n` values spread evenly over a sorted list. */
function quantiles(list: readonly number[], n: number): number[] {
  if (list.length <= n) return [...list]
  const out: number[] = []
  for (let q = 0; q < n; q++)
    out.push(list[Math.round((q * (list.length - 1)) / (n - 1))]!)
  return uniqSorted(out)
}

function near(list: readonly number[], v: number): number[] {
  let i = list.findIndex((x) => x >= v)
  if (i < 0) i = list.length - 1
  const out: number[] = []
  for (let step = 1; step < list.length; step *= 2)
    for (const j of [i - step, i + step])
      if (j >= 0 && j < list.length) out.push(list[j]!)
  return out
}

/** Request sizes the edits' triggers are compared with, for each thinking option. */
function sizes(
  request: Record<string, unknown>,
  options: SimulateOptions,
  tl: TimelineOptions,
  thinking: Array<"all" | number | undefined>
): number[] {
  const out: number[] = []
  for (const th of thinking) {
    const edits = editsOf({ thinking: th })
    const t = timeline(
      { ...request, context_management: { edits } },
      options,
      tl
    )
    for (const p of t.points) if (p.ok) out.push(p.inputTokens)
  }
  return uniqSorted(out)
}

const ROUND = [
  10_000, 25_000, 50_000, 75_000, 100_000, 150_000, 200_000, 300_000, 500_000,
  750_000,
]

/** Live tool uses per request (the tool_uses trigger's count), without compaction. */
function toolUseCounts(b: SessionBase | null): number[] {
  if (!b) return [1, 2, 5, 10, 20, 50]
  const out: number[] = []
  let j = 0
  for (const end of b.ends) {
    const Rs = b.msgSlot[end + 1]!
    while (j < b.useSlot.length && b.useSlot[j]! < Rs) j++
    out.push(j)
  }
  return out
}

function toolNames(b: SessionBase | null): string[] {
  if (!b) return []
  const count = new Map<string, number>()
  for (const p of b.a.pairs) count.set(p.name, (count.get(p.name) ?? 0) + 1)
  if (count.size < 2) return []
  return [...count.entries()]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 4)
    .map(([n]) => n)
}

/**
 * The coarse grid over the dimensions that matter most: each thinking keep
 * alone, then with clear_tool_uses at coarse input-token triggers × keeps
 * and at a few tool-use triggers, then compaction alone at its triggers.
 */
function coarseGrid(
  sp: Pick<
    Space,
    "triggers" | "useTriggers" | "compactTriggers" | "maxKeep" | "thinking"
  >,
  max: number,
  keeps: readonly number[]
): TuneConfig[] {
  const { triggers, useTriggers, compactTriggers, maxKeep, thinking } = sp
  const out: TuneConfig[] = []
  const coarse = uniqSorted([
    ...quantiles(triggers, 10),
    ...ROUND.filter((r) => r < max),
  ])
  for (const t of thinking) {
    if (t !== undefined) out.push({ thinking: t })
    if (maxKeep === 0) continue
    for (const value of coarse)
      for (const keep of keeps)
        out.push({ thinking: t, tool: toolConfig(value, keep) })
    for (const value of quantiles(useTriggers, 4))
      out.push({ thinking: t, tool: toolConfig(value, 3, "tool_uses") })
  }
  for (const compact of quantiles(compactTriggers, 8)) out.push({ compact })
  return out
}

/** The candidate space of a session. */
export function candidateSpace(
  request: Record<string, unknown>,
  options: SimulateOptions,
  tl: TimelineOptions,
  b: SessionBase | null
): Space {
  const model = getModelInfo(
    typeof request.model === "string" ? request.model : DEFAULT_MODEL_ID
  )
  const A = resolveAssumptions(options.assumptions)
  const gt = A.triggerComparison === "gt" ? 1 : 0
  const th = request.thinking as { type?: unknown } | undefined
  const thinkingOn = th?.type === "enabled" || th?.type === "adaptive"
  const thinking: Space["thinking"] =
    thinkingOn && b?.a.hasAnyThinking
      ? [undefined, "all", 1, 2, 3, 5]
      : [undefined]
  const sz = sizes(request, options, tl, thinking)
  const max = sz[sz.length - 1] ?? 0
  const triggers = uniqSorted(
    [...sz.map((s) => s - gt), ...ROUND.filter((r) => r < max)].filter(
      (v) => v >= EDIT_LIMITS.clearTriggerMin && v < max
    )
  )
  const useTriggers = uniqSorted(toolUseCounts(b).map((n) => n - gt)).filter(
    (v) => v >= 1
  )
  const cgte = A.compactionTriggerComparison === "gte" ? 0 : 1
  const compactTriggers = model.compaction
    ? triggers
        .map((v) => v + gt - cgte)
        .filter((v) => v >= EDIT_LIMITS.compactionTriggerMin)
    : []
  const maxKeep = b ? b.a.pairs.length : 20
  const keeps = [0, 1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 50].filter(
    (k) => k <= maxKeep
  )
  const names = toolNames(b)
  const sp: Space = {
    triggers,
    useTriggers,
    compactTriggers,
    maxKeep,
    clearAtLeast: [null, 1_000, 5_000, 10_000, 20_000, 50_000],
    excludes: [[], ...names.map((n) => [n])],
    thinking,
    contextWindow: model.contextWindow,
    between: near,
    quantiles,
    grid() {
      return coarseGrid(
        { triggers, useTriggers, compactTriggers, maxKeep, thinking },
        max,
        keeps
      )
    },
  }
  return sp
}
