/**
 * THE registry of edit kinds: each `context_management.edits` type, its wire
 * types and its light half (`<kind>/kind.ts`: words, defaults, limits, beta,
 * placement rules, export and editor-schema pieces). Everything that needs
 * to know the kinds reads this list (catalogue.ts derives the tables), and a
 * kind's behaviour is registered in registry.ts, which TypeScript holds to
 * this list. See README.md, "Adding an edit kind".
 */
import type { EditKind } from "./edit-kind"
import {
  type ClearThinkingApplied,
  type ClearThinkingEdit,
  clearThinkingKind,
  type NClearThinking,
} from "./clear-thinking/kind"
import {
  type ClearToolUsesApplied,
  type ClearToolUsesEdit,
  clearToolUsesKind,
  type NClearToolUses,
} from "./clear-tool-uses/kind"
import { type CompactEdit, compactKind, type NCompact } from "./compact/kind"

export type * from "./clear-thinking/kind"
export type * from "./clear-tool-uses/kind"
export type * from "./compact/kind"
export type { InputTokensValue, ToolUsesValue } from "./edit-kind"

/** Any edit of `context_management.edits`. */
export type ContextManagementEdit =
  ClearToolUsesEdit | ClearThinkingEdit | CompactEdit

/** The `context_management.edits` strategies. */
export type EditType = ContextManagementEdit["type"]

/** A normalised edit (defaults filled in, index in `edits`), as the rules run it. */
export type NEdit = NClearToolUses | NClearThinking | NCompact

/** One `applied_edits` entry, exactly as the API returns it (docs/semantics.md#response-shapes). */
export type AppliedEdit = ClearToolUsesApplied | ClearThinkingApplied

/** The edit object of one kind (`EditOf<EditType>` is any edit). */
export type EditOf<T extends EditType> = Extract<
  ContextManagementEdit,
  { type: T }
>

/** The normalised edit of one kind. */
export type NEditOf<T extends EditType> = Extract<NEdit, { type: T }>

/** The edit kinds, in the order the docs introduce them. */
export const EDIT_KINDS = {
  clear_tool_uses_20250919: clearToolUsesKind,
  clear_thinking_20251015: clearThinkingKind,
  compact_20260112: compactKind,
} as const satisfies { [T in EditType]: EditKind<EditOf<T>> }

/** The registry entry of `type`, or undefined for a type it does not know. */
export function editKind(
  type: unknown
): (typeof EDIT_KINDS)[EditType] | undefined {
  return typeof type === "string" && Object.hasOwn(EDIT_KINDS, type)
    ? EDIT_KINDS[type as EditType]
    : undefined
}
