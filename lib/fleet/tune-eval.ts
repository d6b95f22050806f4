/**
 * The tuner's candidates on one log file: for each config, the what-if's
 * input-side dollars and largest request — the numbers the folder's
 * analysis gives for that config (analyse.ts), so a config the tuner picks
 * totals, once applied, what the tuner said.
 *
 * Exactly that computation is `compareWithLog(timeline(withConfig(request,
 * edits)), usage)` per config. The lean path computes the same sums from
 * the same pieces, without what they do not change: one session base for
 * the file; per config the engine's run (runSession) and the cache of the
 * side with the edits (cacheTokens); the replay of the imported
 * conversation (replayConversation, lib/real-usage), with its hidden part
 * and the file's other conversations (replayed with their own config) taken
 * once from the log's own replay. It is used when it gives the exact path's
 * numbers on the file's first candidate with no edit, with clearing and with
 * compaction (checked per file and pass), and the exact path otherwise.
 */
import type { SimulateOptions, Timeline } from "@/lib/context-editing"
import { getModelInfo } from "@/lib/context-editing/models"
import { blockOwner } from "@/lib/context-editing/rules/catalogue"
import { sessionBase } from "@/lib/context-editing/session/base"
import { cacheTokens } from "@/lib/context-editing/session/cache"
import { SUMMARY_TOKENS } from "@/lib/context-editing/session/summary"
import { runSession } from "@/lib/context-editing/session/run"
import { engineEdits } from "@/lib/context-editing/session/timeline"
import { editsOf, type TuneConfig } from "@/lib/context-editing/tuner/eval"
import type { RealUsage } from "@/lib/import/types"
import { importedHistory, usageDollars } from "@/lib/real-usage/compare"
import { replayConversation } from "@/lib/real-usage/replay"

import { editsOfRequest, withConfig } from "./config"
import { readLog, replay, replayOptions } from "./log-reading"

/** Per candidate (same order as the configs): NaN where the engine rejected it. Typed arrays: small to post, no garbage for the page. */
export interface FileScores {
  cost: Float64Array
  peak: Float64Array
  /** 1 where the largest request is over the session's context window. */
  over: Uint8Array
  /** Whether the lean path was used. */
  fast: boolean
}

type Request = Record<string, unknown>
type Score = { cost: number; peak: number; rejected: number } | null
type Own = ReturnType<typeof replay>
type Point = Extract<Timeline["points"][number], { ok: true }>

/** What the lean path takes once per file from the log's own replay. */
function leanParts(
  request: Request,
  usage: RealUsage[],
  own: Own,
  options: SimulateOptions
) {
  const base = sessionBase(request, options)
  if (!base.ok) return null
  const main = usage[0]?.thread ?? "main"
  const isMain = usage.map((u) => (u.thread ?? main) === main)
  let side = 0
  own.c.rows.forEach((r, i) => {
    if (!isMain[i]) side += r.replayDollars
  })
  const o = replayOptions(request)
  // The log's history (start state, hidden part, resets): the same for every config.
  const history = importedHistory(own.t, usage)
  if (!history) return null
  return {
    b: base.base,
    history,
    calls: usage.filter((_, i) => isMain[i]),
    side,
    caching: o.caching ?? "end",
    summaryTokens: o.summaryTokens ?? SUMMARY_TOKENS,
  }
}

/** The replay's sums for one config on the lean path (null: timeline() would take another path). */
function leanScore(
  p: NonNullable<ReturnType<typeof leanParts>>,
  body: Request,
  options: SimulateOptions
): Score {
  const cfg = engineEdits(p.b, body, options)
  if (!cfg) return null
  const caching = p.caching
  const run = runSession(p.b, cfg.edits, p.summaryTokens)
  const points = new Map<number, Point>()
  let peak = 0
  run.steps.forEach((st, k) => {
    const prev = k > 0 ? run.steps[k - 1]!.after : null
    const u = cacheTokens(p.b, run.tc, prev, st.after, st.inputTokens, caching)
    const use = {
      read: u.read,
      written: u.written,
      uncached: u.uncached,
      cost: 0,
      dollars: 0,
    }
    points.set(st.after.end, {
      request: k + 1,
      lastMessage: st.after.end,
      ok: true,
      originalTokens: st.originalTokens,
      inputTokens: st.inputTokens,
      applied: st.applied,
      compacted: st.compacted,
      withEdits: use,
      withoutEdits: use,
      breakAt: null,
    })
    peak = Math.max(peak, st.inputTokens)
  })
  const t = { caching, points: [...points.values()] } as unknown as Timeline
  const replayed = replayConversation(p.calls, t, points, p.history)
  let cost = p.side
  replayed.forEach(
    (r, i) => (cost += r ? r.dollars + r.compaction : usageDollars(p.calls[i]!))
  )
  return { cost, peak: peak + p.history.hidden, rejected: 0 }
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
      f.rejected === r.rejected

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
    return { cost: r.dollars, peak: r.peak, rejected: rejected(r) }
  }
  const lean =
    rejected(own) === 0 ? leanParts(request, log.usage, own, options) : null
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
  }
  out.fast = useLean
  return out
}
