"use client"

import { type ComponentType, type ReactNode, useId } from "react"

import { FieldRow } from "@/components/ui/fields"
import type { RuleFieldsProps } from "./types"

/** What a row of a rule form gets: the form's props, an id base and the test ids. */
export interface RowProps extends RuleFieldsProps {
  /** One `useId` base for the form's labels and inputs. */
  ids: string
  /** The test id of a field of this edit (`edits.<index>.<name>`). */
  testId: (name: string) => string
}

/** A rule form: these rows, in order, in one fieldset the card disables. */
export function ruleForm(rows: ComponentType<RowProps>[]) {
  return function RuleForm(props: RuleFieldsProps) {
    const ids = useId()
    const testId = (name: string) => `edits.${props.index}.${name}`
    return (
      <fieldset disabled={props.disabled} className="min-w-0">
        {rows.map((Row, i) => (
          <Row key={i} {...props} ids={ids} testId={testId} />
        ))}
      </fieldset>
    )
  }
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
