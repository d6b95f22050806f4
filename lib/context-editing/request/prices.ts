/**
 * Input prices per model, in US dollars per million tokens, as data with
 * their source. Only what a prompt costs is priced: base input, 5-minute
 * and 1-hour cache writes, cache reads. Output tokens (and thinking, billed
 * as output) are not modelled: a session's dollars here are its input bill.
 *
 * Source: the Anthropic pricing page, "Model pricing" table
 * (https://platform.claude.com/docs/en/about-claude/pricing), and each
 * model's overview page (platform.claude.com/docs/en/models/…/overview), as
 * of 2026-11-25. Sonnet 5.5's cache read was cut from $0.20 to $0.10 on
 * 2026-10-07. Haiku 5.5 is priced by prompt length: a request whose prompt
 * (input + cache writes + cache reads) is over 100,000 tokens pays the higher
 * row on every token of that request.
 */
import { getModelInfo } from "./models"

/** One price row, $ per million tokens. */
export interface PriceRow {
  input: number
  write5m: number
  write1h: number
  read: number
}

/** A model's prices, the higher tier above a prompt size if it has one. */
export interface ModelPrice extends PriceRow {
  /** Display name of the row the price comes from. */
  label: string
  /** Prompts over `above` tokens pay `row` on every token (Haiku 5.5). */
  longPrompt?: { above: number; row: PriceRow }
  /** Where the numbers come from, or why they are a guess. */
  source: string
  /** False when the model is not in the table and its family's price is guessed. */
  known: boolean
}

export const PRICING_SOURCE =
  "platform.claude.com/docs/en/about-claude/pricing (Model pricing), 2026-11-25"

const r = (
  input: number,
  write5m: number,
  write1h: number,
  read: number
): PriceRow => ({ input, write5m, write1h, read })

const FABLE_5_2 = r(8, 10, 16, 0.2)
const FABLE_5_1 = r(10, 12.5, 20, 0.25)
const FABLE_5 = r(10, 12.5, 20, 1)
const OPUS_5_5 = r(4, 5, 8, 0.2)
const OPUS_4_5 = r(5, 6.25, 10, 0.5)
const OPUS_4 = r(15, 18.75, 30, 1.5)
const SONNET_5_5 = r(2, 2.5, 4, 0.1)
const SONNET_5 = r(2, 2.5, 4, 0.2)
const SONNET_4 = r(3, 3.75, 6, 0.3)
const HAIKU_5_5 = r(0.1, 0.125, 0.2, 0.01)
const HAIKU_5_5_LONG = r(0.5, 0.625, 1, 0.05)
const HAIKU_4_5 = r(1, 1.25, 2, 0.1)
const HAIKU_3_5 = r(0.8, 1, 1.6, 0.08)
const HAIKU_3 = r(0.25, 0.3, 0.5, 0.03)

/** Canonical model id → its row (see models.ts for ids and aliases). */
export const PRICES: Readonly<Record<string, PriceRow>> = {
  "claude-fable-5-2": FABLE_5_2,
  "claude-mythos-5-2": FABLE_5_2,
  "claude-fable-5-1": FABLE_5_1,
  "claude-mythos-5-1": FABLE_5_1,
  "claude-fable-5": FABLE_5,
  "claude-mythos-5": FABLE_5,
  "claude-mythos-preview": FABLE_5,
  "claude-opus-5-5": OPUS_5_5,
  "claude-opus-5": OPUS_4_5,
  "claude-opus-4-8": OPUS_4_5,
  "claude-opus-4-7": OPUS_4_5,
  "claude-opus-4-6": OPUS_4_5,
  "claude-opus-4-5-20251101": OPUS_4_5,
  "claude-opus-4-1-20250805": OPUS_4,
  "claude-opus-4-20250514": OPUS_4,
  "claude-sonnet-5-5": SONNET_5_5,
  "claude-sonnet-5": SONNET_5,
  "claude-sonnet-4-6": SONNET_4,
  "claude-sonnet-4-5-20250929": SONNET_4,
  "claude-sonnet-4-20250514": SONNET_4,
  "claude-3-7-sonnet-20250219": SONNET_4,
  // Retired; not on the current page: its last list price ($3 input), the 3.x cache multipliers.
  "claude-3-sonnet-20240229": SONNET_4,
  // Retired, like 3 Sonnet: the same last list price ($3 input) and multipliers.
  "claude-3-5-sonnet-20241022": SONNET_4,
  "claude-3-5-sonnet-20240620": SONNET_4,
  "claude-haiku-5-5": HAIKU_5_5,
  "claude-haiku-4-5-20251001": HAIKU_4_5,
  "claude-3-5-haiku-20241022": HAIKU_3_5,
  "claude-3-opus-20240229": OPUS_4,
  "claude-3-haiku-20240307": HAIKU_3,
}

