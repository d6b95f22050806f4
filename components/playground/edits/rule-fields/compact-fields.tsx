"use client"

import { useId } from "react"

import { cn } from "@/components/ui/cn"

import { EDIT_DEFAULTS, EDIT_LIMITS } from "@/lib/context-editing"

import { FieldRow, inputClass, NumberInput } from "../fields"
import { Scrubber, shortTokens, tokenRange } from "../scrubber"
import type { RuleFieldsProps } from "./types"

/** Form for `compact_20260112`: trigger, pause, custom instructions. */
export function CompactFields({
  edit,
  index,
  setField,
  errorFor,
  scale,
  trace,
  disabled,
}: RuleFieldsProps) {
  const ids = useId()
  const trigger = (edit.trigger ?? {}) as { value?: unknown }
  const value =
    typeof trigger.value === "number"
      ? trigger.value
      : EDIT_DEFAULTS.compact_20260112.trigger.value
  // The prompt this edit sees (after the edits before it).
  const prompt = trace?.tokensBefore ?? scale.inputTokens
  const range = tokenRange(Math.max(prompt * 1.2, value, 200_000))
  const tick =
    prompt > 0 ? ` The tick marks this prompt (≈${shortTokens(prompt)}).` : ""
  const t = (name: string) => `edits.${index}.${name}`
  return (
    <fieldset disabled={disabled} className="min-w-0">
      <FieldRow
        label="trigger"
        htmlFor={`${ids}-trigger`}
        hint={
          edit.trigger === undefined
            ? `Default: 150,000 input tokens (minimum 50,000).${tick}`
            : `Compaction runs when the prompt reaches this (minimum 50,000).${tick}`
        }
        error={errorFor("trigger")}
      >
        <NumberInput
          id={`${ids}-trigger`}
          label="Compaction trigger (input tokens)"
          testId={t("trigger.value")}
          value={typeof trigger.value === "number" ? trigger.value : undefined}
          placeholder="150000 (default)"
          step={1000}
          onChange={(v) =>
            setField(
              "trigger",
              v === null ? undefined : { type: "input_tokens", value: v }
            )
          }
        />
        <Scrubber
          label="Compaction trigger (slider)"
          testId={t("trigger.slider")}
          value={value}
          min={EDIT_LIMITS.compactionTriggerMin}
          {...range}
          format={shortTokens}
          marker={prompt > 0 ? prompt : undefined}
          disabled={disabled}
          onChange={(v, options) =>
            setField("trigger", { type: "input_tokens", value: v }, options)
          }
        />
      </FieldRow>
      <FieldRow
        label="pause_after_compaction"
        hint="Return only the compaction block (stop_reason compaction), so you can add messages before continuing."
        error={errorFor("pause_after_compaction")}
      >
        <label className="flex items-center gap-2 text-xs">
          <input
            type="checkbox"
            data-testid={t("pause_after_compaction")}
            checked={edit.pause_after_compaction === true}
            onChange={(e) =>
              setField(
                "pause_after_compaction",
                e.target.checked ? true : undefined
              )
            }
          />
          pause after compaction
        </label>
      </FieldRow>
      <FieldRow
        label="instructions"
        htmlFor={`${ids}-instructions`}
        hint="Replaces the default summary prompt entirely (not appended)."
        error={errorFor("instructions")}
      >
        <textarea
          id={`${ids}-instructions`}
          data-testid={t("instructions")}
          rows={2}
          className={cn(inputClass, "text-xs")}
          placeholder="Default summary prompt"
          value={typeof edit.instructions === "string" ? edit.instructions : ""}
          onChange={(e) =>
            setField("instructions", e.target.value || undefined)
          }
        />
      </FieldRow>
    </fieldset>
  )
}
