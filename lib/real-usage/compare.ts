/**
 * A Claude Code log's real numbers beside the engine's replay of it
 * (docs/semantics.md#session-replay): every API call of the file — the
 * imported conversation's, each subagent's, each side call's — with what
 * the log billed and what the engine's replay of the same call costs.
 * The imported conversation is replayed on the page's timeline (its
 * config: the what-if); every other conversation of the file on its own
 * timeline, with the config it was imported with. A call the engine cannot
 * replay is priced as logged and listed with the reason.
 */
import {
  type AgentSwitches,
  agentSwitches,
  type Losses,
  type LostResult,
  type Refetch,
  type SimulateOptions,
  type Timeline,
  timeline,
  type UnreadResult,
} from "@/lib/context-editing"
import type { ImportedRequest, RealUsage } from "@/lib/import/types"

import {
  type Billed,
  billedDollars,
  loggedBilled,
  realInput,
  usageDollars,
} from "./bill"
import { type LoggedMiss, loggedMiss, type MissContext } from "./misses"
import { conversationLosses, NO_LOSSES } from "./needs/conversation"
import {
  type LoggedHistory,
  loggedHistory,
  type MissCause,
  pointsByLast,
  replayConversation,
  type ReplayedCall,
} from "./replay"

export { realInput, usageDollars } from "./bill"

/** One API call: what the log says, and the replay of the same call. */
export interface RealRow {
  /** The request of its conversation's timeline (0: none). */
  request: number
  lastMessage: number
  call: string
  /** "main" (the imported conversation) or a subagent's thread id. */
  thread: string
  model: string
  /** input + cache write + cache read, as the log recorded. */
  real: number
  /** The engine's size of the request as sent (no edits applied). */
  predicted: number
  /** The engine's size with the current config's edits. */
  withEdits: number
  /** The part the log does not contain (system prompt, tools), for this call's conversation. */
  hidden: number
  /** What the log's usage cost, in US dollars (input side only). */
  realDollars: number
  /** The log's and the replay's tokens by how they were billed. */
  logged: Billed
  replayed: Billed
  /** The replay's input dollars for this call. */
  replayDollars: number
  /** Why the replay writes more than the content the request adds (null: it does not). */
  cause: MissCause | null
  /** Where the log shows a cache miss: the tokens written again and what they cost. */
  miss: LoggedMiss | null
  /** Why the engine cannot replay this call (it is priced as logged); absent when it can. */
  unmodelled?: string
}

export interface RealComparison {
  /** One row per API call of the file (every conversation), in log order. */
  rows: RealRow[]
  /** The imported conversation's hidden part (system prompt and tools the log leaves out), per request. */
  hidden: number
  /** The file's real input cost as run, every call at its own model's prices. */
  realDollars: number
  /** The same calls replayed by the engine: the imported conversation with the current config, the others as logged in config. */
  configDollars: number
  /** The largest request with the current config, the hidden part included. */
  configPeak: number
  /** The largest real request of the log. */
  realPeak: number
  /** Calls of the log with a row (every call: `realUsage.length`). */
  matched: number
  /** Calls the engine could not replay (priced as logged), with the reason. */
  unmodelled: Array<{ call: string; reason: string }>
  /** Cache misses the log shows: how many, and what they cost. */
  misses: { count: number; dollars: number }
  /** Output tokens of every call (held as logged in every number; not priced). */
  outputTokens: number
  /**
   * Calls the log shows happened but holds no usage for: each compaction's
   * summarising call, priced from the context before it (read from the
   * cache the call before had just filled). In neither the bill nor the
   * replay above; the headline adds them to neither.
   */
  unseen: { calls: number; tokens: number; dollars: number }
  /**
   * What the config forces the agent to fetch again: results it takes out
   * before a later turn used them (docs/semantics.md#result-needs), each
   * fetched again by one more request. Not in `configDollars`. 0 with the
   * log's own config.
   */
  refetch: Refetch
  /** The summaries the config's compactions write beyond the log's own (output the log does not hold; not in `configDollars`). */
  summaries: Refetch
  /** Why the config would break the agent (it clears results before the model reads them); null: it would not. */
  infeasible: string | null
  /** The results behind `refetch`, and those cleared before they were read. */
  lost: LostResult[]
  unread: UnreadResult[]
}

