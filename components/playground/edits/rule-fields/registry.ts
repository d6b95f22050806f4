import type { ReactNode } from "react"

import type { EditType } from "@/lib/context-editing"

import { ClearThinkingFields } from "./clear-thinking-fields"
import { ClearToolUsesFields } from "./clear-tool-uses-fields"
import { CompactFields } from "./compact-fields"
import type { RuleFieldsProps } from "./types"

type RuleForm = (p: RuleFieldsProps) => ReactNode

/**
 * The form of each edit kind (the UI half of lib/context-editing/rules/kinds.ts),
 * keyed by type; a type without an entry is edited in the JSON only.
 */
export const RULE_FIELDS: Readonly<Record<string, RuleForm | undefined>> = {
  clear_tool_uses_20250919: ClearToolUsesFields,
  clear_thinking_20251015: ClearThinkingFields,
  compact_20260112: CompactFields,
} satisfies Record<EditType, RuleForm>
