/**
 * What a config costs the agent (docs/semantics.md#result-needs): the
 * results it clears before the model has read them (the agent breaks: the
 * model never sees the answer to its own call), and the results it takes
 * out before a later turn used them — each such use forces a re-fetch: the
 * same call again, one more request that reads the prompt from the cache
 * and writes the call and its result, which then stays in the prompt (read
 * by every later request) as long as the config kept the original. All "if
 * the agent otherwise took the same steps".
 */
import { type ModelPrice, requestDollars } from "../../request/prices"
import type { ResultLoss, ResultPresence } from "../presence"
import type { ResultNeed } from "./evidence"
import type { AgentSwitches } from "./switches"

/** What the config forces the agent to fetch again. */
export interface Refetch {
  /** Extra requests (one per re-fetch). */
  calls: number
  /** Tokens that re-enter the prompt (each re-fetched call and result). */
  tokens: number
  /** What those requests and the longer prompts after them cost (input side). */
  dollars: number
}

/** A result the config took out before a later turn used it. */
export interface LostResult {
  id: string
  name: string
  how: ResultLoss
  /** The request (1-based) that needed it, and what showed it. */
  neededAt: number
  evidence: string
  tokens: number
}

/** A result cleared in the request where it first appears. */
export interface UnreadResult {
  id: string
  name: string
  /** The request (1-based). */
  request: number
}

export interface Losses {
  refetch: Refetch
  /**
   * The summaries the config's compactions write beyond the log's own
   * (output the log does not hold: each an assumed summary, at the model's
   * output price).
   */
  summaries: Refetch
  lost: LostResult[]
  unread: UnreadResult[]
  /** Why the config would break the agent (null: it would not). */
  infeasible: string | null
}

/** What a conversation's requests cost, for pricing the re-fetches. */
export interface RequestCosts {
  /** The prompt of request k (0-based) with the config (a log's hidden part included). */
  prompt(k: number): number
  /** The prices of request k's model. */
  price(k: number): ModelPrice
  /** Whether requests read their prefix from the cache, and the TTL they write. */
  cached: boolean
  ttl: "5m" | "1h"
  /** Tokens assumed for each compaction summary (the timeline's). */
  summaryTokens: number
}

/**
 * Output price × input price: every model on the pricing page charges 5×
 * its input for output (platform.claude.com/docs/en/about-claude/pricing).
 */
export const OUTPUT_PRICE = 5

/** The summaries the config's compactions write beyond the baseline's. */
function summariesOf(
  p: ResultPresence,
  costs: RequestCosts,
  baseline: ResultPresence | null
): Refetch {
  const extra = p.compactedAt.filter(
    (k) => !baseline || !baseline.compactedAt.includes(k)
  )
  let dollars = 0
  for (const k of extra)
    dollars += (costs.summaryTokens * OUTPUT_PRICE * costs.price(k).input) / 1e6
  return {
    calls: extra.length,
    tokens: extra.length * costs.summaryTokens,
    dollars,
  }
}

export const NO_REFETCH: Refetch = { calls: 0, tokens: 0, dollars: 0 }

/** The results cleared in the request where they first appear (not by the baseline too). */
export function unreadResults(
  p: ResultPresence,
  baseline: ResultPresence | null = null
): UnreadResult[] {
  const out: UnreadResult[] = []
  for (let j = 0; j < p.ids.length; j++) {
    const k = p.firstRequest(j)
    if (k < 0 || p.lostAt(j, k) !== "cleared") continue
    if (baseline && baseline.lostAt(j, k) !== null) continue
    out.push({ id: p.ids[j]!, name: p.names[j]!, request: k + 1 })
  }
  return out
}

/** Why the unread results break the agent, in words (null: there are none). */
export function infeasibleText(unread: readonly UnreadResult[]): string | null {
  if (unread.length === 0) return null
  const first = unread[0]!
  const n = unread.length
  return (
    `clears ${n.toLocaleString("en-US")} tool result${n === 1 ? "" : "s"} in the request where ${n === 1 ? "it" : "they"} first appear${n === 1 ? "s" : ""} ` +
    `(first: the ${first.name || "tool"} result at request ${first.request}), so the model never reads ${n === 1 ? "it" : "them"}: the agent would not see the answers to its own calls`
  )
}

/** The requests (0-based) a pair's result stays in the prompt under the config, from its first. */
function keptFor(p: ResultPresence, j: number, first: number): number {
  const n = p.ends.length
  for (let k = first; k < n; k++) if (p.lostAt(j, k) !== null) return k - first
  return n - first
}

/**
 * The dollars of one re-fetch at request k: one more request that reads
 * the prompt and writes the call and its result, which later requests read
 * while it stays (`stay` requests in all).
 */
function refetchDollars(
  c: RequestCosts,
  k: number,
  tokens: number,
  stay: number
): number {
  const prompt = c.prompt(k)
  const price = c.price(k)
  if (!c.cached)
    return requestDollars(
      price,
      { read: 0, written: 0, uncached: prompt + tokens * stay },
      c.ttl
    )
  const call = { read: prompt, written: tokens, uncached: 0 }
  const kept = { read: tokens * (stay - 1), written: 0, uncached: 0 }
  return requestDollars(price, call, c.ttl) + requestDollars(price, kept, c.ttl)
}

/** A later turn's need of a result: the request (0-based) that needed it. */
interface Need {
  k: number
  pair: number
  id: string
  name: string
  evidence: string
  /** Other pairs carrying the same piece then. */
  others: number[]
  /** A later call on the result's path: a need only once the call is gone too (compaction). */
  target: boolean
}

const evidenced = new WeakMap<readonly ResultNeed[], Map<string, Need[]>>()

/**
 * The evidence's needs in request order: config-independent (which pair,
 * which request needed it), so computed once per transcript and session.
 */
function evidenceInOrder(
  p: ResultPresence,
  needs: readonly ResultNeed[]
): Need[] {
  let byShape = evidenced.get(needs)
  if (!byShape) evidenced.set(needs, (byShape = new Map()))
  const shape = `${p.ids.length} ${p.ends.join(",")}`
  const hit = byShape.get(shape)
  if (hit) return hit
  const pairOf = new Map(p.ids.map((id, j) => [id, j]))
  const byLast = new Map(p.ends.map((e, k) => [e, k]))
  const out: Need[] = []
  for (const need of needs) {
    const j = pairOf.get(need.id)
    if (j === undefined) continue
    const first = p.firstRequest(j)
    for (const use of need.uses) {
      if (use.kind === "same-call") continue // the agent fetched it again itself
      const k = byLast.get(use.message - 1) ?? -1
      if (k <= first) continue // unanswered, or read in the request it arrives
      const others = use.alternatives
        .map((i) => pairOf.get(needs[i]!.id))
        .filter((x): x is number => x !== undefined)
      const target = use.kind === "same-target"
      const { id, name } = need
      out.push({ pair: j, id, name, k, evidence: use.evidence, others, target })
    }
  }
  out.sort((a, b) => a.k - b.k)
  byShape.set(shape, out)
  return out
}

/** Every need the switches count, in request order. */
function needsInOrder(
  p: ResultPresence,
  needs: readonly ResultNeed[],
  s: AgentSwitches
): Need[] {
  if (s.neededBy === "never") return []
  if (s.neededBy === "content") return evidenceInOrder(p, needs)
  // "every": needed once, right after the config takes it out (an upper bound).
  const out: Need[] = []
  for (let j = 0; j < p.ids.length; j++) {
    const first = p.firstRequest(j)
    const k = first + keptFor(p, j, first)
    if (first < 0 || k >= p.ends.length) continue
    const base = { pair: j, id: p.ids[j]!, name: p.names[j]!, k }
    out.push({ ...base, evidence: "assumed", others: [], target: false })
  }
  return out.sort((a, b) => a.k - b.k)
}

/**
 * What a config costs the agent on one conversation (see the file comment).
 * `baseline`: the same conversation with the log's own config; a result it
 * lacks too is not the config's loss.
 */
export function lossesOf(
  p: ResultPresence,
  needs: readonly ResultNeed[],
  costs: RequestCosts,
  s: AgentSwitches,
  baseline: ResultPresence | null = null
): Losses {
  const unread = unreadResults(p, baseline)
  const live = new Map<number, number>() // pair → last request its re-fetch stays
  const lost: LostResult[] = []
  const refetch = { calls: 0, tokens: 0, dollars: 0 }
  const gone = (j: number, k: number): ResultLoss | null => {
    const how = p.lostAt(j, k)
    if (how === null || (how === "compacted" && !s.compactionLoses)) return null
    if (baseline && baseline.lostAt(j, k) !== null) return null
    return (live.get(j) ?? -1) >= k ? null : how
  }
  const n = p.ends.length
  for (const need of needsInOrder(p, needs, s)) {
    const { k, pair: j } = need
    const how = gone(j, k)
    // Still there, or another result carrying the same piece is; a call on
    // its path needs it only where its own call is gone too (compaction).
    if (how === null || need.others.some((o) => gone(o, k) === null)) continue
    if (need.target && how !== "compacted") continue
    const first = p.firstRequest(j)
    const stay =
      s.refetchStays === "to-end"
        ? n - k
        : Math.max(1, Math.min(n - k, keptFor(p, j, first)))
    const tokens = p.resultTokens(j) + p.useTokens(j)
    live.set(j, k + stay - 1)
    refetch.calls++
    refetch.tokens += tokens
    refetch.dollars += refetchDollars(costs, k, tokens, stay)
    const { id, name, evidence } = need
    lost.push({ id, name, how, neededAt: k + 1, evidence, tokens })
  }
  return {
    refetch,
    summaries: summariesOf(p, costs, baseline),
    lost,
    unread,
    infeasible: infeasibleText(unread),
  }
}
