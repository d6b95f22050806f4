/**
 * The session as a sequence of requests (docs/semantics.md#prompt-cache): an agent
 * sends the conversation again after every user message (a question or tool
 * results), and the server edits each request afresh. For each request:
 * the tokens before and after the edits, what was applied, and what the
 * prompt cache reads and writes compared with the request before it, with
 * and without the edits, in input-token equivalents and in dollars.
 *
 * Every request is covered. The session engine (base.ts, run.ts, cache.ts,
 * and each kind's rules/<kind>/session.ts) computes each request from what
 * does not change between requests (block counts, pairs, turns, prefix
 * sums); each point equals simulate() of that request alone. Sessions it
 * does not model (listed in base.ts `unsupported`, a kind without a session
 * rule, a second copy of a kind modelled once, compaction blocks without
 * the edit that owns them, a config the API rejects) are simulated request
 * by request (replay.ts).
 *
 * Cache model (stated in the UI), per the request's own caching
 * (request/cache-setup.ts `sessionCaching`): "end" caches each request to its end
 * (automatic caching, or a breakpoint an agent moves to each request's last
 * block) and the next reads it up to the first block that differs;
 * "prefix" caches only the tools and system prompt; "none" caches nothing.
 */
import { CACHE_READ, CACHE_WRITE, CACHE_WRITE_1H } from "../result/cache-impact"
import { DEFAULT_MODEL_ID, getModelInfo } from "../request/models"
import { OUTPUT_NOT_MODELLED, priceOf, requestDollars } from "../request/prices"
import { type SessionBase, sessionBase } from "./base"
import { cacheTokens } from "./cache"
import { SUMMARY_TOKENS } from "./summary"
import { runSession, type SessionRun } from "./run"
import { accepts } from "../result/simulate"
import { presenceOf, rememberJoined, rememberPresence } from "./presence"
import {
  joinedPresence,
  placedPoint,
  restartSegments,
  type Segment,
} from "./restarts"
import { replayEach, windowStart } from "./replay"
import type {
  BreakAt,
  CacheUse,
  RawPoint,
  Timeline,
  TimelineOptions,
} from "./timeline-types"
import type { SimulateOptions } from "../types"
import { blockOwner } from "../rules/catalogue"
import { type NEdit, parseEdits } from "../rules/parse-edits"
import { ruleFor } from "../rules/registry"

import { requestEnds } from "./ends"

export { requestEnds }
export type {
  BreakAt,
  CacheUse,
  Timeline,
  TimelineOptions,
  TimelinePoint,
} from "./timeline-types"

/** Legacy: a budget of blocks callers may still pass; by default every request is covered. */
export const TIMELINE_BUDGET = Number.POSITIVE_INFINITY

/** The edits of a request when the session engine can run them (null: it cannot). */
export function engineEdits(
  b: SessionBase,
  request: Record<string, unknown>,
  options: SimulateOptions
): { edits: NEdit[] | null } | null {
  const pe = parseEdits(request.context_management)
  if (!pe.ok) return null
  const edits = pe.value
  const list = edits ?? []
  // A kind without a session rule, or a second copy of one modelled once.
  for (const e of list) {
    const rule = ruleFor(e.type).session
    if (!rule) return null
    if (rule.once && list.filter((x) => x.type === e.type).length > 1)
      return null
  }
  const owner = blockOwner("compaction")
  if (!list.some((e) => e.type === owner) && b.a.compactionRecs.length > 0)
    return null
  // Config-level checks (the API's 400s) on the first request alone.
  const first = accepts(
    {
      ...request,
      messages: (request.messages as unknown[]).slice(0, b.ends[0]! + 1),
    },
    options
  )
  return first ? { edits } : null
}

function breakAtOf(b: SessionBase, slot: number, c: number): BreakAt {
  let s = Math.max(slot, c)
  if (b.recOfSlot[s]! < 0 && s !== c) s++
  const m = b.msgOfSlot[s]!
  const rec = b.recOfSlot[s]!
  return rec < 0
    ? { messageIndex: m, blockIndex: 0, summary: true }
    : { messageIndex: m, blockIndex: rec - b.a.msgStart[m]! }
}

