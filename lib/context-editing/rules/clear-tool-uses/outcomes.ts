/**
 * How clear_tool_uses ends once its victims are chosen (rule.ts decides
 * them): skipped by the clear_at_least gate
 * (docs/semantics.md#clear-at-least), applied without changing anything
 * (docs/semantics.md#applied-edits), or applied; and the trace each way.
 */
import { approx, fmt, intern } from "../../request/format"
import { decide, decideAll, setBlock, setBlocksFrom, untouched } from "../state"
import type { AppliedEdit, EditTrace } from "../../types"
import {
  CALL_STAYS,
  inputReasonFor,
  LONGER,
  resultReasonFor,
  resultStep,
  unchangedStep,
} from "./text"
import { type ClearingPlan, type EditRun, TYPE, type Victims } from "./victims"

/** The edit's trace as it stands (entry null: not applied). */
export function trace(
  run: EditRun,
  entry: AppliedEdit | null,
  stoppedAt: string | null
): EditTrace {
  return {
    index: run.e.index,
    type: TYPE,
    applied: entry !== null,
    entry,
    tokensBefore: run.before,
    tokensAfter: run.s.total,
    steps: run.steps,
    stoppedAt,
  }
}

/**
 * The clear_at_least gate said no (all or nothing,
 * docs/semantics.md#clear-at-least): the victims this edit decides are
 * marked not applied; a call whose input would have stayed is kept.
 */
export function skipBelowClearAtLeast(
  run: EditRun,
  plan: ClearingPlan,
  v: Victims,
  clearAtLeast: number
): EditTrace {
  const { s, e } = run
  const saved = v.saved
  const why = intern(
    saved < 0
      ? `Clearing would add tokens instead of freeing them (placeholders longer than the results), so clear_at_least ${fmt(clearAtLeast)} skipped this edit`
      : `Only ${approx(saved)} of clear_at_least ${fmt(clearAtLeast)} tokens could be freed, so this edit was skipped`
  )
  run.steps.push({
    id: "gate",
    outcome: "stop",
    text:
      saved < 0
        ? `Clearing would add ${approx(-saved)} tokens (${LONGER}), less than clear_at_least ${fmt(clearAtLeast)} → edit skipped, nothing cleared`
        : `Clearing would free ${approx(saved)} tokens < clear_at_least ${fmt(clearAtLeast)} → edit skipped, nothing cleared (lower clear_at_least to ${approx(saved)} or lower keep)`,
  })
  for (let i = 0; i < v.count; i++) {
    if (!v.fresh[i]) continue
    const p = s.a.pairs[v.pairs[i]!]!
    const both = plan.inputsFor(p.name)
    decide(s, p.result, "not_applied", e.index, TYPE, why)
    decide(
      s,
      p.use,
      both ? "not_applied" : "kept",
      e.index,
      TYPE,
      both
        ? why
        : "Its result would have been cleared, but the edit was skipped"
    )
  }
  // Nothing stopped early: what it would free is the most it can.
  return { ...trace(run, null, "gate"), frees: saved, mostFrees: saved }
}

const ALREADY_PLACEHOLDER =
  "Already reads the placeholder: clearing it changes nothing (no applied_edits entry)"

/** Every victim already reads the placeholder: nothing changes, no entry. */
export function keepUnchanged(run: EditRun, v: Victims): EditTrace {
  const { s, e } = run
  const pairs = s.a.pairs
  for (let i = 0; i < v.count; i++) {
    if (!v.fresh[i]) continue
    decide(
      s,
      pairs[v.pairs[i]!]!.result,
      "kept",
      e.index,
      TYPE,
      ALREADY_PLACEHOLDER
    )
    decide(s, v.uses[i]!, "kept", e.index, TYPE, ALREADY_PLACEHOLDER)
  }
  run.steps.push(unchangedStep(v.count))
  return {
    ...trace(run, null, "result"),
    frees: v.saved,
    mostFrees: v.saved + v.stoppedSaved,
  }
}

/**
 * Applies the clearing and says why (in bulk: thousands of results in a
 * long session); returns the applied_edits entry.
 */
export function clearVictims(
  run: EditRun,
  plan: ClearingPlan,
  v: Victims
): AppliedEdit {
  const { s, e } = run
  const cleared = v.results.subarray(0, v.resultCount)
  setBlocksFrom(s, cleared, plan.resultTable)
  for (let i = 0; i < v.count; i++)
    if (v.withInput[i]) {
      const use = v.uses[i]!
      setBlock(
        s,
        use,
        plan.inputTable!.blocks[use]!,
        plan.inputTable!.tokens[use]!
      )
    }
  decideAll(
    s,
    cleared,
    "cleared",
    e.index,
    TYPE,
    resultReasonFor(e.keep, plan.ph),
    plan.ph
  )
  decideUses(run, plan, v)
  const freed = run.before - s.total + v.hiddenSaved
  run.steps.push(resultStep(v.count, v.inputs, run.before, s.total))
  return {
    type: TYPE,
    cleared_tool_uses: v.count,
    cleared_input_tokens: Math.max(0, Math.round(freed)),
  }
}

/**
 * After clearing: a cleared input is said so (one reason per tool name);
 * calls whose input stays are listed, then decided together. The call of a
 * result an earlier edit cleared keeps that verdict; a call before a
 * replayed compaction block stays ignored.
 */
function decideUses(run: EditRun, plan: ClearingPlan, v: Victims): void {
  const { s, e } = run
  const inputWhy = new Map<string, string>()
  const keptUses = new Int32Array(v.count)
  let nk = 0
  const recs = s.a.recs
  for (let i = 0; i < v.count; i++) {
    const use = v.uses[i]!
    // Before a replayed compaction block: counted, but stays ignored.
    if (recs[use]!.ignored) continue
    if (untouched(s, use)) {
      if (v.fresh[i]) keptUses[nk++] = use
      continue
    }
    const name = s.a.pairs[v.pairs[i]!]!.name
    let why = inputWhy.get(name)
    if (why === undefined)
      inputWhy.set(name, (why = inputReasonFor(name, plan.emptyInput, plan.ph)))
    decide(s, use, "input_cleared", e.index, TYPE, why)
  }
  decideAll(s, keptUses.subarray(0, nk), "kept", e.index, TYPE, CALL_STAYS)
}
