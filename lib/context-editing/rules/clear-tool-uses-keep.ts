/**
 * Keep-only re-runs of clear_tool_uses. When a simulation differs from the
 * previous one on the same messages only in the `keep` of its last edit
 * (and that edit is the only clear_tool_uses), the previous final state is
 * patched instead of recomputed: only the pairs whose keep rank crosses
 * the boundary change, plus the reasons of the kept pairs (they name keep).
 * Dragging keep on a 2,000-tool-use session then costs O(pairs that
 * change), not O(blocks). Anything else returns null: the caller runs the
 * full rule, which stays the reference (the tests compare the two).
 */
import { pairColumns } from "../analyze"
import {
  contentVariant,
  decide,
  setBlock,
  type SimState,
  variant,
  variants,
} from "../state"
import type {
  AppliedEdit,
  EditTrace,
  SimulateWarning,
  TraceStep,
} from "../types"
import type { NClearToolUses } from "../validate-edits"
import { CLEARABLE, ERROR_KEPT, EXCLUDED } from "./tool-pair-classes"
import {
  CALL_STAYS,
  clearedInput,
  inputReasonFor,
  keepCoversAll,
  keepReasonFor,
  keepSteps,
  passedGateStep,
  resultReasonFor,
  resultStep,
} from "./tool-uses-text"

const TYPE = "clear_tool_uses_20250919" as const

/** What an applied clear_tool_uses run decided, for patching it later. */
export interface ToolUsesRun {
  edit: NClearToolUses
  /** Input tokens before the edit. */
  before: number
  /** Keep rank from which pairs are kept (may be negative). */
  keptFrom: number
  victims: number
  inputs: number
  saved: number
  /** Victims whose clearing changes the prompt (see clear-tool-uses.ts). */
  changing: number
  /** Pair classes of this configuration (see tool-pair-classes.ts). */
  cls: Uint8Array
  clearableN: number
  exStep: TraceStep | null
  /** The trace steps before the keep step (they do not depend on keep). */
  headSteps: TraceStep[]
}

const runs = new WeakMap<SimState, ToolUsesRun>()

/** Called by the full rule when it applied the edit. */
export function rememberToolUses(s: SimState, run: ToolUsesRun): void {
  runs.set(s, run)
}

/** The last applied clear_tool_uses run on this state, if any. */
export const lastToolUses = (s: SimState): ToolUsesRun | undefined =>
  runs.get(s)

const rankCache = new WeakMap<Uint8Array, Array<Int32Array | undefined>>()

/**
 * Pair indices in keep-rank order: every pair that takes a keep slot
 * (clearable ones, plus excluded and error-kept ones per the switch).
 */
function ranked(cls: Uint8Array, towardKeep: boolean): Int32Array {
  let byMode = rankCache.get(cls)
  if (!byMode) rankCache.set(cls, (byMode = []))
  const hit = byMode[+towardKeep]
  if (hit) return hit
  let n = 0
  const out = new Int32Array(cls.length)
  for (let k = 0; k < cls.length; k++) {
    const c = cls[k]!
    if (c === CLEARABLE || (towardKeep && (c === ERROR_KEPT || c === EXCLUDED)))
      out[n++] = k
  }
  return (byMode[+towardKeep] = out.subarray(0, n))
}

/** The result of patching a state to a new keep. */
export interface KeepPatch {
  trace: EditTrace
  warning: SimulateWarning | null
  /** Records whose outcome changed; the first `blocksChanged` also changed block. */
  changed: Int32Array
  blocksChanged: number
  /** Token change of each of the first `blocksChanged` records. */
  deltas: Float64Array
}

/** Puts record i back to its original block with no verdict. */
function restore(s: SimState, i: number): void {
  setBlock(s, i, s.origBlocks[i]!, s.original[i]!)
  s.status[i] = 0
  s.placeholder[i] = 0
}

/**
 * Re-decides the state's last clear_tool_uses run (see `lastToolUses`)
 * for the edit `e`, which differs from it only in keep. Returns null, with
 * the state untouched, when the patch does not apply: keep 0 on either
 * side, an unchanged keep, a non-clearable pair crossing the boundary, or
 * an edit that would no longer apply (nothing to clear, clear_at_least).
 */
