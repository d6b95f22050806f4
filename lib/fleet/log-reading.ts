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
  type SimulateOptions,
  sessionCaching,
  type Timeline,
  timeline,
  type TimelineOptions,
  writePrice,
} from "@/lib/context-editing"
import {
  fromClaudeCode,
  importLogFile,
  MAX_INPUT_CHARS,
  parseImport,
} from "@/lib/import"
import type { ImportedRequest, RealUsage } from "@/lib/import/types"
import { compareWithLog, type RealComparison } from "@/lib/real-usage/compare"

import { callOf, type LoggedCall } from "./logged-call"

export type { LoggedCall } from "./logged-call"

/** A log imported for the folder view: its request and its calls. */
export interface ReadLog {
  request: ImportedRequest
  usage: RealUsage[]
  calls: LoggedCall[]
}

/** Imports one log (any size a `.jsonl` file has); an error message when it cannot. */
export function readLog(text: string): ReadLog | { error: string } {
  // The paste gate stops at 20 MB; a file known to be a log (a Claude
  // Code log, a request log, a trace) goes to its importer directly.
  const r =
    text.length > MAX_INPUT_CHARS ? importLogFile(text) : parseImport(text)
  if (!r.success) return { error: r.error.message }
  const usage = r.realUsage ?? []
  return { request: r.data, usage, calls: usage.map(callOf) }
}

/**
 * The same for a file known to be a Claude Code log, from its lines (the
 * terminal decodes a file line by line: one large string costs more to
 * make than to parse).
 */
export function readClaudeCodeLines(
  lines: Iterable<string>
): ReadLog | { error: string } {
  const r = fromClaudeCode({ lines })
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
