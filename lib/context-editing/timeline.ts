/**
 * The session as a sequence of requests (spec §6 simulator rule): an agent
 * sends the conversation again after every user message (a question or tool
 * results), and the server edits each request afresh. For each request:
 * the tokens before and after the edits, what was applied, and what the
 * prompt cache reads and writes compared with the request before it, with
 * and without the edits.
 *
 * Cache model (stated in the UI), per the request's own caching
 * (cache-setup.ts `sessionCaching`): "end" caches each request to its end
 * (automatic caching, or a breakpoint an agent moves to each request's last
 * block) and the next reads it up to the first block that differs;
 * "prefix" caches only the tools and system prompt; "none" caches nothing.
 * Read 0.1×, 5-minute write 1.25×, uncached 1×.
 */
import {
  beforeMessages,
  CACHE_READ,
  CACHE_WRITE,
  type PromptView,
  tailFrom,
  viewTokens,
} from "./cache-impact"
import type { SessionCaching } from "./cache-setup"
import { summaryBlock, SUMMARY_TOKENS, withSummary } from "./session-compaction"
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
  /** Tokens after the cached prefix, at the base price. */
  uncached: number
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
      /** The server compacts this request's prompt (compact_20260112 fires). */
      compacted: boolean
      /** First block whose edited form differs from the previous request's (null: none did). */
      breakAt: BreakAt | null
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
  /** Requests (their `request` numbers) at which compaction fires. */
  compactions: number[]
  /** Tokens assumed for each compaction summary. */
  summaryTokens: number
  /** How each request was assumed to be cached. */
  caching: SessionCaching
  /** The cache write price used. */
  writePrice: number
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

const usage = (
  read: number,
  written: number,
  uncached: number,
  write: number
): CacheUse => ({
  read,
  written,
  uncached,
  cost: CACHE_READ * read + write * written + uncached,
})

