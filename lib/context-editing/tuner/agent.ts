/**
 * What a candidate config costs the agent (docs/semantics.md#result-needs),
 * beside what it costs in dollars: whether it clears a result before the
 * model has read it (then it breaks the agent, and the tuner never puts it
 * forward), and the re-fetches it forces — results it takes out before a
 * later turn used them, by the session's own evidence (session/needs/).
 */
import { priceOf } from "../request/prices"
import { resultNeeds, type ResultNeed } from "../session/needs/evidence"
import {
  type Losses,
  lossesOf,
  NO_REFETCH,
  type RequestCosts,
} from "../session/needs/losses"
import { type AgentSwitches } from "../session/needs/switches"
import { presenceOf, type ResultPresence } from "../session/presence"
import type { SessionBase } from "../session/base"
import type { SessionRun } from "../session/run"
import type { TimelineOptions } from "../session/timeline-types"
import { CACHE_WRITE_1H } from "../result/cache-impact"
import { SUMMARY_TOKENS } from "../session/summary"

/** What the agent pays for a config: its re-fetches, and whether it breaks. */
export type AgentCost = Pick<Losses, "refetch" | "summaries" | "infeasible"> & {
  /** Results it takes out while a later turn still needs them. */
  lost: number
}

export const NO_AGENT_COST: AgentCost = {
  refetch: NO_REFETCH,
  summaries: NO_REFETCH,
  infeasible: null,
  lost: 0,
}

const needsMemo = new WeakMap<object, ResultNeed[]>()
const NO_MESSAGES: readonly unknown[] = []

/** A conversation's evidence of which later turn used each result (once per messages array). */
function needsOf(messages: readonly unknown[]): ResultNeed[] {
  let out = needsMemo.get(messages)
  if (!out) {
    out = resultNeeds(messages)
    needsMemo.set(messages, out)
  }
  return out
}

/** The session's evidence of which later turn used each result (once per session). */
export function sessionNeeds(b: SessionBase): ResultNeed[] {
  const messages = b.body.messages
  return needsOf(Array.isArray(messages) ? messages : NO_MESSAGES)
}

/** The session's own prices for its re-fetches: each request's prompt with the config, at the request's model. */
export function runCosts(
  b: SessionBase,
  run: SessionRun,
  tl: TimelineOptions
): RequestCosts {
  const price = priceOf(b.body.model)
  return {
    prompt: (k) => run.steps[k]?.inputTokens ?? 0,
    price: () => price,
    cached: (tl.caching ?? "end") !== "none",
    ttl: tl.writePrice === CACHE_WRITE_1H ? "1h" : "5m",
    summaryTokens: tl.summaryTokens ?? SUMMARY_TOKENS,
  }
}

/**
 * The agent's cost of a run, priced by `costs` (the session's own, or a
 * log's); `baseline`: the log's own config, whose losses are not the
 * config's.
 */
export function agentCost(
  p: ResultPresence,
  b: SessionBase,
  costs: RequestCosts,
  s: AgentSwitches,
  baseline: ResultPresence | null = null
): AgentCost {
  return costOfLosses(lossesOf(p, sessionNeeds(b), costs, s, baseline))
}

const costOfLosses = (l: Losses): AgentCost => ({
  refetch: l.refetch,
  summaries: l.summaries,
  infeasible: l.infeasible,
  lost: l.lost.length,
})

/**
 * The agent's cost of a timeline whose requests' results are known
 * (`timelinePresence`: a conversation its client restarted, priced part by
 * part), against the whole conversation's needs.
 */
export function timelineAgentCost(
  p: ResultPresence,
  messages: readonly unknown[],
  costs: RequestCosts,
  s: AgentSwitches,
  baseline: ResultPresence | null = null
): AgentCost {
  return costOfLosses(lossesOf(p, needsOf(messages), costs, s, baseline))
}

/** The agent's cost of a run on the session's own prices. */
export function runAgentCost(
  b: SessionBase,
  run: SessionRun,
  tl: TimelineOptions,
  s: AgentSwitches
): AgentCost {
  return agentCost(presenceOf(b, run), b, runCosts(b, run, tl), s)
}
