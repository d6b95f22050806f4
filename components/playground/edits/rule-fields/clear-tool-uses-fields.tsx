"use client"

import { useRef } from "react"

import { EDIT_DEFAULTS, EDIT_LIMITS } from "@/lib/context-editing"

import { ChipsInput, inputClass } from "@/components/ui/fields"
import { shortTokens as short, tokenRange } from "../scrubber"
import { type RowProps, RuleRow, ruleForm } from "./rule-row"
import { ThresholdInputs } from "./threshold-inputs"
import type { RuleFieldsProps } from "./types"

type Threshold = { type?: unknown; value?: unknown }
type TriggerType = "input_tokens" | "tool_uses"
type InputsMode = "off" | "all" | "list"

const DEFAULTS = EDIT_DEFAULTS.clear_tool_uses_20250919
/** A tool_uses trigger has no documented default: the form starts it at 10. */
const TOOL_USES_TRIGGER_START = 10

function num(v: unknown): number | undefined {
  return typeof v === "number" ? v : undefined
}

function strings(v: unknown): string[] {
  return Array.isArray(v)
    ? v.filter((x): x is string => typeof x === "string")
    : []
}

/** Form for `clear_tool_uses_20250919`: trigger, keep, gate, exclusions, inputs. */
export const ClearToolUsesFields = ruleForm([
  TriggerRow,
  KeepRow,
  GateRow,
  ExcludeRow,
  InputsRow,
])

/** The trigger's hint: its default, and what the slider's tick marks. */
function triggerHint(
  edit: RuleFieldsProps["edit"],
  type: TriggerType,
  prompt: number,
  toolUses: number
): string {
  const tick =
    type === "tool_uses"
      ? ` The tick marks this conversation (${toolUses} tool uses).`
      : prompt > 0
        ? ` The tick marks this prompt (≈${short(prompt)}).`
        : ""
  return edit.trigger === undefined
    ? `Default: 100,000 input tokens. Clearing starts once the prompt exceeds it.${tick}`
    : `Clearing starts once the prompt exceeds this.${tick}`
}

function TriggerRow(row: RowProps) {
  const { edit, setField, errorFor, scale, trace, ids, testId } = row
  const trigger = (edit.trigger ?? {}) as Threshold
  const type: TriggerType =
    trigger.type === "tool_uses" ? "tool_uses" : "input_tokens"
  const fallback =
    type === "tool_uses" ? TOOL_USES_TRIGGER_START : DEFAULTS.trigger.value
  const value = num(trigger.value) ?? fallback
  // The prompt this edit sees (after the edits before it), as the trigger does.
  const prompt = trace?.tokensBefore ?? scale.inputTokens
  const range =
    type === "tool_uses"
      ? { max: Math.max(scale.toolUses, value, 1) }
      : tokenRange(Math.max(prompt * 1.2, value))
  return (
    <RuleRow
      field="trigger"
      htmlFor={`${ids}-trigger`}
      hint={triggerHint(edit, type, prompt, scale.toolUses)}
      errorFor={errorFor}
    >
      <ThresholdInputs
        field="trigger"
        type={type}
        value={num(trigger.value)}
        fallback={fallback}
        id={`${ids}-trigger`}
        labels={{ input: "Trigger value", slider: "Trigger value (slider)" }}
        testIds={{
          input: testId("trigger.value"),
          slider: testId("trigger.slider"),
        }}
        placeholder={type === "tool_uses" ? "e.g. 10" : "100000 (default)"}
        step={type === "tool_uses" ? 1 : 1000}
        slider={{
          min: EDIT_LIMITS.clearTriggerMin,
          ...range,
          format: short,
          marker: type === "tool_uses" ? scale.toolUses : prompt,
        }}
        beside={
          <TriggerTypeSelect
            type={type}
            trigger={trigger}
            setField={setField}
            testId={testId("trigger.type")}
          />
        }
        form={row}
      />
    </RuleRow>
  )
}

/**
 * Switches the trigger's type. A count of tool uses is no token count: each
 * type gets its own last value back (or its default), never the other's.
 */
function TriggerTypeSelect({
  type,
  trigger,
  setField,
  testId,
}: {
  type: TriggerType
  trigger: Threshold
  setField: RuleFieldsProps["setField"]
  testId: string
}) {
  const lastValue = useRef<Partial<Record<TriggerType, number>>>({})
  const switchTo = (next: TriggerType) => {
    lastValue.current[type] = num(trigger.value)
    const value = lastValue.current[next]
    setField(
      "trigger",
      value !== undefined
        ? { type: next, value }
        : next === "tool_uses"
          ? { type: next, value: TOOL_USES_TRIGGER_START }
          : undefined
    )
  }
  return (
    <select
      aria-label="Trigger type"
      data-testid={testId}
      className={inputClass}
      value={type}
      onChange={(e) => switchTo(e.target.value as TriggerType)}
    >
      <option value="input_tokens">input tokens</option>
      <option value="tool_uses">tool uses</option>
    </select>
  )
}

