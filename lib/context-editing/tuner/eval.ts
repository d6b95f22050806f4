/**
 * One tuner candidate: an edit configuration, turned into the API's
 * `context_management.edits` array and evaluated over the whole session
 * exactly as timeline() does (the same engine, the same summing), so an
 * entry's cost and peak are what timeline() reports for that config.
 */
import { CACHE_READ, CACHE_WRITE, CACHE_WRITE_1H } from "../result/cache-impact"
import type { SessionCaching } from "../request/cache-setup"
import { priceOf, requestDollars } from "../request/prices"
import { cacheTokens } from "../session/cache"
import type { SessionBase } from "../session/base"
import { SUMMARY_TOKENS } from "../session/summary"
import { runSession, type SessionRun } from "../session/run"
import { engineEdits, timeline } from "../session/timeline"
import type { Timeline, TimelineOptions } from "../session/timeline-types"
import type { SimulateOptions } from "../types"
import { parseEdits } from "../rules/parse-edits"

/** A candidate configuration (undefined parts: that edit is absent). */
export interface TuneConfig {
  thinking?: "all" | number
  tool?: {
    trigger: { type: "input_tokens" | "tool_uses"; value: number }
    keep: number
    clearAtLeast: number | null
    exclude: string[]
    inputs: boolean
  }
  compact?: number
}

/** One point of the frontier. */
export interface TuneEntry {
  /** The `context_management.edits` array of this config. */
  edits: Record<string, unknown>[]
  /** Session input cost in dollars (= timeline().cost.withEdits). */
  cost: number
  /** The largest input tokens of any request (= max of timeline() inputTokens). */
  peak: number
  /** Requests (1-based) that would still exceed the context window. */
  overflows: number[]
  /** The same cost in input-token equivalents. */
  equivalents: number
  /** Input tokens sent over the session. */
  tokens: number
  /** Requests at which compaction fires. */
  compactions: number[]
  /** A short description of the config. */
  label: string
}

/** The API's edits array of a config (clear_thinking first, as the API requires). */
export function editsOf(c: TuneConfig): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = []
  if (c.thinking !== undefined)
    out.push({
      type: "clear_thinking_20251015",
      keep:
        c.thinking === "all"
          ? "all"
          : { type: "thinking_turns", value: c.thinking },
    })
  const t = c.tool
  if (t) {
    const e: Record<string, unknown> = {
      type: "clear_tool_uses_20250919",
      trigger: { ...t.trigger },
      keep: { type: "tool_uses", value: t.keep },
    }
    if (t.clearAtLeast !== null)
      e.clear_at_least = { type: "input_tokens", value: t.clearAtLeast }
    if (t.exclude.length > 0) e.exclude_tools = [...t.exclude]
    if (t.inputs) e.clear_tool_inputs = true
    out.push(e)
  }
  if (c.compact !== undefined)
    out.push({
      type: "compact_20260112",
      trigger: { type: "input_tokens", value: c.compact },
    })
  return out
}

const fmtK = (n: number) =>
  n >= 1000 ? `${Math.round(n / 1000).toLocaleString("en-US")}k` : String(n)

/** A short description: "clear tool uses > 100k, keep 3 · compact at 150k". */
export function labelOf(c: TuneConfig): string {
  const parts: string[] = []
  if (c.thinking !== undefined) parts.push(`thinking keep ${c.thinking}`)
  const t = c.tool
  if (t)
    parts.push(
      `tool results > ${t.trigger.type === "input_tokens" ? fmtK(t.trigger.value) : `${t.trigger.value} uses`}, keep ${t.keep}${t.keep === 0 ? " (clears even the newest result)" : ""}` +
        (t.clearAtLeast !== null ? `, at least ${fmtK(t.clearAtLeast)}` : "") +
        (t.exclude.length ? `, not ${t.exclude.join("/")}` : "") +
        (t.inputs ? ", inputs too" : "")
    )
  if (c.compact !== undefined) parts.push(`compact at ${fmtK(c.compact)}`)
  return parts.length ? parts.join(" · ") : "no edits"
}

/** Evaluates configs of one session; null for a config the API would reject. */
export interface Evaluator {
  evaluate(c: TuneConfig): TuneEntry | null
  count: number
}