/** What the what-if assumes beyond the config (each a named switch). */
export interface WhatIfOptions {
  agent?: Partial<AgentSwitches>
}

const timelines = new WeakMap<
  ImportedRequest,
  { options: SimulateOptions | undefined; t: Timeline }
>()

/** The timeline of a conversation the file holds besides the imported one (memoised per options). */
function sideTimeline(
  request: ImportedRequest,
  options: SimulateOptions | undefined
): Timeline {
  const seen = timelines.get(request)
  if (seen && seen.options === options) return seen.t
  const t = timeline(request as unknown as Record<string, unknown>, options)
  timelines.set(request, { options, t })
  return t
}

/** A conversation of the file: its calls in log order, its timeline (the page's, for the imported one) and its timeline as logged. */
interface Conversation {
  t: Timeline | null
  asLogged: Timeline | null
  messages: ImportedRequest["messages"]
  calls: RealUsage[]
}

/** The file's conversations: the calls of each, in log order, with its timelines. */
function conversations(
  t: Timeline,
  usage: readonly RealUsage[],
  options: SimulateOptions | undefined
) {
  const main = usage[0]?.thread ?? "main"
  const groups = new Map<string, Conversation>()
  for (const u of usage) {
    const id = u.thread ?? main
    let g = groups.get(id)
    if (!g) {
      g = { t: id === main ? t : null, asLogged: null, messages: [], calls: [] }
      groups.set(id, g)
    }
    if (u.conversation && !g.asLogged) {
      // The conversation with the config it was logged with: the past the
      // replay as run and every what-if share (docs/semantics.md#session-replay).
      g.asLogged = sideTimeline(u.conversation, options)
      g.messages = u.conversation.messages
      g.t ??= g.asLogged
    }
    g.calls.push(u)
  }
  for (const g of groups.values()) g.asLogged ??= g.t
  return { main, groups }
}

/**
 * The imported conversation's history as logged (history.ts): what
 * `compareWithLog(t, usage, options)` shares between its replay as run and
 * the what-if on `t` (null: the file holds no call of it).
 */
export function importedHistory(
  t: Timeline,
  usage: readonly RealUsage[],
  options?: SimulateOptions
): LoggedHistory | null {
  const { main, groups } = conversations(t, usage, options)
  const g = groups.get(main)
  if (!g?.asLogged) return null
  return loggedHistory(g.calls, pointsByLast(g.asLogged), g.messages)
}

/** The replay as run and with the timeline's config, sharing the log's history. */
function replayBoth(g: Conversation) {
  if (!g.t || !g.asLogged) {
    const none = g.calls.map(() => null)
    return { hidden: 0, asRun: none, whatIf: none }
  }
  const points = pointsByLast(g.asLogged)
  const history = loggedHistory(g.calls, points, g.messages)
  const asRun = replayConversation(g.calls, g.asLogged, points, history)
  const whatIf =
    g.t === g.asLogged
      ? asRun
      : replayConversation(g.calls, g.t, pointsByLast(g.t), history)
  return { hidden: history.hidden, asRun, whatIf }
}

/**
 * Per call of a conversation: what its model's cache held after the call
 * before on that model (caches are per model), and the hidden part.
 */
function missContexts(
  calls: readonly RealUsage[],
  hidden: number
): MissContext[] {
  const held = new Map<string, number>()
  return calls.map((u) => {
    const cachedBefore = held.get(u.model) ?? null
    held.set(u.model, u.cache_read_input_tokens + u.cache_creation_input_tokens)
    return { cachedBefore, hidden }
  })
}

