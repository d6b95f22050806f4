/**
 * The tuner's candidates on one log file: for each config, the what-if's
 * input-side dollars and largest request — the numbers the folder's
 * analysis gives for that config (analyse.ts), so a config the tuner picks
 * totals, once applied, what the tuner said.
 *
 * Exactly that computation is `compareWithLog(timeline(withConfig(request,
 * edits)), usage)` per config. The fast path runs the same engine steps
 * timeline() runs on its incremental path (runSession, runPoints,
 * assemble) on one session base built once for the file, instead of
 * rebuilding it per config; it is used when it gives the exact path's
 * numbers on the file's first candidates (checked per file), and the exact
 * path is used otherwise.
 */
import type { SimulateOptions, Timeline } from "@/lib/context-editing"
import { getModelInfo } from "@/lib/context-editing/models"
import {
  type SessionBase,
  sessionBase,
} from "@/lib/context-editing/session-base"
import { SUMMARY_TOKENS } from "@/lib/context-editing/session-compaction"
import { runSession } from "@/lib/context-editing/session-run"
import {
  assemble,
  engineEdits,
  runPoints,
} from "@/lib/context-editing/timeline"
import { editsOf, type TuneConfig } from "@/lib/context-editing/tune-eval"
import type { RealUsage } from "@/lib/import/types"
import { compareWithLog } from "@/lib/real-usage/compare"

import { withConfig } from "./config"
import { readLog, replay, replayOptions } from "./log-reading"

/** Per candidate (same order as the configs): NaN where the engine rejected it. */
export interface FileScores {
  cost: number[]
  peak: number[]
  /** 1 where the largest request is over the session's context window. */
  over: number[]
  /** Whether the fast path was used. */
  fast: boolean
}

type Request = Record<string, unknown>
type Score = { cost: number; peak: number; rejected: number } | null

/** timeline(body) on a base built once, or null where timeline() would take another path. */
function timelineOn(
  b: SessionBase,
  body: Request,
  options: SimulateOptions
): Timeline | null {
  const cfg = engineEdits(b, body, options)
  if (!cfg) return null
  const r = replayOptions(body)
  const o = {
    budget: Number.POSITIVE_INFINITY,
    summaryTokens: r.summaryTokens ?? SUMMARY_TOKENS,
    caching: r.caching ?? "end",
    writePrice: r.writePrice!,
  }
  const run = runSession(b, cfg.edits, o.summaryTokens)
  return assemble(
    body,
    b.ends.length,
    runPoints(b, run, o.caching),
    o,
    "incremental"
  )
}

const scoreOf = (t: Timeline, usage: RealUsage[]): Score => {
  const c = compareWithLog(t, usage)
  return {
    cost: c.configDollars,
    peak: c.configPeak,
    rejected: t.points.filter((p) => !p.ok).length,
  }
}

const close = (a: number, b: number) =>
  Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b))
const same = (f: Score, r: Score) =>
  f === null
    ? r === null
    : r !== null &&
      close(f.cost, r.cost) &&
      close(f.peak, r.peak) &&
      f.rejected === r.rejected

const CHECKS = 2

/** Scores every config on one log (see the file comment). */
export function evaluateConfigs(
  text: string,
  configs: readonly TuneConfig[],
  options: SimulateOptions
): FileScores {
  const n = configs.length
  const out: FileScores = {
    cost: new Array(n).fill(0),
    peak: new Array(n).fill(0),
    over: new Array(n).fill(0),
    fast: false,
  }
  const log = readLog(text)
  if ("error" in log) return out
  const request = log.request as Request
  const window =
    getModelInfo(String(request.model)).contextWindow ??
    Number.POSITIVE_INFINITY
  const own = replay(request, log.usage, options).t.points.filter(
    (p) => !p.ok
  ).length
  const body = (c: TuneConfig) => withConfig(request, editsOf(c)).request
  const exact = (c: TuneConfig): Score => {
    const r = replay(body(c), log.usage, options)
    return {
      cost: r.dollars,
      peak: r.peak,
      rejected: r.t.points.filter((p) => !p.ok).length,
    }
  }
  const base = sessionBase(request, options)
  const fast = (c: TuneConfig): Score => {
    const t = base.ok ? timelineOn(base.base, body(c), options) : null
    return t ? scoreOf(t, log.usage) : null
  }
  let useFast = base.ok
  for (let k = 0; k < n; k++) {
    const c = configs[k]!
    let r: Score
    if (k < CHECKS || !useFast) {
      r = exact(c)
      if (useFast && !same(fast(c), r)) useFast = false
    } else r = fast(c) ?? exact(c)
    // A config is out when the engine rejects more of this session than
    // the log's own config (those requests would be left out of its sum).
    const ok = r !== null && r.rejected <= own
    out.cost[k] = ok ? r!.cost : Number.NaN
    out.peak[k] = ok ? r!.peak : Number.NaN
    out.over[k] = ok && r!.peak > window ? 1 : 0
  }
  out.fast = useFast
  return out
}
