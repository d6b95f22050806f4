/**
 * The keep-dependent texts and block variants of clear_tool_uses (the
 * reasons, trace steps and warnings the rule in rule.ts writes).
 */
import { approx, code, fmt, intern, plural } from "../../request/format"
import type { SimulateWarning, TraceStep } from "../../types"

/** Warning: keep is at least the number of clearable tool uses. */
export const keepCoversAll = (
  keep: number,
  clearableN: number,
  editIndex: number
): SimulateWarning =>
  clearableN === 0
    ? {
        code: "keep_covers_all",
        message:
          "No tool use here can be cleared (none has a result yet, or each is in exclude_tools or kept by a switch), so clear_tool_uses cannot clear anything.",
        path: ["context_management", "edits", editIndex],
      }
    : {
        code: "keep_covers_all",
        message: `keep is ${fmt(keep)} but only ${plural(clearableN, "clearable tool use")} exist${clearableN === 1 ? "s" : ""}, so clear_tool_uses cannot clear anything here.`,
        path: ["context_management", "edits", editIndex, "keep"],
      }

/** Reason of a pair kept as one of the `keep` most recent (names the value). */
export const keepReasonFor = (keep: number): string =>
  keep === 1
    ? "The most recent tool use (keep: 1) → kept"
    : intern(
        `One of the ${fmt(keep)} most recent tool uses (keep: ${fmt(keep)}) → kept`
      )

/**
 * Reason of a cleared result. Deliberately free of the keep value (except
 * keep 0): when only `keep` changes, every block that stays cleared keeps
 * the very same outcome object; the keep step of the trace names the value.
 */
export const resultReasonFor = (keep: number, ph: string): string =>
  keep === 0
    ? intern(
        `keep: 0 → every tool result is cleared; result replaced by "${ph}"`
      )
    : intern(
        `Older than the most recent tool uses that keep holds → result replaced by "${ph}"`
      )

/** Reason of a pair whose result is too small to clear (docs/semantics.md#small-results). */
export const SMALL_WHY =
  "Result too small to be worth clearing (smallResultChars switch) → never cleared, takes no keep slot"

const STOPPED = "Clearing stopped once the older results brought the prompt"

/** Reason of a would-be victim left alone once the prompt fell below the trigger. */
export const stoppedReasonFor = (trigger: number): string =>
  intern(
    `${STOPPED} to the trigger ${fmt(trigger)} or below (clearDownToTrigger switch) → kept`
  )

/** Whether a block was left alone only because clearing stopped below the trigger (the next to go). */
export const stoppedBelowTrigger = (reason: string): boolean =>
  reason.startsWith(STOPPED)

/** Reason of a call whose result was cleared but whose input stays. */
export const CALL_STAYS =
  "Its result was cleared; the call itself stays (clear_tool_inputs does not cover it)"

/** Reason of a call whose input was cleared with its result. */
export const inputReasonFor = (
  name: string,
  emptyObject: boolean,
  ph: string
): string =>
  intern(
    `Its result was cleared and clear_tool_inputs covers ${code(name)} → input replaced by ${emptyObject ? "{}" : `"${ph}"`}`
  )

/** The keep step (and the exclude step, in the order the switch implies). */
export function keepSteps(
  keep: number,
  victims: number,
  towardKeep: boolean,
  exStep: TraceStep | null
): TraceStep[] {
  const keepText = `keep ${fmt(keep)} → ${plural(victims, "tool use")} to clear, oldest first`
  if (towardKeep && exStep)
    return [
      {
        id: "keep",
        outcome: "info",
        text: `${keepText} (excluded tool uses take keep slots)`,
      },
      exStep,
    ]
  const keepStep: TraceStep = { id: "keep", outcome: "info", text: keepText }
  return exStep ? [exStep, keepStep] : [keepStep]
}

/** The step saying which results are too small to clear (docs/semantics.md#small-results). */
export const smallStep = (
  smallN: number,
  limit: number,
  left: number
): TraceStep => ({
  id: "small",
  outcome: "info",
  text: `${plural(smallN, "result")} of at most ${fmt(limit)} characters ${smallN === 1 ? "is" : "are"} too small to clear and take${smallN === 1 ? "s" : ""} no keep slot (smallResultChars switch) → ${plural(left, "candidate")}`,
})

/** The step saying the blocks before a replayed compaction block count too (docs/semantics.md#clearing-after-compaction). */
export const wholeListStep = (
  hiddenN: number,
  hiddenTokens: number
): TraceStep => ({
  id: "whole-list",
  outcome: "info",
  text: `${plural(hiddenN, "tool use")} before the replayed compaction block count too (the server decides clearing over the whole message list: ${approx(hiddenTokens)} tokens the model no longer reads are in the trigger's count)`,
})

/** The step saying clearing stopped once the prompt fell below the trigger (docs/semantics.md#clear-down-to-trigger). */
export const stopStep = (
  cleared: number,
  stopped: number,
  left: number,
  e: { trigger: { value: number }; clearAtLeast: number | null }
): TraceStep => ({
  id: "stop",
  outcome: "info",
  text: `After the oldest ${plural(cleared, "result")} the prompt is ${approx(left)} tokens, no longer above the trigger ${fmt(e.trigger.value)}${e.clearAtLeast !== null ? ` (and clear_at_least ${fmt(e.clearAtLeast)} is met)` : ""} → clearing stops; the other ${plural(stopped, "result")} outside keep stay${stopped === 1 ? "s" : ""} (clearDownToTrigger switch)`,
})

/** Why clearing can add tokens (cleared_input_tokens then reports 0). */
export const LONGER =
  "the placeholders are longer than the results they replace"

/** The gate step of an edit that is applied. */
export const passedGateStep = (
  clearAtLeast: number | null,
  saved: number
): TraceStep =>
  clearAtLeast === null
    ? {
        id: "gate",
        outcome: "info",
        text:
          saved < 0
            ? `No clear_at_least gate → applied, although clearing adds ${approx(-saved)} tokens: ${LONGER} (a clear_at_least of 1 would skip it)`
            : `No clear_at_least gate → applied (frees ${approx(saved)} tokens)`,
      }
    : {
        id: "gate",
        outcome: "pass",
        text: `Clearing frees ${approx(saved)} tokens ≥ clear_at_least ${fmt(clearAtLeast)} → applied`,
      }

/** The last step of an applied edit. */
export const resultStep = (
  victims: number,
  inputs: number,
  before: number,
  after: number
): TraceStep => ({
  id: "result",
  outcome: "pass",
  text: `Cleared ${plural(victims, "tool result")}${inputs ? ` and ${plural(inputs, "input")}` : ""}: ${approx(before)} → ${approx(after)} input tokens`,
})

/** The result step when every victim already reads the placeholder. */
export const unchangedStep = (victims: number): TraceStep => ({
  id: "result",
  outcome: "stop",
  text: `The ${plural(victims, "tool result")} to clear already read${victims === 1 ? "s" : ""} the placeholder → the prompt does not change, so there is no applied_edits entry (an edit that changes nothing reports nothing)`,
})

/**
 * A tool_use block with its input cleared (per the cleared-input switch).
 * The placeholder shape is an object holding the placeholder text, so the
 * edited request stays a valid request (the API takes only an object as
 * `input`).
 */
export const clearedInput = (
  b: Record<string, unknown>,
  emptyObject: boolean,
  ph: string
): Record<string, unknown> => ({
  ...b,
  input: emptyObject ? {} : { cleared: ph },
})
