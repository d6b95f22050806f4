import type { EditTrace } from "@/lib/context-editing"
import type { EditObject } from "@/lib/state/edits"

/** What every rule form receives from its card. */
export interface RuleFieldsProps {
  edit: EditObject
  index: number
  /** This edit's trace in the current prediction (undefined while it is invalid). */
  trace?: EditTrace
  /**
   * Sets (or with `undefined` removes) a top-level field of this edit;
   * `continueGesture` folds the change into the previous one's undo step.
   */
  setField: (
    field: string,
    value: unknown,
    options?: { continueGesture?: boolean }
  ) => void
  /** The engine's validation message for a field of this edit, if any. */
  errorFor: (field: string) => string | null
  toolNames: string[]
  /** Ranges for the sliders: tool uses in the conversation, and its input tokens (estimate). */
  scale: { toolUses: number; inputTokens: number }
  /** The model's implicit thinking keep ("all" or 1), to show as the default. */
  thinkingDefault: "all" | number | null
  disabled: boolean
}
