/**
 * clear_tool_uses_20250919 (docs/semantics.md#clear-tool-uses): past the
 * trigger, replace
 * the results of all but the `keep` most recent tool uses with a
 * placeholder (optionally also clearing their inputs). `clear_at_least` is
 * an all-or-nothing gate: if the whole clearing frees fewer tokens, nothing
 * is applied at all.
 *
 * Read top to bottom: applyClearToolUses lists the decisions in order;
 * each one is a function below (victim selection lives in
 * victims.ts). The kind's other parts stand beside it: its words, defaults
 * and limits (kind.ts), shape (validate.ts), warnings (warnings.ts) and the
 * same rule restated on a session's prefix sums (session.ts); the whole is
 * `clearToolUsesRule` at the end, registered in ../registry.ts.
 */
import { approx, code, fmt, intern, plural } from "../../request/format"
import {
  decide,
  decideAll,
  setBlock,
  setBlocksFrom,
  type SimState,
  untouched,
} from "../state"
import type { AppliedEdit, EditTrace, TraceStep } from "../../types"
import type { EditRule } from "../edit-rule"
import type { NClearToolUses } from "./kind"
import { classifyPairs, type PairClasses } from "./pair-classes"
import {
  CALL_STAYS,
  inputReasonFor,
  keepCoversAll,
  keepSteps,
  LONGER,
  passedGateStep,
  resultReasonFor,
  resultStep,
  unchangedStep,
} from "./text"
import {
  type ClearingPlan,
  clearingPlan,
  type EditRun,
  markPair,
  selectVictims,
  TYPE,
  type Victims,
} from "./victims"
import { clearToolUsesSession } from "./session"
import { validateClearToolUses } from "./validate"
import { clearToolUsesWarnings, memoryMarker } from "./warnings"

/** Runs the edit on the state; returns its trace. */
export function applyClearToolUses(s: SimState, e: NClearToolUses): EditTrace {
  const A = s.ctx.assumptions
  const run: EditRun = {
    s,
    e,
    before: s.total,
    steps: [],
    // Cached per analysis, since the classes do not depend on keep.
    classes: classifyPairs(
      s,
      e.exclude,
      A.clearServerToolResults,
      A.clearMcpToolResults,
      A.clearErrorResults
    ),
  }
  keepUnansweredUses(run)
  const { clearableN } = run.classes
  if (e.keep >= clearableN)
    s.ctx.warnings.push(keepCoversAll(e.keep, clearableN, e.index))
  const belowWhy = checkTrigger(run)
  if (belowWhy !== null) return keepAllBelowTrigger(run, belowWhy)
  pushCandidateSteps(run)
  const plan = clearingPlan(s, e)
  const victims = selectVictims(run, plan)
  const exStep = excludeStep(run.classes, victims.excludedNames)
  run.steps.push(
    ...keepSteps(e.keep, victims.count, A.excludedCountTowardKeep, exStep)
  )
  if (victims.count === 0) return stopAsKeepCoversAll(run)
  if (e.clearAtLeast !== null && victims.saved < e.clearAtLeast)
    return skipBelowClearAtLeast(run, plan, victims, e.clearAtLeast)
  run.steps.push(passedGateStep(e.clearAtLeast, victims.saved))
  // OBS (docs/semantics.md#applied-edits): an edit that changes nothing
  // produces no entry.
  if (victims.changing === 0) return keepUnchanged(run, victims)
  const entry = clearVictims(run, plan, victims)
  return { ...trace(run, entry, null), frees: victims.saved }
}

