/**
 * Request defaults and one-click fixes that never produce a request the API
 * rejects (the fix that checks itself by simulating is in
 * result/thinking-fix.ts): thinking the model takes, `budget_tokens` below `max_tokens`
 * (SDK: "Must be ≥1024 and less than `max_tokens`"), and no thinking with a
 * forced tool (the API's 400 "Thinking may not be enabled when tool_choice
 * forces tool use.").
 */
import { isObj } from "./issues"
import { DEFAULT_MODEL_ID, getModelInfo } from "./models"

type Obj = Record<string, unknown>

/** The budget a one-click "turn thinking on" sends (DOC minimum 1,024). */
export const THINKING_BUDGET = 4096
/** Room for the answer when max_tokens has to grow past the budget. */
export const ANSWER_ROOM = 4096

/** A change to the request, with the label its button shows. */
export interface RequestFix {
  label: string
  apply: (request: Obj) => Obj
}

/**
 * `max_tokens` for a request that has none: `base`, or the thinking budget
 * plus `base` when the budget would not fit below it (a docs example with
 * `budget_tokens` 16000 and no `max_tokens` gets 20,096, not a 400).
 */
export function defaultMaxTokens(thinking: unknown, base: number): number {
  const budget =
    isObj(thinking) &&
    thinking.type === "enabled" &&
    typeof thinking.budget_tokens === "number" &&
    Number.isFinite(thinking.budget_tokens)
      ? thinking.budget_tokens
      : 0
  return budget >= base ? Math.ceil(budget) + base : base
}

/** Whether the request's model takes `thinking.type` (by the model table). */
export function modelTakesThinking(request: Obj, type: string): boolean {
  const id = typeof request.model === "string" ? request.model : ""
  const accepted = getModelInfo(id.trim() || DEFAULT_MODEL_ID).thinkingTypes
  return !accepted || accepted.includes(type)
}

/** Whether the request forces a tool (`tool_choice` any or tool). */
export const forcesTool = (r: Obj): boolean =>
  isObj(r.tool_choice) &&
  (r.tool_choice.type === "any" || r.tool_choice.type === "tool")

/**
 * Manual thinking with a budget that fits: max_tokens grows to the budget
 * plus the room it had (at least ANSWER_ROOM when it had none), a forced
 * tool_choice becomes auto.
 */
export function enableThinking(request: Obj, budget = THINKING_BUDGET): Obj {
  const out: Obj = {
    ...request,
    thinking: { type: "enabled", budget_tokens: budget },
  }
  const max = request.max_tokens
  if (typeof max === "number" && max <= budget) out.max_tokens = budget + max
  if (forcesTool(request)) out.tool_choice = { type: "auto" }
  return out
}

/** The request with a thinking mode picked from a menu ("off" drops the field). */
export function withThinkingMode(request: Obj, mode: string): Obj {
  if (mode === "enabled") return enableThinking(request)
  if (mode === "off") {
    const { thinking: _drop, ...rest } = request
    return rest
  }
  return { ...request, thinking: { type: mode } }
}
