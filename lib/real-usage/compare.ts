/**
 * A Claude Code log's real numbers beside the engine's prediction: per
 * request, the input the API billed (input + cache write + cache read, from
 * the log's `usage`) against the predicted size of the same request; the part
 * the log does not contain (system prompt and tool definitions, which Claude
 * Code sends but never writes to the log) estimated as the typical
 * per-request difference; and what the session cost as run against what it
 * would cost with the current config.
 */
import {
  priceOf,
  requestDollars,
  type Timeline,
  type TimelinePoint,
} from "@/lib/context-editing"
import type { RealUsage } from "@/lib/import/types"

type Ok = Extract<TimelinePoint, { ok: true }>

/** One request: what the log says it sent, and what the engine predicts. */
export interface RealRow {
  request: number
  lastMessage: number
  /** input + cache write + cache read, as the log recorded. */
  real: number
  /** The engine's size of the request as sent (no edits applied). */
  predicted: number
  /** The engine's size with the current config's edits. */
  withEdits: number
  /** What the log's usage cost, in US dollars (input side only). */
  realDollars: number
}

export interface RealComparison {
  rows: RealRow[]
  /**
   * The typical per-request difference real − predicted (the median),
   * taken as the system prompt and tool definitions the log does not
   * contain; 0 when the prediction is not below the real input.
   */
  hidden: number
  /** The session's real input cost as run, in US dollars. */
  realDollars: number
  /** The same session with the current config: the timeline plus the hidden part. */
  configDollars: number
  /** The largest request with the current config, the hidden part included. */
  configPeak: number
  /** The largest real request of the log. */
  realPeak: number
  /** Requests of the log with a request of the timeline to compare with. */
  matched: number
}

const realInput = (u: RealUsage) =>
  u.input_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens

/** What one logged request's input cost, at its model's prices (5-minute writes). */
export function usageDollars(u: RealUsage): number {
  return requestDollars(
    priceOf(u.model),
    {
      read: u.cache_read_input_tokens,
      written: u.cache_creation_input_tokens,
      uncached: u.input_tokens,
    },
    "5m"
  )
}

function median(xs: number[]): number {
  if (xs.length === 0) return 0
  const s = [...xs].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

/**
 * Cost of sending `hidden` more tokens at the start of each of `n`
 * requests: written once and read after, when the session caches (Claude
 * Code caches its system prompt and tools); at the base price otherwise.
 */
function hiddenDollars(t: Timeline, hidden: number, n: number): number {
  if (hidden <= 0 || n === 0) return 0
  const use =
    t.caching === "none"
      ? { read: 0, written: 0, uncached: hidden * n }
      : { read: hidden * (n - 1), written: hidden, uncached: 0 }
  return requestDollars(t.price, use, "5m")
}

/** Lines the log's usage up with the timeline's requests (by their last message). */
export function compareWithLog(
  t: Timeline,
  usage: RealUsage[]
): RealComparison {
  const byLast = new Map<number, Ok>()
  for (const p of t.points) if (p.ok) byLast.set(p.lastMessage, p)
  const rows: RealRow[] = []
  for (const u of usage) {
    const p = byLast.get(u.messageIndex)
    if (!p) continue
    rows.push({
      request: p.request,
      lastMessage: p.lastMessage,
      real: realInput(u),
      predicted: p.originalTokens,
      withEdits: p.inputTokens,
      realDollars: usageDollars(u),
    })
  }
  const hidden = Math.max(0, median(rows.map((r) => r.real - r.predicted)))
  const n = t.points.filter((p) => p.ok).length
  return {
    rows,
    hidden,
    realDollars: usage.reduce((sum, u) => sum + usageDollars(u), 0),
    configDollars: t.cost.withEdits + hiddenDollars(t, hidden, n),
    configPeak: t.peak.withEdits + hidden,
    realPeak: usage.reduce((m, u) => Math.max(m, realInput(u)), 0),
    matched: rows.length,
  }
}
