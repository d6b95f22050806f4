/**
 * The session as a sequence of requests (spec §6 simulator rule): an agent
 * sends the conversation again after every user message (a question or tool
 * results), and the server edits each request afresh. For each request:
 * the tokens before and after the edits, what was applied, and what the
 * prompt cache reads and writes compared with the request before it, with
 * and without the edits.
 *
 * Cache model (stated in the UI): each request is cached to its end
 * (automatic caching or a breakpoint on the last block) and read by the next
 * one up to the first block that differs. Read 0.1×, 5-minute write 1.25×.
 */
import {
  CACHE_READ,
  CACHE_WRITE,
  type PromptView,
  tailFrom,
  viewTokens,
} from "./cache-impact"
import { simulate } from "./simulate"
import type {
  AppliedEdit,
  BlockOutcome,
  SimulateOptions,
  SimulateSuccess,
} from "./types"

/** Cache reads and writes of one request, in tokens and input-token equivalents. */
export interface CacheUse {
  read: number
  written: number
  cost: number
}

/** One request of the session. */
export type TimelinePoint = {
  /** 1-based position among all the session's requests. */
  request: number
  /** Index of the request's last message. */
  lastMessage: number
} & (
  | {
      ok: true
      originalTokens: number
      inputTokens: number
      applied: AppliedEdit[]
      withEdits: CacheUse
      withoutEdits: CacheUse
      /** First block whose edited form differs from the previous request's (null: none did). */
      breakAt: { messageIndex: number; blockIndex: number } | null
    }
  | { ok: false; error: string }
)

/** The requests of a session, the last ones when it is long. */
export interface Timeline {
  /** Requests in the whole conversation. */
  requests: number
  points: TimelinePoint[]
  /** Sums over `points` of each side's cost. */
  cost: { withEdits: number; withoutEdits: number }
  /** Sums over `points` of the input tokens sent, with and without the edits. */
  tokens: { withEdits: number; withoutEdits: number }
  /** The model's context window (null when unknown). */
  contextWindow: number | null
  /** The first request (its `request` number) over the context window, per side; null when all fit. */
  firstOverflow: { withEdits: number | null; withoutEdits: number | null }
}

/** Blocks simulated in total, at most (keeps a long session responsive). */
export const TIMELINE_BUDGET = 80_000

type Msg = { role?: unknown; content?: unknown }

/** Indices of the last message of each request: a run of non-assistant messages before an assistant one or the end. */
export function requestEnds(messages: readonly unknown[]): number[] {
  const role = (i: number) => (messages[i] as Msg | null)?.role
  const out: number[] = []
  for (let i = 0; i < messages.length; i++)
    if (
      role(i) !== "assistant" &&
      (i + 1 === messages.length || role(i + 1) === "assistant")
    )
      out.push(i)
  return out
}

/** How a block reads in a view: gone, the original, or its edited form. */
function form(b: BlockOutcome, view: PromptView): string {
  if (viewTokens(b, view) === 0) return "-"
  if (view === "before") return "o"
  if (b.status === "cleared") return `c${b.placeholder ?? ""}`
  return b.status === "input_cleared" ? "i" : "o"
}

/** Cache use of `cur` after `prev` (null: nothing cached yet) in one view. */
function cacheUse(
  prev: SimulateSuccess | null,
  cur: SimulateSuccess,
  view: PromptView
): { use: CacheUse; breakAt: number | null } {
  const total = view === "after" ? cur.input_tokens : cur.original_input_tokens
  let d = 0
  let breakAt: number | null = null
  if (prev) {
    const n = Math.min(prev.blocks.length, cur.blocks.length)
    while (d < n && form(prev.blocks[d]!, view) === form(cur.blocks[d]!, view))
      d++
    if (d < prev.blocks.length) breakAt = d
  }
  // A first new message's framing is new too (tailFrom counts it as the
  // prefix of an existing message's block).
  const opensMessage =
    prev !== null &&
    d === prev.blocks.length &&
    d < cur.blocks.length &&
    viewTokens(cur.blocks[d]!, view) > 0
  const written = prev
    ? Math.min(
        total,
        tailFrom(cur, d, view) + (opensMessage ? cur.messageFraming : 0)
      )
    : total
  const read = total - written
  return {
    use: { read, written, cost: CACHE_READ * read + CACHE_WRITE * written },
    breakAt,
  }
}

const blocksIn = (m: unknown): number => {
  const c = (m as Msg | null)?.content
  return Array.isArray(c) ? c.length : 1
}

/**
 * Simulates every request of the session (the last ones within
 * TIMELINE_BUDGET blocks) with the same options as the full request.
 */
export function timeline(
  request: Record<string, unknown>,
  options?: SimulateOptions,
  budget = TIMELINE_BUDGET
): Timeline {
  const messages = Array.isArray(request.messages) ? request.messages : []
  const ends = requestEnds(messages)
  // Blocks up to each end, to pick the window from the last request back.
  const upTo: number[] = []
  let blocks = 0
  let mi = 0
  for (const end of ends) {
    for (; mi <= end; mi++) blocks += blocksIn(messages[mi])
    upTo.push(blocks)
  }
  let first = ends.length - 1
  let spent = upTo[first] ?? 0
  // One more than shown when possible: the request before the window is
  // what its first request reads from the cache.
  while (first > 0 && spent + upTo[first - 1]! <= budget)
    spent += upTo[--first]!
  const points: TimelinePoint[] = []
  const cost = { withEdits: 0, withoutEdits: 0 }
  const tokens = { withEdits: 0, withoutEdits: 0 }
  const firstOverflow: Timeline["firstOverflow"] = {
    withEdits: null,
    withoutEdits: null,
  }
  let contextWindow: number | null = null
  let prev: SimulateSuccess | null = null
  for (let k = first; k < ends.length; k++) {
    const end = ends[k]!
    const sim = simulate(
      { ...request, messages: messages.slice(0, end + 1) },
      options
    )
    const baseline = k === first && first > 0
    if (!sim.ok) {
      if (!baseline)
        points.push({
          request: k + 1,
          lastMessage: end,
          ok: false,
          error: sim.error.message,
        })
      prev = null
      continue
    }
    if (!baseline) {
      const after = cacheUse(prev, sim, "after")
      const before = cacheUse(prev, sim, "before")
      const at = after.breakAt === null ? null : sim.blocks[after.breakAt]!
      points.push({
        request: k + 1,
        lastMessage: end,
        ok: true,
        originalTokens: sim.original_input_tokens,
        inputTokens: sim.input_tokens,
        applied: sim.context_management?.applied_edits ?? [],
        withEdits: after.use,
        withoutEdits: before.use,
        breakAt: at && {
          messageIndex: at.messageIndex,
          blockIndex: at.blockIndex,
        },
      })
      cost.withEdits += after.use.cost
      cost.withoutEdits += before.use.cost
      tokens.withEdits += sim.input_tokens
      tokens.withoutEdits += sim.original_input_tokens
      contextWindow = sim.contextWindow
      if (contextWindow !== null) {
        if (sim.input_tokens > contextWindow) firstOverflow.withEdits ??= k + 1
        if (sim.original_input_tokens > contextWindow)
          firstOverflow.withoutEdits ??= k + 1
      }
    }
    prev = sim
  }
  return {
    requests: ends.length,
    points,
    cost,
    tokens,
    contextWindow,
    firstOverflow,
  }
}
