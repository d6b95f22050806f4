/**
 * clear_tool_uses_20250919 (docs/semantics.md#clear-tool-uses): past the
 * trigger, replace the results of the oldest tool uses with a placeholder
 * (optionally also clearing their inputs), never those of the `keep` most
 * recent, and by default only until the prompt no longer exceeds the
 * trigger (#clear-down-to-trigger); results too small to be worth clearing
 * are skipped (#small-results). The whole message list counts, the part
 * before a replayed compaction block too (#clearing-after-compaction).
 * `clear_at_least` is an all-or-nothing gate: if the whole clearing frees
 * fewer tokens, nothing is applied at all.
 *
 * Read top to bottom: applyClearToolUses lists the decisions in order;
 * each one is a function below (victim selection lives in
 * victims.ts). The kind's other parts stand beside it: its words, defaults
 * and limits (kind.ts), shape (validate.ts), warnings (warnings.ts) and the
 * same rule restated on a session's prefix sums (session.ts); the whole is
 * `clearToolUsesRule` at the end, registered in ../registry.ts.
 */
import { approx, code, fmt, intern, plural } from "../../request/format"
import { decide, type SimState } from "../state"
import type { EditTrace, TraceStep } from "../../types"
import type { ApplyContext, EditRule } from "../edit-rule"
import type { NClearToolUses } from "./kind"
import { classifyPairs, type PairClasses } from "./pair-classes"
import {
  keepCoversAll,
  keepSteps,
  passedGateStep,
  smallStep,
  stopStep,
  wholeListStep,
} from "./text"
import {
  clearingPlan,
  type EditRun,
  markPair,
  selectVictims,
  TYPE,
} from "./victims"
import {
  clearVictims,
  keepUnchanged,
  skipBelowClearAtLeast,
  trace,
} from "./outcomes"
import { clearToolUsesSession } from "./session"
import { smallLimit } from "./small-results"
import { validateClearToolUses } from "./validate"
import { clearToolUsesWarnings, memoryMarker } from "./warnings"

/**
 * Runs the edit on the state; returns its trace. `hiddenTokens`: what the
 * blocks before a replayed compaction block count (the server decides
 * clearing over them too).
 */
export function applyClearToolUses(
  s: SimState,
  e: NClearToolUses,
  hiddenTokens = 0
): EditTrace {
  const A = s.ctx.assumptions
  const run: EditRun = {
    s,
    e,
    before: s.total,
    whole: s.total + hiddenTokens,
    steps: [],
    // Cached per analysis, since the classes do not depend on keep.
    classes: classifyPairs(s, e.exclude, {
      clearServer: A.clearServerToolResults,
      clearMcp: A.clearMcpToolResults,
      clearErrors: A.clearErrorResults,
      small: smallLimit(A),
      inputs: e.clearInputs,
      inputsFor: (name) =>
        e.clearInputs === true ||
        (Array.isArray(e.clearInputs) && e.clearInputs.includes(name)),
    }),
  }
  keepUnansweredUses(run)
  const { clearableN } = run.classes
  if (e.keep >= clearableN)
    s.ctx.warnings.push(keepCoversAll(e.keep, clearableN, e.index))
  const belowWhy = checkTrigger(run)
  if (belowWhy !== null) return keepAllBelowTrigger(run, belowWhy)
  pushCandidateSteps(run)
  const plan = clearingPlan(s, e)
  const victims = selectVictims(run, plan, clearingNeed(run))
  const exStep = excludeStep(run.classes, victims.excludedNames)
  run.steps.push(
    ...keepSteps(
      e.keep,
      victims.count + victims.stopped,
      A.excludedCountTowardKeep,
      exStep
    )
  )
  if (victims.stopped > 0)
    run.steps.push(
      stopStep(victims.count, victims.stopped, run.whole - victims.saved, e)
    )
  if (victims.count === 0) return stopAsKeepCoversAll(run)
  if (e.clearAtLeast !== null && victims.saved < e.clearAtLeast)
    return skipBelowClearAtLeast(run, plan, victims, e.clearAtLeast)
  run.steps.push(passedGateStep(e.clearAtLeast, victims.saved))
  // OBS (docs/semantics.md#applied-edits): an edit that changes nothing
  // produces no entry.
  if (victims.changing === 0) return keepUnchanged(run, victims)
  const entry = clearVictims(run, plan, victims)
  return {
    ...trace(run, entry, null),
    frees: victims.saved,
    mostFrees: victims.saved + victims.stoppedSaved,
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
    ? run.whole
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
      text: `${plural(offN, "server/MCP tool use")} not clearable (assumption switch) → ${fmt(answeredN - offN)} left`,
    })
  const { smallN, hiddenN } = run.classes
  if (smallN)
    run.steps.push(smallStep(smallN, smallLimit(run.s.ctx.assumptions), poolN))
  if (hiddenN) run.steps.push(wholeListStep(hiddenN, run.whole - run.before))
}

/**
 * How many tokens the victims must free before clearing stops: down to the
 * trigger (and clear_at_least) with clearDownToTrigger on and an
 * input_tokens trigger, else no stop (Infinity).
 */
function clearingNeed(run: EditRun): number {
  const { e } = run
  const A = run.s.ctx.assumptions
  if (!A.clearDownToTrigger || e.trigger.type !== "input_tokens")
    return Number.POSITIVE_INFINITY
  const toTrigger =
    run.whole - e.trigger.value + (A.triggerComparison === "gte" ? 1 : 0)
  return Math.max(toTrigger, e.clearAtLeast ?? 0)
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

/** clear_tool_uses_20250919's behaviour (registered in ../registry.ts). */
export const clearToolUsesRule: EditRule<NClearToolUses> = {
  validate: validateClearToolUses,
  apply: (s, e, ctx: ApplyContext) => ({
    trace: applyClearToolUses(s, e, ctx.replayed.ignoredTokens),
  }),
  warnings: clearToolUsesWarnings,
  afterRun: memoryMarker,
  session: clearToolUsesSession,
}
