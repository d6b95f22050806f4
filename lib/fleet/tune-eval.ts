/**
 * The tuner's candidates on one log file: for each config, the bill the
 * folder's analysis gives for it (analyse.ts `config.bill`: the what-if,
 * its re-fetches included, scaled by the replay's error — the number the
 * playground shows for the same log), the largest request it controls, and
 * whether it would break the agent; so a config the tuner picks totals,
 * once applied, what the tuner said.
 *
 * Exactly that computation is `compareWithLog(timeline(withConfig(request,
 * edits)), usage)` per config. The lean path (lib/real-usage/tune-bill.ts,
 * the page's Tune runs it too) computes the same sums without what a
 * config does not change: one session base for the file; per config the
 * engine's run, the cache of the side with the edits and the replay of the
 * imported conversation; the file's other conversations replayed once. It
 * is used when it gives the exact path's numbers on the file's first
 * candidate with no edit, with clearing and with compaction (checked per
 * file and pass), and the exact path otherwise.
 */
import {
  DEFAULT_AGENT_SWITCHES,
  type SimulateOptions,
} from "@/lib/context-editing"
import { getModelInfo } from "@/lib/context-editing/models"
import { blockOwner } from "@/lib/context-editing/rules/catalogue"
import {
  type SessionBase,
  sessionBase,
} from "@/lib/context-editing/session/base"
import { requestEnds } from "@/lib/context-editing/session/ends"
import { SUMMARY_TOKENS } from "@/lib/context-editing/session/summary"
import { restartSegments } from "@/lib/context-editing/session/restarts"
import { runSession } from "@/lib/context-editing/session/run"
import { engineEdits } from "@/lib/context-editing/session/timeline"
import { editsOf, type TuneConfig } from "@/lib/context-editing/tuner/eval"
import type { RealUsage } from "@/lib/import/types"
import { billDollars } from "@/lib/real-usage/headline"
import { type LeanPart, leanBill, logParts } from "@/lib/real-usage/tune-bill"

import { editsOfRequest, withConfig } from "./config"
import { readLog, replay, replayOptions } from "./log-reading"

/** Per candidate (same order as the configs): NaN where the engine rejected it. Typed arrays: small to post, no garbage for the page. */
export interface FileScores {
  /** The bill with the config (re-fetches included, scaled by the replay's error): the analysis' `config.bill`. */
  cost: Float64Array
  /** The largest request the config controls. */
  peak: Float64Array
  /** 1 where the largest request is over the session's context window. */
  over: Uint8Array
  /** 1 where the config would break the agent (it clears results before the model reads them). */
  infeasible: Uint8Array
  /** Whether the lean path was used. */
  fast: boolean
}

type Request = Record<string, unknown>
type Score = {
  cost: number
  peak: number
  rejected: number
  infeasible: boolean
} | null
type Own = ReturnType<typeof replay>

/**
 * What the lean path takes once per file from the log's own replay: a
 * session base per conversation the client ran (one, or one per part of a
 * conversation it restarted from a summary: session/restarts.ts).
 */
function leanParts(
  request: Request,
  usage: RealUsage[],
  options: SimulateOptions
) {
  const messages = request.messages as unknown[]
  const segments = restartSegments(messages)
  const bases: Array<{ b: SessionBase; messages: unknown[]; message: number }> =
    []
  for (const seg of segments ?? [{ messages, message: 0 }]) {
    if (requestEnds(seg.messages).length === 0) continue
    const part = segments ? { ...request, messages: seg.messages } : request
    const base = sessionBase(part, options)
    if (!base.ok) return null
    bases.push({ b: base.base, messages: seg.messages, message: seg.message })
  }
  const o = replayOptions(request)
  return {
    request,
    bases,
    whole: segments === null,
    parts: logParts(request, usage, o, options),
    summaryTokens: o.summaryTokens ?? SUMMARY_TOKENS,
  }
}

/** A config's score on the lean path (null: timeline() would take another path). */
function leanScore(
  p: NonNullable<ReturnType<typeof leanParts>>,
  body: Request,
  options: SimulateOptions
): Score {
  const runs: LeanPart[] = []
  for (const { b, messages, message } of p.bases) {
    const part = p.whole ? body : { ...body, messages }
    const cfg = engineEdits(b, part, options)
    if (!cfg) return null
    runs.push({ b, run: runSession(b, cfg.edits, p.summaryTokens), message })
  }
  return {
    ...leanBill(p.parts, p.request, runs, DEFAULT_AGENT_SWITCHES),
    rejected: 0,
  }
}