/** Haiku 5.5's long-prompt tier (docs: prompts over 100,000 tokens). */
const LONG_PROMPT: Readonly<Record<string, ModelPrice["longPrompt"]>> = {
  "claude-haiku-5-5": { above: 100_000, row: HAIKU_5_5_LONG },
}

/** A family's current row, for an id the table does not know (a guess). */
function guessRow(id: string): PriceRow {
  if (/fable|mythos/.test(id)) return FABLE_5_2
  if (/opus/.test(id)) return OPUS_5_5
  if (/haiku/.test(id)) return HAIKU_4_5
  return SONNET_5_5
}

// priceOf is called for every call of every replay (a folder of logs asks
// it millions of times): answers are kept per id, a few hundred at most.
const PRICE_MEMO = new Map<string, ModelPrice>()

/** The prices of a model id (aliases, Bedrock and Vertex ids resolve). Treat the answer as read-only. */
export function priceOf(modelId: unknown): ModelPrice {
  const id = typeof modelId === "string" ? modelId : ""
  let p = PRICE_MEMO.get(id)
  if (!p) {
    if (PRICE_MEMO.size >= 256) PRICE_MEMO.clear()
    p = lookUpPrice(id)
    PRICE_MEMO.set(id, p)
  }
  return p
}

function lookUpPrice(modelId: string): ModelPrice {
  const info = getModelInfo(modelId)
  const row = PRICES[info.id]
  if (row) {
    const long = LONG_PROMPT[info.id]
    return {
      ...row,
      label: info.displayName,
      ...(long ? { longPrompt: long } : {}),
      source: PRICING_SOURCE,
      known: true,
    }
  }
  return {
    ...guessRow(info.id),
    label: info.displayName,
    source: `Not on the pricing page: priced like the newest model of its family (${PRICING_SOURCE})`,
    known: false,
  }
}

/** What one request's input costs in dollars, priced by its own prompt size. */
export function requestDollars(
  price: ModelPrice,
  use: { read: number; written: number; uncached: number },
  ttl: "5m" | "1h"
): number {
  const prompt = use.read + use.written + use.uncached
  const row =
    price.longPrompt && prompt > price.longPrompt.above
      ? price.longPrompt.row
      : price
  const write = ttl === "1h" ? row.write1h : row.write5m
  return (
    (use.read * row.read + use.written * write + use.uncached * row.input) / 1e6
  )
}

/** Said wherever a dollar figure is shown. */
export const OUTPUT_NOT_MODELLED =
  "Input only: output tokens (and thinking, billed as output) are not modelled."

/**
 * Below a billionth of a dollar a difference is rounding, not money (one
 * token costs at least a few hundred-millionths): it is shown as $0.
 */
const NOISE_DOLLARS = 1e-9

/** A dollar amount for the page: cents, or two significant digits below a cent (never in exponent form). */
export function formatDollars(n: number): string {
  if (!Number.isFinite(n)) return "–"
  const sign = n < 0 ? "−" : ""
  const a = Math.abs(n)
  if (a < NOISE_DOLLARS) return "$0"
  if (a < 0.01)
    return `${sign}$${a.toLocaleString("en-US", { maximumSignificantDigits: 2, minimumSignificantDigits: 2 })}`
  return `${sign}$${a.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}
