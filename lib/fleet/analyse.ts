/**
 * One log file of a folder, analysed: its bill as logged (per day and
 * model, and its most expensive calls), the replay with the log's own
 * config, and the what-if with the folder's config — numbers only, small
 * enough to post from a worker for every file of a multi-GB folder.
 */
import type { SimulateOptions } from "@/lib/context-editing"
import { getModelInfo } from "@/lib/context-editing/models"

import { type FleetEdits, withConfig } from "./config"
import { sessionIdIn } from "./layout"
import type { RealRow } from "@/lib/real-usage/compare"
import type { MissCause } from "@/lib/real-usage/replay"

import { billDollars } from "@/lib/real-usage/headline"
import { causeText } from "@/lib/real-usage/misses"

import { bucketsOf, topCalls } from "./bill-analysis"
import { type LoggedCall, type ReadLog, readLog, replay } from "./log-reading"
import { whyNoCalls } from "./no-calls"

export { addLogged, emptyLogged } from "./bill-analysis"

/** Token counts and dollars of some calls as logged. */
export interface Logged {
  input: number
  cacheWrite5m: number
  cacheWrite1h: number
  cacheRead: number
  output: number
  /** Input side: uncached input, cache writes and reads. */
  inputDollars: number
  outputDollars: number
}

/** The calls of one day on one model (days in UTC). */
export interface Bucket extends Logged {
  day: string
  model: string
  requests: number
}

/** Cache misses the log shows, by cause (lib/real-usage/misses.ts). */
export interface Misses {
  count: number
  /** What writing those prefixes again instead of reading them cost. */
  dollars: number
  byCause: Partial<Record<MissKind, { count: number; dollars: number }>>
}

export type MissKind = MissCause["kind"]

/** One of a file's most expensive calls. */
export interface TopCall {
  /** 1-based among the file's calls. */
  call: number
  model: string
  timestamp: string | null
  /** input + cache write + cache read. */
  prompt: number
  output: number
  dollars: number
  /** Why the cache missed at this call, when the log shows a miss. */
  miss: string | null
}

/** A replay's result: input-side dollars and the largest request (tokens). */
export interface Replayed {
  dollars: number
  /** The largest request the config controls (0: a one-request log). */
  peak: number
  /** What the config's re-fetches and extra compaction summaries add (docs/semantics.md#result-needs); 0 with the log's own config. */
  refetch?: number
  /** Why the config would break the agent here (null: it would not). */
  infeasible?: string | null
  /** The bill with the config: (dollars + refetch) × logged ÷ the replay of the log's own config. */
  bill?: number
}

/** One call of a file, kept so a folder counts a call several files copy once (count-once.ts). */
export interface FileCall {
  call: LoggedCall
  /** Its replayed dollars with the log's own config and with the folder's (0: not replayed). */
  replay: number
  config: number
}

export interface FileAnalysis {
  sessionId: string | null
  bytes: number
  /** Distinct API calls the log records. */
  requests: number
  /** Those calls, in the log's order. */
  calls: FileCall[]
  buckets: Bucket[]
  top: TopCall[]
  misses: Misses
  /** The log's own config, replayed (null when it could not be). */
  replay: Replayed | null
  /** The folder's config (equal to `replay` when there is none). */
  config: Replayed | null
  /** Why the engine could not model this file (or part of it). */
  unmodelled: string[]
  /** Why the file holds no API call to count (no-calls.ts), in the Sessions view's words; null when it holds some. */
  noCalls: string | null
  /** How the folder's config was adjusted to this session. */
  notes: string[]
  /** The model of the log's conversation. */
  model: string | null
  /** Thinking on, and a model with compaction: which edits the tuner tries. */
  thinking: boolean
  compaction: boolean
  /** Sizes of the requests without edits, at most 32 spread over them (the tuner's triggers). */
  sizes: number[]
}

function missesOf(rows: RealRow[]): Misses {
  const out: Misses = { count: 0, dollars: 0, byCause: {} }
  for (const r of rows) {
    if (!r.miss) continue
    out.count++
    out.dollars += r.miss.dollars
    const k = r.miss.cause.kind
    const b = (out.byCause[k] ??= { count: 0, dollars: 0 })
    b.count++
    b.dollars += r.miss.dollars
  }
  return out
}