/**
 * The config as it acts on this session: an edit that can never fire here
 * is left out (a clearing trigger above every request's size or above the
 * session's tool uses; a compaction trigger above every request, when the
 * log has no compaction of its own; clear_thinking without thinking on).
 * Configs that act alike are scored once.
 */
export function actingConfig(
  c: TuneConfig,
  s: { maxSize: number; uses: number; thinking: boolean; ownCompact: boolean }
): TuneConfig {
  const out: TuneConfig = { ...c }
  const t = c.tool?.trigger
  if (t && t.value >= (t.type === "input_tokens" ? s.maxSize : s.uses))
    delete out.tool
  if (c.compact !== undefined && c.compact >= s.maxSize && !s.ownCompact)
    delete out.compact
  if (!s.thinking) delete out.thinking
  return out
}

/** What actingConfig needs to know of a session. */
function sessionFacts(request: Request, own: Own) {
  const th = (request.thinking as { type?: unknown } | undefined)?.type
  let uses = 0
  for (const m of request.messages as Array<{ content?: unknown }>)
    if (Array.isArray(m.content))
      for (const b of m.content as Array<{ type?: unknown }>)
        if (b.type === "tool_use" || b.type === "server_tool_use") uses++
  let maxSize = 0
  for (const p of own.t.points)
    if (p.ok) maxSize = Math.max(maxSize, p.originalTokens)
  return {
    maxSize,
    uses,
    thinking: th === "enabled" || th === "adaptive",
    ownCompact: editsOfRequest(request).some(
      (e) => e.type === blockOwner("compaction")
    ),
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
      f.rejected === r.rejected &&
      f.infeasible === r.infeasible

/** Scores every config on one log (see the file comment). */
export function evaluateConfigs(
  text: string,
  configs: readonly TuneConfig[],
  options: SimulateOptions
): FileScores {
  const n = configs.length
  const out: FileScores = {
    cost: new Float64Array(n),
    peak: new Float64Array(n),
    over: new Uint8Array(n),
    infeasible: new Uint8Array(n),
    fast: false,
  }
  const log = readLog(text)
  if ("error" in log) return out
  const request = log.request as Request
  const window =
    getModelInfo(String(request.model)).contextWindow ??
    Number.POSITIVE_INFINITY
  const own = replay(request, log.usage, options)
  const rejected = (r: Own) => r.t.points.filter((p) => !p.ok).length
  const body = (c: TuneConfig) => withConfig(request, editsOf(c)).request
  const exact = (c: TuneConfig): Score => {
    const r = replay(body(c), log.usage, options)
    return {
      cost: billDollars(r.c, own.c),
      peak: r.peak,
      rejected: rejected(r),
      infeasible: r.c.infeasible !== null,
    }
  }
  const lean =
    rejected(own) === 0 ? leanParts(request, log.usage, options) : null
  let useLean = lean !== null
  // Checked against the exact path: the first config of each shape (which
  // edits it has), so every kind of edit the pass scores is compared once.
  const checked = new Set<string>()
  const facts = sessionFacts(request, own)
  const memo = new Map<string, Score>()
  for (let k = 0; k < n; k++) {
    const c = actingConfig(configs[k]!, facts)
    const key = JSON.stringify(c)
    // Compaction and clearing take different paths in the engine; thinking
    // and the other options ride on theirs.
    const shape = c.compact !== undefined ? "compact" : c.tool ? "tool" : "none"
    let r: Score
    if (memo.has(key)) r = memo.get(key)!
    else if (!checked.has(shape) || !useLean) {
      checked.add(shape)
      r = exact(c)
      if (useLean && !same(leanScore(lean!, body(c), options), r))
        useLean = false
    } else r = leanScore(lean!, body(c), options) ?? exact(c)
    memo.set(key, r)
    // A config is out when the engine rejects more of this session than
    // the log's own config (those requests would be left out of its sum).
    const ok = r !== null && r.rejected <= rejected(own)
    out.cost[k] = ok ? r!.cost : Number.NaN
    out.peak[k] = ok ? r!.peak : Number.NaN
    out.over[k] = ok && r!.peak > window ? 1 : 0
    out.infeasible[k] = ok && r!.infeasible ? 1 : 0
  }
  out.fast = useLean
  return out
}
