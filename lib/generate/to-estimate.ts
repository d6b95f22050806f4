import type { ImportedRequest } from "@/lib/import/types"

import { generateSession, type GenerateOptions } from "./generate-session"

/** A token estimate of a whole request (e.g. the engine's `original_input_tokens`). */
export type RequestEstimate = (request: ImportedRequest) => number

/** Within this share of the target, a generation is kept. */
const TOLERANCE = 0.02
/** Generations at most: the estimate is close to linear in the size asked for. */
const MAX_PASSES = 4

/**
 * generateSession sized by the caller's own estimate instead of the
 * generator's chars/3.5 rule, so "1,000,000 tokens" reads as about that in
 * the playground. The estimate is about linear in the size asked for, with a
 * fixed part (hidden tool prompts, framing): the first correction scales the
 * ask by the error, later ones follow the line through the last two passes
 * (secant), until within 2 % or after four generations. A forced number of
 * tool calls fixes the size instead, so it is generated once.
 * Returns the request and its estimate.
 */
export function generateToEstimate(
  options: GenerateOptions,
  estimate: RequestEstimate
): { request: ImportedRequest; tokens: number } {
  const target = options.targetTokens
  let ask = target
  let best = { request: generateSession(options), tokens: 0 }
  best.tokens = estimate(best.request)
  if (options.toolCalls !== undefined) return best
  let prev: { ask: number; got: number } | null = null
  for (let pass = 1; pass < MAX_PASSES; pass++) {
    const got = best.tokens
    if (!(got > 0) || Math.abs(got - target) <= target * TOLERANCE) break
    const next = nextAsk(ask, got, target, prev)
    prev = { ask, got }
    ask = next
    const request = generateSession({
      ...options,
      targetTokens: Math.round(ask),
    })
    const tokens = estimate(request)
    if (Math.abs(tokens - target) < Math.abs(best.tokens - target))
      best = { request, tokens }
    else break
  }
  return best
}

/** The size to ask for next: scaled by the error, or on the line through the last two passes. */
function nextAsk(
  ask: number,
  got: number,
  target: number,
  prev: { ask: number; got: number } | null
): number {
  if (prev && got !== prev.got) {
    const slope = (got - prev.got) / (ask - prev.ask)
    if (slope > 0) return Math.max(1_000, ask + (target - got) / slope)
  }
  return (ask * target) / got
}
