/**
 * clear_tool_uses, past the trigger: which pairs keep their slot, which are
 * never cleared, and which are the victims (docs/semantics.md sections
 * #clear-tool-uses-keep, #exclude-tools, #clear-tool-inputs,
 * #server-and-mcp-tools, #error-results, #small-results,
 * #clear-down-to-trigger, #clearing-after-compaction). Everything is
 * decided and measured before any block changes, so the clear_at_least
 * gate can still say no.
 */
import type { ToolPair } from "../../request/analyze"
import { pairColumns } from "../../request/analyze"
import { code, intern } from "../../request/format"
import {
  contentVariant,
  decide,
  type SimState,
  untouched,
  variant,
  type VariantTable,
  variants,
} from "../state"
import type { BlockStatus, TraceStep } from "../../types"
import type { NClearToolUses } from "./kind"
import {
  CLEARABLE,
  EXCLUDED,
  OFF,
  type PairClasses,
  SMALL,
} from "./pair-classes"
import {
  clearedInput,
  keepReasonFor,
  SMALL_WHY,
  stoppedReasonFor,
} from "./text"

export const TYPE = "clear_tool_uses_20250919" as const

/** One run of the edit: what every step reads, and the trace it builds. */
export interface EditRun {
  s: SimState
  e: NClearToolUses
  /** Input tokens before the edit (what the model would read). */
  before: number
  /**
   * The whole message list's tokens, those before a replayed compaction
   * block included: what the trigger compares (docs/semantics.md#clearing-after-compaction).
   */
  whole: number
  steps: TraceStep[]
  classes: PairClasses
}

/** Decides both blocks of a pair (result first, then its use). */
export function markPair(
  run: EditRun,
  p: ToolPair,
  status: BlockStatus,
  reason: string
): void {
  decide(run.s, p.result, status, run.e.index, TYPE, reason)
  decide(run.s, p.use, status, run.e.index, TYPE, reason)
}

/** How victims are cleared: the placeholder and which inputs go too. */
export interface ClearingPlan {
  ph: string
  emptyInput: boolean
  anyInputs: boolean
  inputsFor: (name: string) => boolean
  resultTable: VariantTable
  /** Only looked up when inputs may be cleared (the table is n entries). */
  inputTable: VariantTable | null
  clearInput: (b: Record<string, unknown>) => Record<string, unknown>
}

/** The plan from clear_tool_inputs and the placeholder switches. */
export function clearingPlan(s: SimState, e: NClearToolUses): ClearingPlan {
  const A = s.ctx.assumptions
  const ph = A.placeholderText
  const allInputs = e.clearInputs === true
  const someInputs = Array.isArray(e.clearInputs) ? e.clearInputs : null
  const anyInputs = allInputs || someInputs !== null
  const emptyInput = A.clearedInputShape === "empty_object"
  return {
    ph,
    emptyInput,
    anyInputs,
    inputsFor: (name: string) =>
      allInputs || (someInputs !== null && someInputs.includes(name)),
    resultTable: variants(s, `result:${ph}`),
    inputTable: anyInputs
      ? variants(s, `input:${A.clearedInputShape}:${ph}`)
      : null,
    clearInput: (b: Record<string, unknown>) => clearedInput(b, emptyInput, ph),
  }
}

/**
 * The victims (clearable, not kept, result untouched), in pair order, with
 * what clearing them would free and change.
 */
export interface Victims {
  count: number
  /** Pair index of each victim. */
  pairs: Int32Array
  /** Records of the victims' results that are still the original. */
  results: Int32Array
  resultCount: number
  /** Record of each victim's use. */
  uses: Int32Array
  /** 1 when the victim's input is cleared too. */
  withInput: Uint8Array
  /** 1 when the victim's result is still the original (this edit decides it). */
  fresh: Uint8Array
  /** Victims whose clearing changes the prompt (a result that does not already read the placeholder, or an input cleared). */
  changing: number
  /** Tokens the clearing frees (negative when placeholders are longer), hidden ones included. */
  saved: number
  /** Of `saved`, what victims before a replayed compaction block free (the model never reads them). */
  hiddenSaved: number
  /** Would-be victims left alone because the prompt already fell below the trigger. */
  stopped: number
  /** What those would have freed: `saved + stoppedSaved` is the most clearing can free. */
  stoppedSaved: number
  inputs: number
  /** Keep rank from which pairs hold a keep slot. */
  keptFrom: number
  /** exclude_tools names met, in order. */
  excludedNames: string[]
}

function emptyVictims(n: number, keptFrom: number): Victims {
  return {
    count: 0,
    pairs: new Int32Array(n),
    results: new Int32Array(n),
    resultCount: 0,
    uses: new Int32Array(n),
    withInput: new Uint8Array(n),
    fresh: new Uint8Array(n),
    changing: 0,
    saved: 0,
    hiddenSaved: 0,
    stopped: 0,
    stoppedSaved: 0,
    inputs: 0,
    keptFrom,
    excludedNames: [],
  }
}

/**
 * Adds pair k as a victim. A result an earlier clear_tool_uses edit already
 * cleared is still a victim (counted, its input cleared if asked), as a
 * result that arrives reading the placeholder is; it keeps that edit's
 * verdict. A pair before a replayed compaction block is a victim the server
 * counts and frees (OBS) though the model never reads it: it stays ignored.
 */
