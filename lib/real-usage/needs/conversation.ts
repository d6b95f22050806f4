/**
 * What a config costs the agent on one conversation of a log
 * (docs/semantics.md#result-needs): the evidence of which later turn used
 * each result (evidence.ts, once per transcript), the results the config
 * takes out of each request (the session engine's run behind the timeline,
 * `timelinePresence`), and the re-fetches that forces, priced at each
 * request's own model on the replayed prompt. Nothing with the log's own
 * config: that run is what happened.
 */
import {
  type AgentSwitches,
  type Losses,
  lossesOf,
  NO_REFETCH,
  priceOf,
  type RequestCosts,
  type ResultNeed,
  resultNeeds,
  type SimulateOptions,
  type Timeline,
  timeline,
  timelinePresence,
} from "@/lib/context-editing"
import type { RealUsage } from "@/lib/import/types"

import { inferBreakpoints } from "../replay"

export const NO_LOSSES: Losses = {
  refetch: NO_REFETCH,
  summaries: NO_REFETCH,
  lost: [],
  unread: [],
  infeasible: null,
}

const needsMemo = new WeakMap<object, ResultNeed[]>()

/** The evidence of a transcript (computed once per messages array). */
export function needsOf(messages: readonly unknown[]): ResultNeed[] {
  let out = needsMemo.get(messages)
  if (!out) needsMemo.set(messages, (out = resultNeeds(messages)))
  return out
}

/** A request's config: everything but its messages, as text. */
export const configKey = (r: Record<string, unknown>): string => {
  const { messages: _m, ...rest } = r
  return JSON.stringify(rest)
}

/** What each request of a conversation costs, for pricing its re-fetches. */
export function requestCosts(
  t: Timeline,
  calls: readonly RealUsage[],
  hidden: number,
  model: string
): RequestCosts {
  const byMessage = new Map(calls.map((u) => [u.messageIndex, u.model]))
  const mode = t.caching === "end" ? inferBreakpoints(calls) : t.caching
  const hour = calls.some((u) => (u.cache_creation_1h_input_tokens ?? 0) > 0)
  return {
    prompt: (k) => {
      const p = t.points[k]
      return p?.ok ? p.inputTokens + hidden : 0
    },
    price: (k) =>
      priceOf(byMessage.get(t.points[k]?.lastMessage ?? -1) ?? model),
    cached: mode !== "none",
    ttl: hour ? "1h" : "5m",
    summaryTokens: t.summaryTokens,
  }
}

/** The same conversation with the log's own config (null: none recorded). */
function baselineOf(
  t: Timeline,
  request: Record<string, unknown>,
  logged: Record<string, unknown>,
  options: SimulateOptions | undefined
) {
  const own = timeline({ ...logged, messages: request.messages }, options, {
    caching: t.caching,
    writePrice: t.writePrice,
    summaryTokens: t.summaryTokens,
  })
  return timelinePresence(own)
}

/**
 * What the config of `t` costs the agent on this conversation. `logged`:
 * the config the log ran with (the request without its messages); with it,
 * nothing is lost.
 */
export function conversationLosses(
  t: Timeline,
  calls: readonly RealUsage[],
  hidden: number,
  s: AgentSwitches,
  logged: Record<string, unknown> | null,
  options?: SimulateOptions
): Losses {
  const p = timelinePresence(t)
  if (!p || p.ids.length === 0) return NO_LOSSES
  const request = p.request
  if (logged && configKey(logged) === configKey(request)) return NO_LOSSES
  const messages = request.messages as unknown[]
  const model = String(request.model ?? "")
  const costs = requestCosts(t, calls, hidden, model)
  const needs = needsOf(messages)
  const first = lossesOf(p, needs, costs, s)
  if (!logged || (first.refetch.calls === 0 && first.unread.length === 0))
    return first
  // Only what the log's own config kept is the config's loss.
  const base = baselineOf(t, request, logged, options)
  return base ? lossesOf(p, needs, costs, s, base) : first
}
