import type { ImportedRequest } from "@/lib/import/types"

import { generateSession, type GenerateOptions } from "./generate-session"

/** A token estimate of a whole request (e.g. the engine's `original_input_tokens`). */
export type RequestEstimate = (request: ImportedRequest) => number

/**
 * generateSession sized by the caller's own estimate instead of the
 * generator's chars/3.5 rule, so "1,000,000 tokens" reads as about that in
 * the playground: one generation, then (when the estimate is more than 2 %
 * off) a second one with the target scaled by the error. A forced number of
 * tool calls fixes the size instead, so it is generated once.
 * Returns the request and its estimate.
 */
export function generateToEstimate(
  options: GenerateOptions,
  estimate: RequestEstimate
): { request: ImportedRequest; tokens: number } {
  const first = generateSession(options)
  const got = estimate(first)
  const target = options.targetTokens
  if (
    options.toolCalls !== undefined ||
    !(got > 0) ||
    Math.abs(got - target) <= target * 0.02
  )
    return { request: first, tokens: got }
  const request = generateSession({
    ...options,
    targetTokens: Math.round((target * target) / got),
  })
  return { request, tokens: estimate(request) }
}
