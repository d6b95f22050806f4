import type { ImportedRequest } from "@/lib/import/types"

import { generateSession, type GenerateOptions } from "./generate-session"

/** A token estimate of a whole request (e.g. the engine's `original_input_tokens`). */
export type RequestEstimate = (request: ImportedRequest) => number

/**
 * generateSession sized by the caller's own estimate instead of the
 * generator's chars/3.5 rule, so "1,000,000 tokens" reads as about that in
 * the playground: one generation, then (while the estimate is more than 2 %
 * off, up to four times, keeping the closest) another with the target scaled by the error. A forced number of
 * tool calls fixes the size instead, so it is generated once.
 * Returns the request and its estimate.
 */
export function generateToEstimate(
  options: GenerateOptions,
  estimate: RequestEstimate
): { request: ImportedRequest; tokens: number } {
  let request = generateSession(options)
  let got = estimate(request)
  const target = options.targetTokens
  if (options.toolCalls !== undefined) return { request, tokens: got }
  // Up to four corrections, keeping the closest: the estimate is neither
  // linear nor monotonic in the generator's size (the session's shape
  // changes with it), so one correction may overshoot.
  let best = { request, tokens: got }
  let asked = target
  for (let k = 0; k < 4; k++) {
    if (!(got > 0) || Math.abs(got - target) <= target * 0.02) break
    asked = Math.max(1, Math.round((asked * target) / got))
    request = generateSession({ ...options, targetTokens: asked })
    got = estimate(request)
    if (Math.abs(got - target) < Math.abs(best.tokens - target))
      best = { request, tokens: got }
  }
  return best
}