function entryOf(c: TuneConfig, t: Timeline): TuneEntry | null {
  if (t.points.some((p) => !p.ok)) return null
  return {
    edits: editsOf(c),
    cost: t.cost.withEdits,
    peak: t.peak.withEdits,
    overflows: t.overflows,
    equivalents: t.equivalents.withEdits,
    tokens: t.tokens.withEdits,
    compactions: t.compactions,
    label: labelOf(c),
  }
}

/**
 * What entryOf reads from a timeline, for the side with the edits only:
 * the same cache model and the same sums in the same order as timeline.ts
 * `assemble`, so the numbers are identical, without the side without edits
 * or per-point objects.
 */
function totals(
  b: SessionBase,
  run: SessionRun,
  o: { caching: SessionCaching; writePrice: number },
  request: Record<string, unknown>
): Timeline {
  const price = priceOf(request.model)
  const ttl = o.writePrice === CACHE_WRITE_1H ? "1h" : "5m"
  const cw = b.model.contextWindow
  const t = {
    points: [] as Timeline["points"],
    cost: { withEdits: 0, withoutEdits: 0 },
    equivalents: { withEdits: 0, withoutEdits: 0 },
    tokens: { withEdits: 0, withoutEdits: 0 },
    peak: { withEdits: 0, withoutEdits: 0 },
    overflows: [] as number[],
    compactions: [] as number[],
  }
  const steps = run.steps
  for (let k = 0; k < steps.length; k++) {
    const st = steps[k]!
    const u = cacheTokens(
      b,
      run.tc,
      k > 0 ? steps[k - 1]!.after : null,
      st.after,
      st.inputTokens,
      o.caching
    )
    if (st.compacted) t.compactions.push(k + 1)
    t.cost.withEdits += requestDollars(price, u, ttl)
    t.equivalents.withEdits +=
      CACHE_READ * u.read + o.writePrice * u.written + u.uncached
    t.tokens.withEdits += st.inputTokens
    t.peak.withEdits = Math.max(t.peak.withEdits, st.inputTokens)
    if (cw !== null && st.inputTokens > cw) t.overflows.push(k + 1)
  }
  return t as unknown as Timeline
}

/**
 * The compaction trigger every config of this session must send: a
 * conversation that replays compaction blocks (a compacted log) is a 400
 * without a compact edit, so a config without one keeps the request's own
 * (or the documented default). Undefined when the session has none.
 */
function requiredCompact(
  request: Record<string, unknown>,
  b: SessionBase | null
): number | undefined {
  if (!b || b.a.compactionRecs.length === 0) return undefined
  const parsed = parseEdits(request.context_management)
  const own = parsed.ok
    ? parsed.value?.find((e) => e.type === "compact_20260112")
    : undefined
  return own?.type === "compact_20260112" ? own.trigger : 150_000
}

/** An evaluator on the session engine (or, for sessions it does not model, on timeline()). */
export function evaluator(
  request: Record<string, unknown>,
  options: SimulateOptions,
  tl: TimelineOptions,
  b: SessionBase | null
): Evaluator {
  const o = {
    budget: Number.POSITIVE_INFINITY,
    summaryTokens: tl.summaryTokens ?? SUMMARY_TOKENS,
    caching: tl.caching ?? "end",
    writePrice: tl.writePrice ?? CACHE_WRITE,
  }
  const compact = requiredCompact(request, b)
  const ev: Evaluator = {
    count: 0,
    evaluate(config) {
      ev.count++
      const c =
        compact !== undefined && config.compact === undefined
          ? { ...config, compact }
          : config
      const body = {
        ...request,
        context_management: { edits: editsOf(c) },
      }
      if (!b) return entryOf(c, timeline(body, options, o))
      const cfg = engineEdits(b, body, options)
      // The API rejects it (error points), or the engine does not model it.
      if (!cfg) return entryOf(c, timeline(body, options, o))
      const run = runSession(b, cfg.edits, o.summaryTokens)
      return entryOf(c, totals(b, run, o, request))
    },
  }
  return ev
}

/** Parses a config's edits like simulate does (a config the schema rejects is never evaluated). */
export const parses = (c: TuneConfig): boolean =>
  parseEdits({ edits: editsOf(c) }).ok