function rowOf(
  u: RealUsage,
  r: ReplayedCall | null,
  asRun: ReplayedCall | null,
  around: MissContext,
  reason: string | undefined
): RealRow {
  const { hidden } = around
  const logged = loggedBilled(u)
  const realDollars = usageDollars(u)
  const p = r?.point
  return {
    request: p?.request ?? 0,
    lastMessage: p?.lastMessage ?? u.messageIndex,
    call: u.call ?? "",
    thread: u.thread ?? "main",
    model: u.model,
    real: realInput(u),
    predicted: p?.originalTokens ?? 0,
    withEdits: p?.inputTokens ?? 0,
    hidden,
    realDollars,
    logged,
    replayed: r ? r.replay : logged,
    replayDollars: r ? r.dollars + r.compaction : realDollars,
    cause: r ? r.cause : null,
    miss: loggedMiss(u, asRun, around),
    ...(r ? {} : { unmodelled: reason ?? "no request of its conversation" }),
  }
}

/**
 * Lines every call of the log up with the engine's replay of it. `options`
 * (the page's estimator, assumptions) count the file's other conversations
 * as the page counts `t`.
 */
export function compareWithLog(
  t: Timeline,
  usage: RealUsage[],
  options?: SimulateOptions,
  what: WhatIfOptions = {}
): RealComparison {
  const { main, groups } = conversations(t, usage, options)
  const byCall = new Map<RealUsage, RealRow>()
  const agent = agentSwitches(what.agent)
  let hiddenMain = 0
  let losses: Losses = NO_LOSSES
  for (const [id, g] of groups) {
    const { hidden, asRun, whatIf } = replayBoth(g)
    if (id === main) hiddenMain = hidden
    if (id === main && g.t)
      losses = conversationLosses(
        g.t,
        g.calls,
        hidden,
        agent,
        usage[0]?.config ?? null,
        options
      )
    const around = missContexts(g.calls, hidden)
    g.calls.forEach((u, i) => {
      const why =
        u.unmodelled ??
        (g.t ? "its request failed in the engine" : "no conversation to replay")
      byCall.set(u, rowOf(u, whatIf[i]!, asRun[i]!, around[i]!, why))
    })
  }
  const rows = usage.map((u) => byCall.get(u)!)
  const missed = rows.filter((r) => r.miss)
  return {
    rows,
    hidden: hiddenMain,
    realDollars: rows.reduce((s, r) => s + r.realDollars, 0),
    configDollars: rows.reduce((s, r) => s + r.replayDollars, 0),
    configPeak: t.peak.withEdits + hiddenMain,
    realPeak: usage.reduce((m, u) => Math.max(m, realInput(u)), 0),
    matched: rows.length,
    unmodelled: rows
      .filter((r) => r.unmodelled)
      .map((r) => ({ call: r.call, reason: r.unmodelled! })),
    misses: {
      count: missed.length,
      dollars: missed.reduce((s, r) => s + r.miss!.dollars, 0),
    },
    outputTokens: usage.reduce((s, u) => s + u.output_tokens, 0),
    unseen: unseenCompactions(usage),
    refetch: losses.refetch,
    summaries: losses.summaries,
    infeasible: losses.infeasible,
    lost: losses.lost,
    unread: losses.unread,
  }
}

/**
 * The summarising calls of the log's compactions, which the file holds no
 * usage for: each reads the context as it stood before the compaction (its
 * `preTokens`, else the conversation's largest call: a compaction comes at
 * the peak) from the cache, at the conversation's model.
 */
function unseenCompactions(usage: readonly RealUsage[]) {
  let calls = 0
  let tokens = 0
  let dollars = 0
  for (const u of usage) {
    for (const c of u.compactions ?? []) {
      const size =
        c.preTokens ??
        usage
          .filter((x) => x.thread === u.thread)
          .reduce((m, x) => Math.max(m, realInput(x)), 0)
      calls++
      tokens += size
      dollars += billedDollars(u.model, {
        uncached: 0,
        write5m: 0,
        write1h: 0,
        read: size,
      })
    }
  }
  return { calls, tokens, dollars }
}