/** Cache use of `cur` after `prev` (null: nothing cached yet) in one view. */
function cacheUse(
  prev: SimulateSuccess | null,
  cur: SimulateSuccess,
  view: PromptView,
  caching: SessionCaching,
  write: number
): { use: CacheUse; breakAt: number | null } {
  const total = view === "after" ? cur.input_tokens : cur.original_input_tokens
  if (caching === "none")
    return { use: usage(0, 0, total, write), breakAt: null }
  if (caching === "prefix") {
    // Tools and system prompt: the same in every request (edits and
    // compaction change only messages); the first request writes them.
    const fixed = beforeMessages(cur, view)
    return {
      use: prev
        ? usage(fixed, 0, total - fixed, write)
        : usage(0, fixed, total - fixed, write),
      breakAt: null,
    }
  }
  let d = 0
  let breakAt: number | null = null
  if (prev) {
    const n = Math.min(prev.blocks.length, cur.blocks.length)
    while (d < n && form(prev.blocks[d]!, view) === form(cur.blocks[d]!, view))
      d++
    if (d < prev.blocks.length) {
      // Blocks a replayed compaction hides are gone: the prompt changes at
      // the first block still in it (the summary).
      breakAt = d
      while (
        breakAt < cur.blocks.length - 1 &&
        cur.blocks[breakAt]!.status === "ignored"
      )
        breakAt++
    }
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
  return { use: usage(total - written, written, 0, write), breakAt }
}

const blocksIn = (m: unknown): number => {
  const c = (m as Msg | null)?.content
  return Array.isArray(c) ? c.length : 1
}

/** A block position for the UI: where the cache breaks. */
export interface BreakAt {
  messageIndex: number
  /** Position in the original message (the stand-in summary takes none). */
  blockIndex: number
  /** The break is at a compaction summary the replay put in this message. */
  summary?: true
}

/** Options of a session replay. */
export interface TimelineOptions {
  /** Blocks simulated in total, at most (default TIMELINE_BUDGET). */
  budget?: number
  /** Assumed tokens of each compaction summary (default SUMMARY_TOKENS). */
  summaryTokens?: number
  /** How each request is cached (default "end"; see sessionCaching). */
  caching?: SessionCaching
  /** Price of a cache write, × base input (default CACHE_WRITE; see writePrice). */
  writePrice?: number
}

/** breakAt as a position in the original messages (see withSummary). */
function originalAt(b: BlockOutcome, summarised: ReadonlySet<number>): BreakAt {
  if (!summarised.has(b.messageIndex))
    return { messageIndex: b.messageIndex, blockIndex: b.blockIndex }
  return b.blockIndex === 0
    ? { messageIndex: b.messageIndex, blockIndex: 0, summary: true }
    : { messageIndex: b.messageIndex, blockIndex: b.blockIndex - 1 }
}

/**
 * Simulates every request of the session (the last ones within the budget)
 * with the same options as the full request. When compaction fires, the
 * reply that follows starts with a stand-in summary (session-compaction.ts)
 * and later requests are simulated with it; the side without edits never
 * compacts, so it is simulated on the transcript as it is.
 */
export function timeline(
  request: Record<string, unknown>,
  options?: SimulateOptions,
  {
    budget = TIMELINE_BUDGET,
    summaryTokens = SUMMARY_TOKENS,
    caching = "end",
    writePrice = CACHE_WRITE,
  }: TimelineOptions = {}
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
  const compactions: number[] = []
  let contextWindow: number | null = null
  // The transcript as the edited session sees it (with summaries), and the
  // messages that start with a stand-in summary.
  let working: readonly unknown[] = messages
  const summarised = new Set<number>()
  let prev: SimulateSuccess | null = null
  let prevPlain: SimulateSuccess | null = null
  for (let k = first; k < ends.length; k++) {
    const end = ends[k]!
    const sim = simulate(
      { ...request, messages: working.slice(0, end + 1) },
      options
    )
    // Without the edits: the transcript as it is (the same simulation
    // until a summary is put in).
    const plainSim =
      working === messages
        ? sim
        : simulate(
            { ...request, messages: messages.slice(0, end + 1) },
            options
          )
    const baseline = k === first && first > 0
    if (!sim.ok || !plainSim.ok) {
      const failed = !sim.ok ? sim : plainSim
      if (!baseline && !failed.ok)
        points.push({
          request: k + 1,
          lastMessage: end,
          ok: false,
          error: failed.error.message,
        })
      prev = prevPlain = null
      continue
    }
    const compacted = sim.compaction?.fires === true
    if (!baseline) {
      const after = cacheUse(prev, sim, "after", caching, writePrice)
      const before = cacheUse(
        prevPlain,
        plainSim,
        "before",
        caching,
        writePrice
      )
      const at = after.breakAt === null ? null : sim.blocks[after.breakAt]!
      points.push({
        request: k + 1,
        lastMessage: end,
        ok: true,
        originalTokens: plainSim.original_input_tokens,
        inputTokens: sim.input_tokens,
        applied: sim.context_management?.applied_edits ?? [],
        compacted,
        withEdits: after.use,
        withoutEdits: before.use,
        breakAt: at && originalAt(at, summarised),
      })
      if (compacted) compactions.push(k + 1)
      cost.withEdits += after.use.cost
      cost.withoutEdits += before.use.cost
      tokens.withEdits += sim.input_tokens
      tokens.withoutEdits += plainSim.original_input_tokens
      contextWindow = sim.contextWindow
      if (contextWindow !== null) {
        if (sim.input_tokens > contextWindow) firstOverflow.withEdits ??= k + 1
        if (plainSim.original_input_tokens > contextWindow)
          firstOverflow.withoutEdits ??= k + 1
      }
    }
    // An on-demand summary replaces the messages it summarises (the client
    // removes them), which a transcript replay cannot do: left as it is.
    if (compacted && !sim.compaction!.onDemand) {
      const next = withSummary(
        working,
        end + 1,
        summaryBlock(request.model, summaryTokens)
      )
      if (next) {
        working = next
        summarised.add(end + 1)
      }
    }
    prev = sim
    prevPlain = plainSim
  }
  return {
    requests: ends.length,
    points,
    cost,
    tokens,
    contextWindow,
    firstOverflow,
    compactions,
    summaryTokens,
    caching,
    writePrice,
  }
}