function addVictim(
  s: SimState,
  plan: ClearingPlan,
  v: Victims,
  k: number,
  result: number,
  use: number
): void {
  const nv = v.count
  v.pairs[nv] = k
  v.uses[nv] = use
  v.count = nv + 1
  const recs = s.a.recs
  if (recs[result]!.ignored) {
    const freed = hiddenFrees(s, plan, k, result, use)
    v.saved += freed
    v.hiddenSaved += freed
    v.changing++
    return
  }
  if (untouched(s, result)) {
    v.fresh[nv] = 1
    if (s.origBlocks[result]!.content !== plan.ph) v.changing++
    v.results[v.resultCount++] = result
    v.saved +=
      s.tokens[result]! - contentVariant(s, plan.resultTable, result, plan.ph)
  }
  if (
    plan.anyInputs &&
    plan.inputsFor(s.a.pairs[k]!.name) &&
    untouched(s, use)
  ) {
    v.saved +=
      s.tokens[use]! - variant(s, plan.inputTable!, use, plan.clearInput)
    v.withInput[nv] = 1
    v.inputs++
    v.changing++
  }
}

/** What clearing a pair would free, as `addVictim` counts it (nothing is decided). */
function wouldFree(
  s: SimState,
  plan: ClearingPlan,
  k: number,
  result: number,
  use: number
): number {
  if (s.a.recs[result]!.ignored) return hiddenFrees(s, plan, k, result, use)
  let freed = untouched(s, result)
    ? s.tokens[result]! - contentVariant(s, plan.resultTable, result, plan.ph)
    : 0
  if (plan.anyInputs && plan.inputsFor(s.a.pairs[k]!.name) && untouched(s, use))
    freed += s.tokens[use]! - variant(s, plan.inputTable!, use, plan.clearInput)
  return freed
}

/** What clearing a pair before a replayed compaction block frees, from its original counts. */
function hiddenFrees(
  s: SimState,
  plan: ClearingPlan,
  k: number,
  result: number,
  use: number
): number {
  let freed =
    s.original[result]! - contentVariant(s, plan.resultTable, result, plan.ph)
  if (plan.anyInputs && plan.inputsFor(s.a.pairs[k]!.name))
    freed +=
      s.original[use]! - variant(s, plan.inputTable!, use, plan.clearInput)
  return freed
}

const OFF_SERVER =
  "Server tool results are treated as not clearable (assumption switch) → kept"
const OFF_MCP =
  "MCP tool results are treated as not clearable (assumption switch) → kept"
const ERROR_KEPT_WHY =
  "Error results are treated as not clearable (assumption switch) → kept"

/**
 * A pool pair that is not clearable: an error result that is also excluded
 * is first marked as error-kept, then as excluded (the later verdict wins).
 */
function markUnclearablePoolPair(
  run: EditRun,
  p: ToolPair,
  c: number,
  excludedNames: string[],
  excludedWhy: Map<string, string>
): void {
  if (p.isError && !run.s.ctx.assumptions.clearErrorResults)
    markPair(run, p, "kept", ERROR_KEPT_WHY)
  if (c !== EXCLUDED) return
  if (!excludedNames.includes(p.name)) excludedNames.push(p.name)
  let why = excludedWhy.get(p.name)
  if (why === undefined)
    excludedWhy.set(
      p.name,
      (why = intern(`${code(p.name)} is in exclude_tools → never cleared`))
    )
  markPair(run, p, "excluded", why)
}

/**
 * Walks the pairs oldest first: the `keep` most recent of the keep pool
 * hold their slots (excluded and error-kept pairs count per the
 * excludedCountTowardKeep switch), switch-kept, excluded and too-small
 * pairs are marked, and every other clearable pair becomes a victim until
 * the victims free `need` tokens (Infinity: no stop; the later ones are
 * then left alone, docs/semantics.md#clear-down-to-trigger).
 */
export function selectVictims(
  run: EditRun,
  plan: ClearingPlan,
  need: number
): Victims {
  const { s, e, classes } = run
  const { cls, poolN, clearableN } = classes
  const ei = e.index
  const towardKeep = s.ctx.assumptions.excludedCountTowardKeep
  const keptFrom = (towardKeep ? poolN : clearableN) - Math.max(0, e.keep)
  const keepReason = keepReasonFor(e.keep)
  const excludedWhy = new Map<string, string>()
  const v = emptyVictims(clearableN, keptFrom)
  const { use: pairUse, result: pairResult } = pairColumns(s.a)
  const pairs = s.a.pairs
  let rank = 0
  for (let k = 0; k < pairs.length; k++) {
    const c = cls[k]!
    if (c === 0) continue
    if (c === CLEARABLE) {
      // The common case, on columns only (no pair object is read).
      const result = pairResult[k]!
      if (e.keep > 0 && rank++ >= keptFrom) {
        decide(s, result, "kept_recent", ei, TYPE, keepReason)
        decide(s, pairUse[k]!, "kept_recent", ei, TYPE, keepReason)
      } else if (v.saved >= need) {
        v.stopped++
        v.stoppedSaved += wouldFree(s, plan, k, result, pairUse[k]!)
        const why = stoppedReasonFor(run.e.trigger.value)
        decide(s, result, "kept", ei, TYPE, why)
        decide(s, pairUse[k]!, "kept", ei, TYPE, why)
      } else addVictim(s, plan, v, k, result, pairUse[k]!)
      continue
    }
    const p = pairs[k]!
    if (c === OFF) {
      markPair(run, p, "kept", p.origin === "server" ? OFF_SERVER : OFF_MCP)
      continue
    }
    if (c === SMALL) {
      markPair(run, p, "kept", SMALL_WHY)
      continue
    }
    markUnclearablePoolPair(run, p, c, v.excludedNames, excludedWhy)
    // Excluded and error-kept pairs hold keep slots only per the switch.
    const kept = towardKeep && e.keep > 0 && rank++ >= keptFrom
    if (kept && c !== EXCLUDED) markPair(run, p, "kept_recent", keepReason)
  }
  return v
}