/** The raw points of a run, with the cache use of each side. */
export function runPoints(
  b: SessionBase,
  run: SessionRun,
  caching: TimelineOptions["caching"] & string,
  from = 0
): RawPoint[] {
  const out: RawPoint[] = []
  const steps = run.steps
  for (let k = from; k < steps.length; k++) {
    const st = steps[k]!
    const prev = k > 0 ? steps[k - 1]! : null
    const after = cacheTokens(
      b,
      run.tc,
      prev?.after ?? null,
      st.after,
      st.inputTokens,
      caching
    )
    const before = cacheTokens(
      b,
      null,
      prev?.before ?? null,
      st.before,
      st.originalTokens,
      caching
    )
    out.push({
      request: k + 1,
      lastMessage: st.after.end,
      ok: true,
      originalTokens: st.originalTokens,
      inputTokens: st.inputTokens,
      applied: st.applied,
      compacted: st.compacted,
      after: after,
      before: before,
      breakAt:
        after.breakSlot < 0
          ? null
          : {
              ...breakAtOf(b, after.breakSlot, st.after.c),
              ...(after.why ? { why: after.why } : {}),
            },
    })
  }
  return out
}

/** The incremental path's points (and its run), or null when the session needs the per-request path. */
function incremental(
  request: Record<string, unknown>,
  options: SimulateOptions,
  o: Required<Omit<TimelineOptions, "perRequest">>
): { points: RawPoint[]; b: SessionBase; run: SessionRun } | null {
  const r = sessionBase(request, options)
  if (!r.ok || r.base.ends.length === 0) return null
  const b = r.base
  const cfg = engineEdits(b, request, options)
  if (!cfg) return null
  const run = runSession(b, cfg.edits, o.summaryTokens)
  const messages = request.messages as unknown[]
  // With a budget, the first request of the window only seeds the cache.
  const first =
    o.budget === Number.POSITIVE_INFINITY
      ? 0
      : windowStart(messages, b.ends, o.budget)
  const from = first > 0 ? first + 1 : 0
  return { points: runPoints(b, run, o.caching, from), b, run }
}

type Incremental = ReturnType<typeof incremental>

/**
 * The last incremental run of each transcript (keyed by its messages
 * array): a second timeline of the same request with the same options —
 * the log's conversation as logged beside the imported one
 * (lib/real-usage/compare.ts) — reuses it. The price of a cache write is
 * applied after (assemble), so it is not part of the key.
 */
const lastRun = new WeakMap<
  object,
  { key: string; options: SimulateOptions; fast: Incremental }
>()

function incrementalOnce(
  request: Record<string, unknown>,
  options: SimulateOptions,
  o: Required<Omit<TimelineOptions, "perRequest">>
): Incremental {
  const { messages, ...rest } = request
  if (!Array.isArray(messages)) return incremental(request, options, o)
  const key = `${o.budget}|${o.summaryTokens}|${o.caching}|${JSON.stringify(rest)}`
  const seen = lastRun.get(messages)
  if (seen && seen.options === options && seen.key === key) return seen.fast
  const fast = incremental(request, options, o)
  lastRun.set(messages, { key, options, fast })
  return fast
}

const withCost = (
  u: { read: number; written: number; uncached: number },
  write: number,
  dollars: number
): CacheUse => ({
  read: u.read,
  written: u.written,
  uncached: u.uncached,
  cost: CACHE_READ * u.read + write * u.written + u.uncached,
  dollars,
})

