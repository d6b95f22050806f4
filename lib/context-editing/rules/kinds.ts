/**
 * The edit-kind registry, as data: one entry per `context_management.edits`
 * type with everything the catalogue (edit-defaults.ts), the shape check
 * (validate-edits.ts) and the UI read about it. The behaviour of each kind
 * (its validator and rule function) is looked up in edit-rules.ts; the form
 * in components/playground/edits/rule-fields/registry.ts. See README.md,
 * "Adding an edit kind".
 */
import type {
  ClearThinkingEdit,
  ClearToolUsesEdit,
  CompactEdit,
  ContextManagementEdit,
  EditType,
} from "../types"

/** What the repository knows about one edit kind, apart from its behaviour. */
export interface EditKind<E> {
  /** Human label (card title, menus). */
  label: string
  /** One sentence for the card: what the edit does. */
  blurb: string
  /** Short note for the "+ Add edit" menu. */
  menuNote: string
  /** Beta header that unlocks the kind (docs: context editing / compaction betas). */
  beta: string
  /** The fields the API accepts on this edit (any other is "extra"). */
  keys: readonly string[]
  /** Documented defaults (DOC S-CE / S-CMP). */
  defaults: Readonly<Record<string, unknown>>
  /** Validation minimums the API enforces (or, where marked in the validator, that we infer). */
  limits: Readonly<Record<string, number>>
  /** A fresh edit object with the documented defaults, for "add rule" buttons. */
  fresh: () => E
}

const clearToolUsesDefaults = {
  trigger: { type: "input_tokens", value: 100_000 },
  keep: { type: "tool_uses", value: 3 },
  clear_at_least: null,
  exclude_tools: null,
  clear_tool_inputs: false,
} as const

const compactDefaults = {
  trigger: { type: "input_tokens", value: 150_000 },
  pause_after_compaction: false,
  instructions: null,
} as const

/** The edit object of one kind (`EditOf<EditType>` is any edit). */
export type EditOf<T extends EditType> = Extract<
  ContextManagementEdit,
  { type: T }
>

/** The edit kinds, in the order the docs introduce them. */
export const EDIT_KINDS = {
  clear_tool_uses_20250919: {
    label: "Clear tool uses",
    blurb:
      "Replaces old tool results with a placeholder once the prompt is large.",
    menuNote: "old tool results → placeholder",
    beta: "context-management-2025-06-27",
    keys: [
      "type",
      "trigger",
      "keep",
      "clear_at_least",
      "exclude_tools",
      "clear_tool_inputs",
    ],
    defaults: clearToolUsesDefaults,
    limits: { clearTriggerMin: 1, clearKeepMin: 0, clearAtLeastMin: 0 },
    // Fresh copies of the documented defaults (callers may edit them).
    fresh: (): ClearToolUsesEdit => ({
      type: "clear_tool_uses_20250919",
      trigger: { ...clearToolUsesDefaults.trigger },
      keep: { ...clearToolUsesDefaults.keep },
    }),
  },
  clear_thinking_20251015: {
    label: "Clear thinking",
    blurb: "Removes thinking blocks from older assistant turns.",
    menuNote: "older turns' thinking removed (goes first)",
    beta: "context-management-2025-06-27",
    keys: ["type", "keep"],
    // The keep default is model-specific (`null` here; see ModelInfo.thinkingDefaultKeep).
    defaults: { keep: null },
    limits: { thinkingTurnsMin: 1 },
    // No documented default keep to copy: the form starts at one turn.
    fresh: (): ClearThinkingEdit => ({
      type: "clear_thinking_20251015",
      keep: { type: "thinking_turns", value: 1 },
    }),
  },
  compact_20260112: {
    label: "Compaction",
    blurb: "Summarises the conversation when it reaches the trigger.",
    menuNote: "summarise at a trigger (≥ 50k)",
    beta: "compact-2026-01-12",
    keys: ["type", "trigger", "pause_after_compaction", "instructions"],
    defaults: compactDefaults,
    limits: { compactionTriggerMin: 50_000 },
    fresh: (): CompactEdit => ({
      type: "compact_20260112",
      trigger: { ...compactDefaults.trigger },
    }),
  },
} as const satisfies { [T in EditType]: EditKind<EditOf<T>> }

/** The registry entry of `type`, or undefined for a type it does not know. */
export function editKind(
  type: unknown
): (typeof EDIT_KINDS)[EditType] | undefined {
  return typeof type === "string" && Object.hasOwn(EDIT_KINDS, type)
    ? EDIT_KINDS[type as EditType]
    : undefined
}
