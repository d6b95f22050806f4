import type { EditObject } from "@/lib/state/edits"

/** What every rule form receives from its card. */
export interface RuleFieldsProps {
  edit: EditObject
  index: number
  /** Sets (or with `undefined` removes) a top-level field of this edit. */
  setField: (field: string, value: unknown) => void
  /** The engine's validation message for a field of this edit, if any. */
  errorFor: (field: string) => string | null
  toolNames: string[]
  /** The model's implicit thinking keep ("all" or 1), to show as the default. */
  thinkingDefault: "all" | number | null
  disabled: boolean
}
