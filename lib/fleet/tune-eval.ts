/**
 * The tuner's candidates on one log file: for each config, the what-if's
 * input-side dollars and largest request — the numbers the folder's
 * analysis gives for that config (analyse.ts), so a config the tuner picks
 * totals, once applied, what the tuner said.
 *
 * Exactly that computation is `replay(withConfig(request, edits))` per
 * config, a whole timeline each. The session engine's evaluator (shared
 * per-session analysis, one run per config) is much faster; it is used
 * when it agrees with the exact path on this session's first candidates
 * (checked per file), and the exact path is used otherwise.
 */
import type { SimulateOptions } from "@/lib/context-editing"
import { getModelInfo } from "@/lib/context-editing/models"
import { sessionBase } from "@/lib/context-editing/session-base"
import {
  editsOf,
  evaluator,
  type TuneConfig,
} from "@/lib/context-editing/tune-eval"

import { editsOfRequest, withConfig } from "./config"
import { readLog, replay, replayOptions } from "./log-reading"

/** Per candidate (same order as the configs): NaN where the engine rejected it. */
export interface FileScores {
  cost: number[]
  peak: number[]
  /** 1 where the largest request is over the session's context window. */
  over: number[]
  /** Whether the fast evaluator was used. */
  fast: boolean
}

type Request = Record<string, unknown>

/** The config as withConfig would adjust it for this session, in TuneConfig terms. */
export function forSession(c: TuneConfig, request: Request): TuneConfig {
  const t = (request.thinking as { type?: unknown } | undefined)?.type
  const thinkingOn = t === "enabled" || t === "adaptive"
  const model = getModelInfo(
    typeof request.model === "string" ? request.model : ""
  )
  const out: TuneConfig = { ...c }
  if (!thinkingOn) delete out.thinking
  if (!model.compaction) delete out.compact
  const own = editsOfRequest(request).find((e) => e.type === "compact_20260112")
  const ownValue = (own?.trigger as { value?: unknown } | undefined)?.value
  if (out.compact === undefined && typeof ownValue === "number")
    out.compact = ownValue
  return out
}

const CHECKS = 2
const close = (a: number, b: number) =>
  Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b))

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
  const own = replay(request, log.usage, options)
  const rejected = (r: typeof own) => r.t.points.filter((p) => !p.ok).length
  const exact = (c: TuneConfig) => {
    const r = replay(
      withConfig(request, editsOf(c)).request,
      log.usage,
      options
    )
    // A config is out when the engine rejects more of this session than
    // the log's own config (those requests would be left out of its sum).
    return rejected(r) > rejected(own)
      ? null
      : { cost: r.dollars, peak: r.peak }
  }
  // The fast evaluator's numbers plus what the comparison adds to the timeline's.
  const b = sessionBase(request, options)
  const ev = b.ok
    ? evaluator(request, options, replayOptions(request), b.base)
    : null
  const extra = own.dollars - own.t.cost.withEdits
  const hidden = own.peak - own.t.peak.withEdits
  const fast = (c: TuneConfig) => {
    const e = ev!.evaluate(forSession(c, request))
    return e ? { cost: e.cost + extra, peak: e.peak + hidden } : null
  }
  const same = (f: ReturnType<typeof fast>, r: ReturnType<typeof exact>) =>
    f === null
      ? r === null
      : r !== null && close(f.cost, r.cost) && close(f.peak, r.peak)
  let useFast = ev !== null
  for (let k = 0; k < n; k++) {
    const c = configs[k]!
    let r: ReturnType<typeof exact>
    if (k < CHECKS || !useFast) {
      r = exact(c)
      if (useFast && !same(fast(c), r)) useFast = false
    } else r = fast(c)
    out.cost[k] = r ? r.cost : Number.NaN
    out.peak[k] = r ? r.peak : Number.NaN
    out.over[k] = r && r.peak > window ? 1 : 0
  }
  out.fast = useFast
  return out
}
