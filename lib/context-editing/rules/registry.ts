/**
 * The behaviour half of the edit-kind registry: per type, its rule
 * (`<kind>/rule.ts`: validator, rule function, warnings, session
 * restatement). TypeScript holds this table to the kinds of kinds.ts, so a
 * kind registered there and not here does not compile. parseEdits, the edit
 * loop of result/simulate.ts, check-edits.ts and the session engine look
 * kinds up here. See README.md, "Adding an edit kind".
 */
import { clearThinkingRule } from "./clear-thinking/rule"
import { clearToolUsesRule } from "./clear-tool-uses/rule"
import { compactRule } from "./compact/rule"
import type { ApplyContext, EditRule, RuleOutcome } from "./edit-rule"
import type { EditType, NEdit, NEditOf } from "./kinds"
import type { SessionRule } from "./session-view"
import type { SimState } from "./state"

const RULES: { readonly [T in EditType]: EditRule<NEditOf<T>> } = {
  clear_tool_uses_20250919: clearToolUsesRule,
  clear_thinking_20251015: clearThinkingRule,
  compact_20260112: compactRule,
}

/** The rule of `type`; a type the registry does not hold is a bug, said aloud. */
export function ruleFor(type: EditType): EditRule<NEdit> {
  const rule = RULES[type] as unknown as EditRule<NEdit> | undefined
  if (!rule) throw new Error(`No rule registered for edit type "${type}"`)
  return rule
}

/** Runs one normalised edit through its kind's rule. */
export function applyEdit(
  s: SimState,
  e: NEdit,
  ctx: ApplyContext
): RuleOutcome {
  return ruleFor(e.type).apply(s, e, ctx)
}

/** The session restatement of an edit's kind (timeline() checks there is one first). */
export function sessionRuleOf(e: NEdit): SessionRule<NEdit> {
  const rule = ruleFor(e.type).session
  if (!rule) throw new Error(`${e.type} has no session rule`)
  return rule
}
