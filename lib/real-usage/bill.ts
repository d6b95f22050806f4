/**
 * An imported log's bill, call by call, as a careful cost tool reads it:
 * each API call at its own model's prices (lib/context-editing/request/prices.ts),
 * 5-minute and 1-hour cache writes apart (`usage.cache_creation`), Haiku
 * 5.5's higher row for a call whose own prompt is over 100,000 tokens.
 * Input side only: output tokens are held as logged and not priced.
 */
import {
  type ModelPrice,
  priceOf,
  type PriceRow,
} from "@/lib/context-editing/request/prices"
import type { RealUsage } from "@/lib/import/types"

/** One call's input tokens by how they were billed. */
export interface Billed {
  uncached: number
  /** Cache writes at the 5-minute and the 1-hour price. */
  write5m: number
  write1h: number
  read: number
}

/** The price row a prompt of `prompt` tokens pays (the tier is per request). */
export function rowFor(price: ModelPrice, prompt: number): PriceRow {
  return price.longPrompt && prompt > price.longPrompt.above
    ? price.longPrompt.row
    : price
}

/** Dollars of one call's input at a model's prices, priced by its own size. */
export function billedDollars(model: string, b: Billed): number {
  const prompt = b.uncached + b.write5m + b.write1h + b.read
  const row = rowFor(priceOf(model), prompt)
  return (
    (b.uncached * row.input +
      b.write5m * row.write5m +
      b.write1h * row.write1h +
      b.read * row.read) /
    1e6
  )
}

/** A logged call's input tokens as billed. */
export function loggedBilled(u: RealUsage): Billed {
  const hour = Math.min(
    u.cache_creation_input_tokens,
    u.cache_creation_1h_input_tokens ?? 0
  )
  return {
    uncached: u.input_tokens,
    write5m: u.cache_creation_input_tokens - hour,
    write1h: hour,
    read: u.cache_read_input_tokens,
  }
}

/** What one logged call's input cost, at its own model's prices. */
export function usageDollars(u: RealUsage): number {
  return billedDollars(u.model, loggedBilled(u))
}

/** The prompt a logged call sent: input + cache writes + cache reads. */
export const realInput = (u: RealUsage) =>
  u.input_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens
