/**
 * How the tuner prices a config. By default, the session the request holds
 * (timeline().cost.withEdits, at the request's model). With a `TuneBill`,
 * the bill of a log: every call of it, each at its own model, through the
 * log's replay (lib/real-usage/tune-bill.ts builds one), so Tune optimises
 * the number every other view shows for the same config.
 */
import type { RequestCosts } from "../session/needs/losses"
import type { ResultPresence } from "../session/presence"
import type { SessionBase } from "../session/base"
import type { SessionRun } from "../session/run"
import type { Timeline } from "../session/timeline-types"
import type { TuneConfig } from "./kinds"
import { type AgentCost, NO_AGENT_COST } from "./agent"

/** A config priced over a log's calls. */
export interface BillPrice {
  /** The bill's input dollars with the config (re-fetches not included). */
  dollars: number
  /** The largest request the config controls (the part the log lacks included). */
  peak: number
  /** Requests (1-based) over the model's context window. */
  overflows: number[]
  /** What each request costs, for pricing the re-fetches (null: not known). */
  costs: RequestCosts | null
  /** The factor every dollar of the what-if is scaled by (the bill ÷ the replay of the log's own config). */
  scale: number
}

/** Prices configs over a log's calls instead of the request's own session. */
export interface TuneBill {
  /** What the calls cover, in words ("217 calls: main thread, 3 subagents"). */
  covers: string
  /** The results the log's own config kept out (not a config's loss: it is what happened). */
  baseline: ResultPresence | null
  /** A config the session engine runs. */
  run(
    body: Record<string, unknown>,
    b: SessionBase,
    run: SessionRun
  ): BillPrice | null
  /** A config it does not (its timeline, request by request). */
  timeline(body: Record<string, unknown>, t: Timeline): BillPrice | null
}

/** The agent's cost in the bill's dollars. */
export function scaledAgent(a: AgentCost, scale: number): AgentCost {
  if (scale === 1) return a
  const times = (r: AgentCost["refetch"]) => ({
    ...r,
    dollars: r.dollars * scale,
  })
  return { ...a, refetch: times(a.refetch), summaries: times(a.summaries) }
}

/** The most tool results one user message brings (a parallel batch). */
function largestBatch(request: Record<string, unknown>): number {
  let most = 0
  const messages = Array.isArray(request.messages) ? request.messages : []
  for (const m of messages as Array<{ role?: unknown; content?: unknown }>) {
    if (m?.role !== "user" || !Array.isArray(m.content)) continue
    let n = 0
    for (const b of m.content as Array<{ type?: unknown }>)
      if (b?.type === "tool_result") n++
    most = Math.max(most, n)
  }
  return most
}

/**
 * For a session the engine replays request by request (which results each
 * request holds is not known there): a clearing config that fires and
 * keeps fewer results than the largest parallel batch clears some of them
 * in the request where they arrive.
 */
export function batchAgentCost(
  c: TuneConfig,
  t: Timeline,
  request: Record<string, unknown>
): AgentCost {
  const fires = t.points.some(
    (p) => p.ok && p.applied.some((e) => e.type === "clear_tool_uses_20250919")
  )
  const batch = largestBatch(request)
  if (!c.tool || !fires || c.tool.keep >= Math.max(1, batch))
    return NO_AGENT_COST
  return {
    ...NO_AGENT_COST,
    infeasible: `keeps ${c.tool.keep} tool result${c.tool.keep === 1 ? "" : "s"} while a request brings up to ${batch}: it clears results before the model reads them`,
  }
}