function KeepRow(row: RowProps) {
  const { edit, errorFor, scale, ids, testId } = row
  const keep = num(((edit.keep ?? {}) as Threshold).value)
  return (
    <RuleRow
      field="keep"
      label="keep (tool uses)"
      htmlFor={`${ids}-keep`}
      hint={
        edit.keep === undefined
          ? "Default: 3 most recent tool uses stay intact."
          : "Most recent tool uses left intact."
      }
      errorFor={errorFor}
    >
      <ThresholdInputs
        field="keep"
        type="tool_uses"
        value={keep}
        fallback={DEFAULTS.keep.value}
        id={`${ids}-keep`}
        labels={{ input: "Keep tool uses", slider: "Keep tool uses (slider)" }}
        testIds={{ input: testId("keep"), slider: testId("keep.slider") }}
        placeholder="3 (default)"
        slider={{
          min: EDIT_LIMITS.clearKeepMin,
          max: Math.max(scale.toolUses, keep ?? DEFAULTS.keep.value, 1),
        }}
        form={row}
      />
    </RuleRow>
  )
}

function GateRow(row: RowProps) {
  const { edit, errorFor, scale, trace, ids, testId } = row
  const gate = edit.clear_at_least as Threshold | null | undefined
  const gateValue = num(gate?.value) ?? 0
  // The tick: the most clearing can free here (past it the gate skips the
  // edit), which is more than it frees now when it stopped at the trigger.
  const frees = trace?.mostFrees ?? trace?.frees
  const freesSomething = frees !== undefined && frees > 0
  const range = tokenRange(
    Math.max(scale.inputTokens, frees ?? 0, gateValue, 1000)
  )
  return (
    <RuleRow
      field="clear_at_least"
      htmlFor={`${ids}-gate`}
      hint={`All or nothing: if clearing would free fewer tokens, the edit is skipped (each clear invalidates the prompt cache).${
        freesSomething
          ? ` The tick marks the most clearing can free here (≈${short(Math.round(frees))}): past it the edit is skipped.`
          : ""
      }`}
      errorFor={errorFor}
    >
      <ThresholdInputs
        field="clear_at_least"
        type="input_tokens"
        value={num(gate?.value)}
        fallback={0}
        id={`${ids}-gate`}
        labels={{
          input: "Clear at least (input tokens)",
          slider: "Clear at least (slider)",
        }}
        testIds={{
          input: testId("clear_at_least"),
          slider: testId("clear_at_least.slider"),
        }}
        placeholder="none"
        step={1000}
        slider={{
          min: EDIT_LIMITS.clearAtLeastMin,
          ...range,
          format: short,
          marker: freesSomething ? frees : undefined,
        }}
        form={row}
      />
    </RuleRow>
  )
}

function ExcludeRow({ edit, setField, errorFor, toolNames, testId }: RowProps) {
  return (
    <RuleRow
      field="exclude_tools"
      hint="These tools' uses and results are never cleared (the docs recommend memory)."
      errorFor={errorFor}
    >
      <ChipsInput
        label="Add a tool to exclude"
        testId={testId("exclude_tools")}
        values={strings(edit.exclude_tools)}
        suggestions={toolNames}
        onChange={(v) => setField("exclude_tools", v.length ? v : undefined)}
      />
    </RuleRow>
  )
}

const INPUTS_LABELS: Record<InputsMode, string> = {
  off: "no (default)",
  all: "all tools",
  list: "only…",
}

function InputsRow({
  edit,
  setField,
  errorFor,
  toolNames,
  ids,
  testId,
}: RowProps) {
  const inputs = edit.clear_tool_inputs
  const mode: InputsMode = Array.isArray(inputs)
    ? "list"
    : inputs === true
      ? "all"
      : "off"
  return (
    <RuleRow
      field="clear_tool_inputs"
      hint="Also clear the tool_use inputs of cleared pairs: all, or only some tools."
      errorFor={errorFor}
    >
      <div
        role="radiogroup"
        aria-label="Clear tool inputs"
        className="flex gap-3 text-xs"
      >
        {(["off", "all", "list"] as const).map((m) => (
          <label key={m} className="flex items-center gap-1">
            <input
              type="radio"
              name={`${ids}-inputs`}
              data-testid={testId(`clear_tool_inputs.${m}`)}
              checked={mode === m}
              onChange={() =>
                setField(
                  "clear_tool_inputs",
                  m === "off" ? undefined : m === "all" ? true : []
                )
              }
            />
            {INPUTS_LABELS[m]}
          </label>
        ))}
      </div>
      {Array.isArray(inputs) && (
        <div className="mt-1">
          <ChipsInput
            label="Add a tool whose inputs are cleared"
            testId={testId("clear_tool_inputs.list")}
            values={strings(inputs)}
            suggestions={toolNames}
            onChange={(v) => setField("clear_tool_inputs", v)}
          />
        </div>
      )}
    </RuleRow>
  )
}
