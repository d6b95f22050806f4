/** Warnings about the request's size against the model's context window. */
import { approx, fmt } from "./format"
import type { ModelInfo, SimulateWarning } from "../types"

/** The context-window warnings for a final token count. */
export function windowWarnings(
  inputTokens: number,
  model: ModelInfo,
  maxTokens: number | null
): SimulateWarning[] {
  if (inputTokens > model.contextWindow)
    return [
      {
        code: "context_window_exceeded",
        message: `${approx(inputTokens)} input tokens exceed ${model.displayName}'s ${fmt(model.contextWindow)}-token context window.`,
      },
    ]
  if (maxTokens !== null && inputTokens + maxTokens > model.contextWindow)
    return [
      {
        code: "context_window_exceeded",
        message: `${approx(inputTokens)} input tokens + max_tokens ${fmt(maxTokens)} exceed the ${fmt(model.contextWindow)}-token context window.`,
        path: ["max_tokens"],
      },
    ]
  return []
}
