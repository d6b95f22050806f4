"use client"

import { useId, type ReactNode } from "react"

import { FieldRow } from "@/components/ui/fields"
import type { RuleFieldsProps } from "./types"

/**
 * A rule form's ids: one `useId` base for its labels and inputs, and the
 * test id of a field of edit `index` (`edits.<index>.<name>`).
 */
export function useRuleIds(index: number) {
  const ids = useId()
  const testId = (name: string) => `edits.${index}.${name}`
  return { ids, testId }
}

/** A rule form: its rows in a fieldset the card disables as one. */
export function RuleFieldset({
  disabled,
  children,
}: {
  disabled: boolean
  children: ReactNode
}) {
  return (
    <fieldset disabled={disabled} className="min-w-0">
      {children}
    </fieldset>
  )
}

/**
 * One field of an edit as a form row: labelled with the field's name
 * (unless `label` says more), its hint, and the engine's message for it.
 */
export function RuleRow({
  field,
  label = field,
  htmlFor,
  hint,
  errorFor,
  children,
}: {
  field: string
  label?: string
  htmlFor?: string
  hint: ReactNode
  errorFor: RuleFieldsProps["errorFor"]
  children: ReactNode
}) {
  return (
    <FieldRow
      label={label}
      htmlFor={htmlFor}
      hint={hint}
      error={errorFor(field)}
    >
      {children}
    </FieldRow>
  )
}