export function patchKeep(
  s: SimState,
  run: ToolUsesRun,
  e: NClearToolUses
): KeepPatch | null {
  const k0 = run.edit.keep
  const k1 = e.keep
  if (k0 <= 0 || k1 <= 0 || k1 === k0) return null
  const A = s.ctx.assumptions
  const towardKeep = A.excludedCountTowardKeep
  const order = ranked(run.cls, towardKeep)
  const n = order.length
  const from0 = run.keptFrom
  const from1 = n - k1
  const lo = Math.max(0, Math.min(from0, from1))
  const hi = Math.min(n, Math.max(from0, from1))
  const { use: pairUse, result: pairResult } = pairColumns(s.a)
  const pairs = s.a.pairs
  const cls = run.cls
  const ph = A.placeholderText
  const emptyInput = A.clearedInputShape === "empty_object"
  const allInputs = e.clearInputs === true
  const someInputs = Array.isArray(e.clearInputs) ? e.clearInputs : null
  const results = variants(s, `result:${ph}`)
  const inputs =
    allInputs || someInputs !== null
      ? variants(s, `input:${A.clearedInputShape}:${ph}`)
      : null
  const clearInput = (b: Record<string, unknown>) =>
    clearedInput(b, emptyInput, ph)
  const withInput = (k: number) =>
    inputs !== null && (allInputs || someInputs!.includes(pairs[k]!.name))

  // 1. Measure, without touching the state. Before this (only) tool edit
  // every live pair still has its original blocks and tokens.
  let saved = run.saved
  let victims = run.victims
  let inputN = run.inputs
  let changing = run.changing
  for (let r = lo; r < hi; r++) {
    const k = order[r]!
    if (cls[k] !== CLEARABLE) return null
    const result = pairResult[k]!
    const use = pairUse[k]!
    let gain = s.original[result]! - contentVariant(s, results, result, ph)
    const both = withInput(k)
    if (both) gain += s.original[use]! - variant(s, inputs!, use, clearInput)
    const sign = r < from1 ? 1 : -1 // 1: kept before, cleared now
    saved += sign * gain
    victims += sign
    if (both) inputN += sign
    if (both || s.origBlocks[result]!.content !== ph) changing += sign
  }
  if (victims <= 0 || changing <= 0) return null
  if (e.clearAtLeast !== null && saved < e.clearAtLeast) return null

  // 2. Patch the crossing pairs, then the reasons of the kept ones.
  const ei = e.index
  const keepReason = keepReasonFor(k1)
  const resultReason = resultReasonFor(k1, ph)
  const keptLo = Math.max(0, from1)
  const changed = new Int32Array(2 * (hi - lo) + 2 * (n - keptLo))
  const deltas = new Float64Array(2 * (hi - lo))
  let nc = 0
  for (let r = lo; r < hi; r++) {
    const k = order[r]!
    const result = pairResult[k]!
    const use = pairUse[k]!
    const t0 = s.tokens[result]!
    const u0 = s.tokens[use]!
    if (r < from1) {
      setBlock(s, result, results.blocks[result]!, results.tokens[result]!)
      decide(s, result, "cleared", ei, TYPE, resultReason, ph)
      if (withInput(k)) {
        setBlock(s, use, inputs!.blocks[use]!, inputs!.tokens[use]!)
        const why = inputReasonFor(pairs[k]!.name, emptyInput, ph)
        decide(s, use, "input_cleared", ei, TYPE, why)
      } else decide(s, use, "kept", ei, TYPE, CALL_STAYS)
    } else {
      restore(s, result)
      if (s.blocks[use] !== s.origBlocks[use]) restore(s, use)
      decide(s, result, "kept_recent", ei, TYPE, keepReason)
      decide(s, use, "kept_recent", ei, TYPE, keepReason)
    }
    deltas[nc] = s.tokens[result]! - t0
    changed[nc++] = result
    deltas[nc] = s.tokens[use]! - u0
    changed[nc++] = use
  }
  const blocksChanged = nc
  for (let r = keptLo; r < n; r++) {
    if (r >= lo && r < hi) continue
    const k = order[r]!
    if (cls[k] === EXCLUDED) continue
    s.reason[pairResult[k]!] = keepReason
    s.reason[pairUse[k]!] = keepReason
    changed[nc++] = pairResult[k]!
    changed[nc++] = pairUse[k]!
  }

  runs.set(s, {
    ...run,
    edit: e,
    keptFrom: from1,
    victims,
    inputs: inputN,
    saved,
    changing,
  })
  const entry: AppliedEdit = {
    type: TYPE,
    cleared_tool_uses: victims,
    cleared_input_tokens: Math.max(0, Math.round(run.before - s.total)),
  }
  return {
    trace: {
      index: ei,
      type: TYPE,
      applied: true,
      entry,
      tokensBefore: run.before,
      tokensAfter: s.total,
      steps: [
        ...run.headSteps,
        ...keepSteps(k1, victims, towardKeep, run.exStep),
        passedGateStep(e.clearAtLeast, saved),
        resultStep(victims, inputN, run.before, s.total),
      ],
      stoppedAt: null,
      frees: saved,
    },
    warning:
      k1 >= run.clearableN ? keepCoversAll(k1, run.clearableN, ei) : null,
    changed: changed.subarray(0, nc),
    blocksChanged,
    deltas,
  }
}
