/**
 * The behaviour half of the edit-kind registry: per type, its shape
 * validator and its rule function. parseEdits (validate-edits.ts) and the
 * edit loop of simulate.ts look kinds up here; the data half (labels,
 * defaults, limits, betas) is edit-kinds.ts. See README.md, "Adding an edit kind".
 */
import {
  validateClearThinking,
  validateClearToolUses,
  validateCompact,
  type Validator,
} from "./shapes"
import { applyClearThinking } from "./clear-thinking/rule"
import { applyClearToolUses } from "./clear-tool-uses/rule"
import type { ReplayInfo } from "../request/analysis"
import { applyCompact } from "./compact/rule"
import type { SimState } from "./state"
import type { CompactionInfo, EditType, EditTrace } from "../types"
import type { NEdit } from "./parse-edits"

/** What a rule function may need beyond the state and its own edit. */
export interface RuleContext {
  /** clear_thinking's keep when the edit gives none (model-specific). */
  defaultThinkingKeep: "all" | 1
  /** Compaction blocks replayed from the request. */
  replayed: ReplayInfo
}

/** A rule's effect: its trace, and the compaction it decides, if any. */
export interface RuleOutcome {
  trace: EditTrace
  compaction?: CompactionInfo
}

/** The behaviour of one edit kind. */
export interface EditRule<N extends NEdit> {
  /** Shape check of the raw edit object at `path`, defaults filled in. */
  validate: Validator<N>
  /** Runs the edit on the simulation state. */
  apply: (s: SimState, e: N, ctx: RuleContext) => RuleOutcome
}

const RULES: { [T in EditType]: EditRule<Extract<NEdit, { type: T }>> } = {
  clear_tool_uses_20250919: {
    validate: validateClearToolUses,
    apply: (s, e) => ({ trace: applyClearToolUses(s, e) }),
  },
  clear_thinking_20251015: {
    validate: validateClearThinking,
    apply: (s, e, ctx) => ({
      trace: applyClearThinking(s, e, ctx.defaultThinkingKeep),
    }),
  },
  compact_20260112: {
    validate: validateCompact,
    apply: (s, e, ctx) => {
      const r = applyCompact(s, e, ctx.replayed)
      return { trace: r.trace, compaction: r.info }
    },
  },
}

/** The validator and rule function of `type`. */
export function ruleFor(type: EditType): EditRule<NEdit> {
  // Each entry is typed for its own kind; callers pass an edit of that kind.
  return RULES[type] as unknown as EditRule<NEdit>
}

/** Runs one normalised edit through its kind's rule. */
export function applyEdit(
  s: SimState,
  e: NEdit,
  ctx: RuleContext
): RuleOutcome {
  return ruleFor(e.type).apply(s, e, ctx)
}