/** Prices the raw points and sums them into a Timeline. */
export function assemble(
  request: Record<string, unknown>,
  requests: number,
  raw: RawPoint[],
  o: Required<Omit<TimelineOptions, "perRequest">>,
  engine: Timeline["engine"]
): Timeline {
  const price = priceOf(request.model)
  const ttl = o.writePrice === CACHE_WRITE_1H ? "1h" : "5m"
  const win: number | null = getModelInfo(
    typeof request.model === "string" ? request.model : DEFAULT_MODEL_ID
  ).contextWindow
  const t: Timeline = {
    requests,
    points: [],
    cost: { withEdits: 0, withoutEdits: 0 },
    equivalents: { withEdits: 0, withoutEdits: 0 },
    tokens: { withEdits: 0, withoutEdits: 0 },
    peak: { withEdits: 0, withoutEdits: 0 },
    contextWindow: null,
    firstOverflow: { withEdits: null, withoutEdits: null },
    overflows: [],
    compactions: [],
    summaryTokens: o.summaryTokens,
    caching: o.caching,
    writePrice: o.writePrice,
    price,
    pricingNote: OUTPUT_NOT_MODELLED,
    engine,
  }
  for (const p of raw) {
    if (!p.ok) {
      t.points.push(p)
      continue
    }
    const a = withCost(
      p.after,
      o.writePrice,
      requestDollars(price, p.after, ttl)
    )
    const w = withCost(
      p.before,
      o.writePrice,
      requestDollars(price, p.before, ttl)
    )
    t.points.push({
      request: p.request,
      lastMessage: p.lastMessage,
      ok: true,
      originalTokens: p.originalTokens,
      inputTokens: p.inputTokens,
      applied: p.applied,
      compacted: p.compacted,
      withEdits: a,
      withoutEdits: w,
      breakAt: p.breakAt,
    })
    if (p.compacted) t.compactions.push(p.request)
    t.cost.withEdits += a.dollars
    t.cost.withoutEdits += w.dollars
    t.equivalents.withEdits += a.cost
    t.equivalents.withoutEdits += w.cost
    t.tokens.withEdits += p.inputTokens
    t.tokens.withoutEdits += p.originalTokens
    t.peak.withEdits = Math.max(t.peak.withEdits, p.inputTokens)
    t.peak.withoutEdits = Math.max(t.peak.withoutEdits, p.originalTokens)
    t.contextWindow = win
    const cw = win ?? Number.POSITIVE_INFINITY
    if (p.inputTokens > cw) {
      t.firstOverflow.withEdits ??= p.request
      t.overflows.push(p.request)
    }
    if (p.originalTokens > cw) t.firstOverflow.withoutEdits ??= p.request
  }
  return t
}

/**
 * Every request of the session with the same options as the full request.
 * When compaction fires, the reply that follows starts with a stand-in
 * summary (summary.ts) and later requests see it; the side
 * without edits never compacts, so it is the transcript as it is.
 */
export function timeline(
  request: Record<string, unknown>,
  options?: SimulateOptions,
  {
    budget = TIMELINE_BUDGET,
    summaryTokens = SUMMARY_TOKENS,
    caching = "end",
    writePrice = CACHE_WRITE,
    perRequest = false,
  }: TimelineOptions = {}
): Timeline {
  const o = { budget, summaryTokens, caching, writePrice }
  const opts = options ?? {}
  const messages = Array.isArray(request.messages) ? request.messages : []
  const segments = restartSegments(messages)
  if (segments) return restartedTimeline(request, segments, opts, o, perRequest)
  const run = conversationPoints(request, opts, o, perRequest)
  const t = assemble(
    request,
    requestEnds(messages).length,
    run.points,
    o,
    run.engine
  )
  if (run.fast && budget === TIMELINE_BUDGET)
    rememberPresence(t, run.fast.b, run.fast.run)
  return t
}

/** One conversation's raw points, by the session engine when it can. */
function conversationPoints(
  request: Record<string, unknown>,
  opts: SimulateOptions,
  o: Required<Omit<TimelineOptions, "perRequest">>,
  perRequest: boolean
) {
  const fast = perRequest ? null : incrementalOnce(request, opts, o)
  if (fast) return { points: fast.points, engine: "incremental" as const, fast }
  const points = replayEach(request, opts, o.caching, o.summaryTokens, o.budget)
  return { points, engine: "per-request" as const, fast: null }
}

/**
 * A conversation the client started again from a summary (restarts.ts):
 * each part replayed as the conversation it was, one after the other.
 */
function restartedTimeline(
  request: Record<string, unknown>,
  segments: readonly Segment[],
  opts: SimulateOptions,
  o: Required<Omit<TimelineOptions, "perRequest">>,
  perRequest: boolean
): Timeline {
  const points: RawPoint[] = []
  const parts: Parameters<typeof joinedPresence>[1][number][] = []
  let engine: Timeline["engine"] = "incremental"
  let requests = 0
  for (const seg of segments) {
    const n = requestEnds(seg.messages).length
    if (n === 0) continue
    const part = { ...request, messages: seg.messages }
    const run = conversationPoints(part, opts, o, perRequest)
    if (run.engine === "per-request") engine = run.engine
    for (const p of run.points) points.push(placedPoint(p, seg, requests))
    if (run.fast)
      parts.push({
        seg,
        p: presenceOf(run.fast.b, run.fast.run),
        requestsBefore: requests,
      })
    requests += n
  }
  const t = assemble(request, requests, points, o, engine)
  if (engine === "incremental" && o.budget === TIMELINE_BUDGET)
    rememberJoined(t, joinedPresence(request, parts))
  return t
}
