/**
 * One API call of a log as billed, priced the way the folder view prints
 * it. Light on purpose (prices and the bill's arithmetic, no engine): the
 * terminal's bill-only reading (`fast-bill.ts`) loads it without the
 * replay.
 */
import { priceOf } from "@/lib/context-editing/request/prices"
import type { RealUsage } from "@/lib/import/types"
import {
  loggedBilled,
  realInput,
  rowFor,
  usageDollars,
} from "@/lib/real-usage/bill"

/** One API call of the log, as billed. */
export interface LoggedCall {
  /**
   * `message.id/requestId` when the log has both (null otherwise): the key
   * under which a folder counts a call once, whichever files copy it
   * (lib/fleet/count-once.ts).
   */
  key: string | null
  model: string
  timestamp: string | null
  input: number
  write5m: number
  write1h: number
  read: number
  output: number
  /** Input side: uncached input, cache writes and reads, at the call's model's prices. */
  inputDollars: number
  outputDollars: number
}

/**
 * Output price, × the input price of the call's row. Every model on the
 * pricing page charges 5× its input for output
 * (platform.claude.com/docs/en/about-claude/pricing, 2026-11-25); the bill
 * reading prices the input side only and holds output as logged.
 */
const OUTPUT_PRICE = 5

/** The folder-wide key of a call: its id and request id, when the log has both. */
export const folderKey = (call: string | undefined): string | null =>
  call !== undefined && call.includes("/") ? call : null

/** A logged call's tokens and dollars, from its real usage. */
export function callOf(u: RealUsage): LoggedCall {
  const b = loggedBilled(u)
  const row = rowFor(priceOf(u.model), realInput(u))
  return {
    key: folderKey(u.call),
    model: u.model,
    timestamp: u.timestamp ?? null,
    input: b.uncached,
    write5m: b.write5m,
    write1h: b.write1h,
    read: b.read,
    output: u.output_tokens,
    inputDollars: usageDollars(u),
    outputDollars: (u.output_tokens * OUTPUT_PRICE * row.input) / 1e6,
  }
}
