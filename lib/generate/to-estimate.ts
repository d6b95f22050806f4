import type { ImportedRequest } from "@/lib/import/types"

import { generateSession, type GenerateOptions } from "./generate-session"

/** A token estimate of a whole request (e.g. the engine's `original_input_tokens`). */
export type RequestEstimate = (request: ImportedRequest) => number

/** Within this share of the target, a generation is kept. */
const TOLERANCE = 0.02
/** Generations at most: the estimate is close to linear in the size asked for. */
const MAX_PASSES = 6

/**
 * Where a generation must land: ±2 % of the target, and, when the target is
 * within the window, never over the window less the output reserve (the
 * band moves down if it has to).
 */
function band(target: number, size: SizeOptions) {
  let high = target * (1 + TOLERANCE)
  let low = target * (1 - TOLERANCE)
  if (size.window !== undefined && target <= size.window) {
    const room = size.window - (size.reserve ?? 0)
    high = Math.min(high, room)
    low = Math.min(low, high * (1 - TOLERANCE))
  }
  return { aim: (low + high) / 2, low, high }
}

/** Extra bounds for generateToEstimate. */
export interface SizeOptions {
  /** The model's context window: a target within it is never overshot. */
  window?: number
  /** Tokens kept free for the output (the request's max_tokens). */
  reserve?: number
  /** Called after each generation with its number (for progress). */
  onPass?: (pass: number, tokens: number) => void
}

/**
 * generateSession sized by the caller's own estimate (the page's counted
 * numbers) instead of the generator's chars/3.5 rule, so "1,000,000 tokens"
 * reads as that in the playground: within ±2 %, and never over the
 * model's window (less the output) when the target is within it. The
 * estimate is about linear in the size asked for, with a fixed part
 * (hidden tool prompts, framing): the first correction scales the ask by
 * the error, later ones follow the line through the last two passes
 * (secant), for at most six generations. A forced number of tool calls
 * fixes the size instead, so it is generated once. Returns the request and
 * its estimate.
 */
export function generateToEstimate(
  options: GenerateOptions,
  estimate: RequestEstimate,
  size: SizeOptions = {}
): { request: ImportedRequest; tokens: number } {
  const target = options.targetTokens
  const { aim, low, high } = band(target, size)
  const inBand = (t: number) => t >= low && t <= high
  const score = (t: number) =>
    inBand(t) ? 0 : t > high ? 2 * (t - high) : low - t
  let ask = aim
  const first = generateSession({ ...options, targetTokens: Math.round(ask) })
  let best = { request: first, tokens: estimate(first) }
  size.onPass?.(1, best.tokens)
  if (options.toolCalls !== undefined) return best
  let last = { ask, got: best.tokens }
  let prev: { ask: number; got: number } | null = null
  for (let pass = 2; pass <= MAX_PASSES; pass++) {
    if (!(last.got > 0) || inBand(best.tokens)) break
    const next = nextAsk(last.ask, last.got, aim, prev)
    prev = last
    ask = next
    const request = generateSession({
      ...options,
      targetTokens: Math.round(ask),
    })
    const tokens = estimate(request)
    size.onPass?.(pass, tokens)
    last = { ask, got: tokens }
    if (score(tokens) < score(best.tokens)) best = { request, tokens }
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
