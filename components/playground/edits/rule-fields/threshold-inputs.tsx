"use client"

import type { ReactNode } from "react"

import { NumberInput } from "@/components/ui/fields"
import { Scrubber } from "../scrubber"
import type { RuleFieldsProps } from "./types"

/**
 * A `{ type, value }` field of an edit (trigger, keep, clear_at_least) as a
 * number input with a slider below it. Both set the field; emptying the
 * input removes it (the API default applies).
 */
export function ThresholdInputs({
  field,
  type,
  value,
  fallback,
  id,
  labels,
  testIds,
  placeholder,
  step,
  slider,
  beside,
  form: { setField, disabled },
}: {
  /** The edit's field, and the threshold's type in it. */
  field: string
  type: string
  /** The field's value if set, and what the slider shows when it is not. */
  value: number | undefined
  fallback: number
  id: string
  labels: { input: string; slider: string }
  testIds: { input: string; slider: string }
  placeholder: string
  /** The number input's step. */
  step?: number
  /** The slider's scale, and where its tick goes (if anywhere). */
  slider: {
    min: number
    max: number
    step?: number
    format?: (n: number) => string
    marker?: number
  }
  /** Shown in a grid before the number input (the trigger's type select). */
  beside?: ReactNode
  /** The rule form's setter and disabled state. */
  form: Pick<RuleFieldsProps, "setField" | "disabled">
}) {
  const set = (v: number | null, options?: { continueGesture?: boolean }) =>
    setField(field, v === null ? undefined : { type, value: v }, options)
  const input = (
    <NumberInput
      id={id}
      label={labels.input}
      testId={testIds.input}
      value={value}
      placeholder={placeholder}
      step={step}
      onChange={(v) => set(v)}
    />
  )
  return (
    <>
      {beside ? (
        <div className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-1">
          {beside}
          {input}
        </div>
      ) : (
        input
      )}
      <Scrubber
        label={labels.slider}
        testId={testIds.slider}
        value={value ?? fallback}
        {...slider}
        disabled={disabled}
        onChange={(v, options) => set(v, options)}
      />
    </>
  )
}