/** At most 32 values spread over the sorted sizes, the largest included. */
function spread(sizes: number[]): number[] {
  const s = [...sizes].sort((a, b) => a - b)
  if (s.length <= 32) return s
  return Array.from(
    { length: 32 },
    (_, q) => s[Math.round((q * (s.length - 1)) / 31)]!
  )
}

/** What the engine rejected or replayed as logged, in words. */
function gaps(r: ReturnType<typeof replay>): string[] {
  const out: string[] = []
  const bad = r.t.points.filter((p) => !p.ok)
  if (bad.length > 0) {
    const first = bad[0]!
    out.push(
      `${bad.length} of ${r.t.points.length} requests rejected by the engine (request ${first.request}: ${"error" in first ? first.error.slice(0, 160) : ""})`
    )
  }
  const asLogged = r.c.unmodelled
  if (asLogged.length > 0) {
    const reasons = [...new Set(asLogged.map((u) => u.reason))]
    out.push(
      `${asLogged.length} of ${r.c.rows.length} calls priced as logged (${reasons.slice(0, 3).join("; ")})`
    )
  }
  return out
}

/** Analyses one log file with the folder's config (see the file comment). */
export function analyseLog(
  text: string,
  edits: FleetEdits,
  options: SimulateOptions = {}
): FileAnalysis {
  return analyseRead(
    readLog(text),
    { sessionId: sessionIdIn(text), bytes: text.length, text: () => text },
    edits,
    options
  )
}

/**
 * The same from a log already read (`readLog`, or `readClaudeCodeLines` in
 * the terminal); `file.text` gives its text when it holds no call (to say why).
 */
export function analyseRead(
  log: ReadLog | { error: string },
  file: { sessionId: string | null; bytes: number; text: () => string },
  edits: FleetEdits,
  options: SimulateOptions = {}
): FileAnalysis {
  const base: FileAnalysis = {
    sessionId: file.sessionId,
    bytes: file.bytes,
    requests: 0,
    calls: [],
    buckets: [],
    top: [],
    misses: { count: 0, dollars: 0, byCause: {} },
    replay: null,
    config: null,
    unmodelled: [],
    noCalls: null,
    notes: [],
    model: null,
    thinking: false,
    compaction: false,
    sizes: [],
  }
  if ("error" in log)
    return { ...base, noCalls: whyNoCalls(file.text(), 0, log.error) }
  if (log.calls.length === 0)
    return { ...base, noCalls: whyNoCalls(file.text(), 0, null) }
  const own = replay(log.request, log.usage, options)
  const cfg = withConfig(log.request, edits)
  const mine = edits === null ? own : replay(cfg.request, log.usage, options)
  return {
    ...base,
    requests: log.calls.length,
    calls: log.calls.map((call, i) => ({
      call,
      replay: own.c.rows[i]?.replayDollars ?? 0,
      config: mine.c.rows[i]?.replayDollars ?? 0,
    })),
    buckets: bucketsOf(log.calls),
    top: topCalls(log.calls, (i) => {
      const miss = own.c.rows[i]?.miss
      return miss ? causeText(miss.cause) : null
    }),
    misses: missesOf(own.c.rows),
    replay: { dollars: own.dollars, peak: own.peak },
    config: {
      dollars: mine.dollars,
      peak: mine.peak,
      refetch: mine.c.refetch.dollars + mine.c.summaries.dollars,
      infeasible: mine.c.infeasible,
      bill: billDollars(mine.c, own.c),
    },
    unmodelled: gaps(own),
    notes: cfg.notes,
    model: log.request.model,
    thinking: ["enabled", "adaptive"].includes(
      String((log.request.thinking as { type?: unknown } | undefined)?.type)
    ),
    compaction: getModelInfo(log.request.model).compaction,
    sizes: spread(
      own.t.points.flatMap((p) => (p.ok ? [p.originalTokens] : []))
    ),
  }
}
