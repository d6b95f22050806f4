/**
 * The one place that reads a Claude Code log for the folder view: every
 * number of a file comes from the importer and the replay of a single log
 * (`parseImport(text).realUsage`, `usageDollars`, `compareWithLog(timeline(data),
 * realUsage)`, lib/real-usage/), never from a second reading of the JSONL
 * here: one entry per distinct API call of the file, each at its own
 * model's prices with 5-minute and 1-hour writes apart, and the replay's
 * cache misses with their causes. When those functions change, this file
 * is what follows them.
 */
import {
  cacheSetup,
  priceOf,
  type SimulateOptions,
  sessionCaching,
  type Timeline,
  timeline,
  type TimelineOptions,
  writePrice,
} from "@/lib/context-editing"
import { fromClaudeCode, MAX_INPUT_CHARS, parseImport } from "@/lib/import"
import type { ImportedRequest, RealUsage } from "@/lib/import/types"
import { loggedBilled, realInput, rowFor } from "@/lib/real-usage/bill"
import {
  compareWithLog,
  type RealComparison,
  usageDollars,
} from "@/lib/real-usage/compare"

/** One API call of the log, as billed. */
export interface LoggedCall {
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

/** A log imported for the folder view: its request and its calls. */
export interface ReadLog {
  request: ImportedRequest
  usage: RealUsage[]
  calls: LoggedCall[]
}

/**
 * Output price, × the input price of the call's row. Every model on the
 * pricing page charges 5× its input for output
 * (platform.claude.com/docs/en/about-claude/pricing, 2026-11-25); the bill
 * reading prices the input side only and holds output as logged.
 */
const OUTPUT_PRICE = 5

function callOf(u: RealUsage): LoggedCall {
  const b = loggedBilled(u)
  const row = rowFor(priceOf(u.model), realInput(u))
  return {
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

/** Imports one log (any size a `.jsonl` file has); an error message when it cannot. */
export function readLog(text: string): ReadLog | { error: string } {
  // The paste gate stops at 20 MB; a file known to be a Claude Code log
  // goes to its importer directly.
  const r =
    text.length > MAX_INPUT_CHARS ? fromClaudeCode(text) : parseImport(text)
  if (!r.success) return { error: r.error.message }
  const usage = r.realUsage ?? []
  return { request: r.data, usage, calls: usage.map(callOf) }
}

/** The engine's options for replaying a log, as the Timeline tab sets them. */
export function replayOptions(
  request: Record<string, unknown>
): TimelineOptions {
  const setup = cacheSetup(request)
  return { caching: sessionCaching(setup), writePrice: writePrice(setup) }
}

/**
 * The largest request a config controls in a log: its imported
 * conversation's, the part the log lacks included — 0 for a one-request
 * conversation (a side call, a compaction's summarising call), which no
 * config can make smaller without clearing what the model has not read.
 */
export function controlledPeak(t: Timeline, c: RealComparison): number {
  return t.points.filter((p) => p.ok).length < 2 ? 0 : c.configPeak
}

/** The replay of a log's request (with whatever edits it carries) against its bill. */
export function replay(
  request: Record<string, unknown>,
  usage: RealUsage[],
  options: SimulateOptions
): { t: Timeline; c: RealComparison; dollars: number; peak: number } {
  const t = timeline(request, options, replayOptions(request))
  const c = compareWithLog(t, usage, options)
  return { t, c, dollars: c.configDollars, peak: controlledPeak(t, c) }
}