/** The edit's trace as it stands (entry null: not applied). */
function trace(
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

/** A live tool use without a result is never cleared. */
function keepUnansweredUses(run: EditRun): void {
  const uses = run.classes.unansweredUses
  for (let u = 0; u < uses.length; u++)
    decide(
      run.s,
      uses[u]!,
      "kept",
      run.e.index,
      TYPE,
      "No tool_result yet → unanswered tool uses are never cleared"
    )
}

/** Compares per the triggerComparison switch. */
const passes = (n: number, v: number, cmp: "gt" | "gte") =>
  cmp === "gt" ? n > v : n >= v

/**
 * The trigger (docs/semantics.md#clear-tool-uses-trigger): input tokens,
 * or tool uses counted per the toolUsesTriggerCountsServerTools switch,
 * compared per the triggerComparison switch. Pushes the trigger step; returns the reason
 * every pair is kept when the trigger is not reached, else null.
 */
function checkTrigger(run: EditRun): string | null {
  const { s, e, steps } = run
  const A = s.ctx.assumptions
  const cmp = A.triggerComparison
  const sign = cmp === "gt" ? ">" : "≥"
  const notSign = cmp === "gt" ? "≤" : "<"
  const v = e.trigger.value
  const byTokens = e.trigger.type === "input_tokens"
  const { liveN, clientLiveN } = run.classes
  const n = byTokens
    ? run.before
    : A.toolUsesTriggerCountsServerTools
      ? liveN
      : clientLiveN
  const measured = byTokens
    ? `${approx(n)} input tokens`
    : plural(n, "tool use")
  if (passes(n, v, cmp)) {
    steps.push({
      id: "trigger",
      outcome: "pass",
      text: `${measured} ${sign} trigger ${fmt(v)} → clearing runs`,
    })
    return null
  }
  steps.push({
    id: "trigger",
    outcome: "stop",
    text: `${measured} ${notSign} trigger ${fmt(v)} → nothing is cleared (lower the trigger below ${byTokens ? approx(n) : fmt(n)} to clear now)`,
  })
  return intern(
    `Below the trigger (${measured} ${notSign} ${fmt(v)}) → not cleared`
  )
}

/** Below the trigger: every live pair is kept, nothing is cleared. */
function keepAllBelowTrigger(run: EditRun, why: string): EditTrace {
  const { cls } = run.classes
  const pairs = run.s.a.pairs
  for (let k = 0; k < pairs.length; k++)
    if (cls[k]! > 0) markPair(run, pairs[k]!, "kept", why)
  return trace(run, null, "trigger")
}

/** The candidates step, and the origin step when a switch rules some out. */
function pushCandidateSteps(run: EditRun): void {
  const { liveN, answeredN, offN, poolN } = run.classes
  const unanswered = liveN - answeredN
  run.steps.push({
    id: "candidates",
    outcome: "info",
    text: `${plural(answeredN, "tool use")} with results${unanswered ? ` (${fmt(unanswered)} unanswered, never cleared)` : ""}`,
  })
  if (offN)
    run.steps.push({
      id: "origin",
      outcome: "info",
      text: `${plural(offN, "server/MCP tool use")} not clearable (assumption switch) → ${fmt(poolN)} left`,
    })
}

function describeNames(names: readonly string[]): string {
  return names.length <= 3
    ? names.map(code).join(", ")
    : `${names.slice(0, 3).map(code).join(", ")}…`
}

/** The exclude_tools step, when any pair is excluded. */
function excludeStep(
  classes: PairClasses,
  excludedNames: readonly string[]
): TraceStep | null {
  const { exN, poolN } = classes
  return exN
    ? {
        id: "exclude",
        outcome: "info",
        text: `${fmt(exN)} ${exN === 1 ? "is" : "are"} ${describeNames(excludedNames)} (exclude_tools) → ${plural(poolN - exN, "candidate")}`,
      }
    : null
}

/** No victim: keep covers every clearable tool use (the keep step says so). */
function stopAsKeepCoversAll(run: EditRun): EditTrace {
  const { e, steps } = run
  const { clearableN } = run.classes
  steps[steps.length - 1] = {
    id: "keep",
    outcome: "stop",
    text: `keep ${fmt(e.keep)} covers all ${plural(clearableN, "clearable tool use")} → nothing to clear${clearableN > 1 ? ` (lower keep to ${fmt(clearableN - 1)} or fewer)` : clearableN === 1 ? " (set keep to 0)" : ""}`,
  }
  return trace(run, null, "keep")
}

/**
 * The clear_at_least gate said no (all or nothing,
 * docs/semantics.md#clear-at-least): the victims this edit decides are
 * marked not applied; a call whose input would have stayed is kept.
 */
function skipBelowClearAtLeast(
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
  return { ...trace(run, null, "gate"), frees: saved }
}

const ALREADY_PLACEHOLDER =
  "Already reads the placeholder: clearing it changes nothing (no applied_edits entry)"

/** Every victim already reads the placeholder: nothing changes, no entry. */
function keepUnchanged(run: EditRun, v: Victims): EditTrace {
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
  return { ...trace(run, null, "result"), frees: v.saved }
}

/**
 * Applies the clearing and says why (in bulk: thousands of results in a
 * long session); returns the applied_edits entry.
 */
function clearVictims(
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
  const freed = run.before - s.total
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
 * result an earlier edit cleared keeps that verdict.
 */
function decideUses(run: EditRun, plan: ClearingPlan, v: Victims): void {
  const { s, e } = run
  const inputWhy = new Map<string, string>()
  const keptUses = new Int32Array(v.count)
  let nk = 0
  for (let i = 0; i < v.count; i++) {
    const use = v.uses[i]!
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

/** clear_tool_uses_20250919's behaviour (registered in ../registry.ts). */
export const clearToolUsesRule: EditRule<NClearToolUses> = {
  validate: validateClearToolUses,
  apply: (s, e) => ({ trace: applyClearToolUses(s, e) }),
  warnings: clearToolUsesWarnings,
  afterRun: memoryMarker,
  session: clearToolUsesSession,
}
