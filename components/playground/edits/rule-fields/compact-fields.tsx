"use client"

import { cn } from "@/components/ui/cn"
import { LabelledCheckbox } from "@/components/ui/labelled-checkbox"

import { EDIT_DEFAULTS, EDIT_LIMITS } from "@/lib/context-editing"

import { inputClass } from "@/components/ui/fields"
import { shortTokens, tokenRange } from "../scrubber"
import { type RowProps, RuleRow, ruleForm } from "./rule-row"
import { ThresholdInputs } from "./threshold-inputs"

const DEFAULT_TRIGGER = EDIT_DEFAULTS.compact_20260112.trigger.value

/** Form for `compact_20260112`: trigger, pause, custom instructions. */
export const CompactFields = ruleForm([TriggerRow, PauseRow, InstructionsRow])

function TriggerRow(row: RowProps) {
  const { edit, errorFor, scale, trace, ids, testId: t } = row
  const trigger = (edit.trigger ?? {}) as { value?: unknown }
  const chosen = typeof trigger.value === "number" ? trigger.value : undefined
  const value = chosen ?? DEFAULT_TRIGGER
  // The prompt this edit sees (after the edits before it).
  const prompt = trace?.tokensBefore ?? scale.inputTokens
  const range = tokenRange(Math.max(prompt * 1.2, value, 200_000))
  const tick =
    prompt > 0 ? ` The tick marks this prompt (≈${shortTokens(prompt)}).` : ""
  return (
    <RuleRow
      field="trigger"
      htmlFor={`${ids}-trigger`}
      hint={
        edit.trigger === undefined
          ? `Default: 150,000 input tokens (minimum 50,000).${tick}`
          : `Compaction runs when the prompt reaches this (minimum 50,000).${tick}`
      }
      errorFor={errorFor}
    >
      <ThresholdInputs
        field="trigger"
        type="input_tokens"
        value={chosen}
        fallback={DEFAULT_TRIGGER}
        id={`${ids}-trigger`}
        labels={{
          input: "Compaction trigger (input tokens)",
          slider: "Compaction trigger (slider)",
        }}
        testIds={{ input: t("trigger.value"), slider: t("trigger.slider") }}
        placeholder="150000 (default)"
        step={1000}
        slider={{
          min: EDIT_LIMITS.compactionTriggerMin,
          ...range,
          format: shortTokens,
          marker: prompt > 0 ? prompt : undefined,
        }}
        form={row}
      />
    </RuleRow>
  )
}

function PauseRow({ edit, setField, errorFor, testId: t }: RowProps) {
  return (
    <RuleRow
      field="pause_after_compaction"
      hint="Return only the compaction block (stop_reason compaction), so you can add messages before continuing."
      errorFor={errorFor}
    >
      <LabelledCheckbox
        className="flex items-center gap-2 text-xs"
        testId={t("pause_after_compaction")}
        checked={edit.pause_after_compaction === true}
        onChange={(on) =>
          setField("pause_after_compaction", on ? true : undefined)
        }
      >
        pause after compaction
      </LabelledCheckbox>
    </RuleRow>
  )
}

function InstructionsRow({
  edit,
  setField,
  errorFor,
  ids,
  testId: t,
}: RowProps) {
  return (
    <RuleRow
      field="instructions"
      htmlFor={`${ids}-instructions`}
      hint="Replaces the default summary prompt entirely (not appended)."
      errorFor={errorFor}
    >
      <textarea
        id={`${ids}-instructions`}
        data-testid={t("instructions")}
        rows={2}
        className={cn(inputClass, "text-xs")}
        placeholder="Default summary prompt"
        value={typeof edit.instructions === "string" ? edit.instructions : ""}
        onChange={(e) => setField("instructions", e.target.value || undefined)}
      />
    </RuleRow>
  )
}
