/**
 * The per-request path of the timeline: every request simulated afresh with
 * simulate() itself. The reference the incremental engine is tested
 * against, and the path for sessions it does not model (timeline.ts says
 * which).
 */
import {
  beforeMessages,
  type PromptView,
  tailFrom,
  viewTokens,
} from "../result/cache-impact"
import type { SessionCaching } from "../request/cache-setup"
import {
  citesIn,
  imagesIn,
  type Invalidation,
  invalidation,
  PromptMarks,
} from "./invalidation"
import { summaryBlock, withSummary } from "./summary"
import { simulate } from "../result/simulate"
import type { RawPoint, BreakAt } from "./timeline-types"
import { requestEnds } from "./ends"
import type { BlockOutcome, SimulateOptions, SimulateSuccess } from "../types"

/** How a block reads in a view: gone, the original, or its edited form. */
function form(b: BlockOutcome, view: PromptView): string {
  if (viewTokens(b, view) === 0) return "-"
  if (view === "before") return "o"
  if (b.status === "cleared") return `c${b.placeholder ?? ""}`
  return b.status === "input_cleared" ? "i" : "o"
}

type Msg = { role?: unknown; content?: unknown }
type Use = { read: number; written: number; uncached: number }
const usage = (read: number, written: number, uncached: number): Use => ({
  read,
  written,
  uncached,
})

/** Images and citations of each block of a simulation (invalidation.ts). */
export interface BlockMarks {
  img: number[]
  cite: boolean[]
  any: boolean
}

/** The marks of a simulation's blocks, read from the messages it was run on. */
export function blockMarks(
  sim: SimulateSuccess,
  messages: readonly unknown[]
): BlockMarks {
  const img: number[] = []
  const cite: boolean[] = []
  for (const b of sim.blocks) {
    const c = (messages[b.messageIndex] as Msg | undefined)?.content
    const block = Array.isArray(c) ? c[b.blockIndex] : null
    img.push(imagesIn(block))
    cite.push(citesIn(block))
  }
  return { img, cite, any: img.some((n) => n > 0) || cite.includes(true) }
}

/** Whether images or citations changed between two prompts from block `d` on (before it they are the same). */
function invalidatedFrom(
  prev: SimulateSuccess,
  cur: SimulateSuccess,
  pm: BlockMarks,
  cm: BlockMarks,
  d: number,
  view: PromptView
): Invalidation | null {
  const P = new PromptMarks()
  const D = new PromptMarks()
  prev.blocks.forEach((b, i) => {
    if (i >= d && form(b, view) === "o") P.add(i, pm.img[i]!, pm.cite[i]!)
  })
  cur.blocks.forEach((b, i) => {
    if (i >= d && form(b, view) === "o") D.add(i, cm.img[i]!, cm.cite[i]!)
  })
  const citedBefore = prev.blocks.some(
    (b, i) => i < d && pm.cite[i]! && form(b, view) === "o"
  )
  return invalidation(P, D, citedBefore)
}

/** Whether block d's message shows any block from d on (its framing is then in the prompt). */
function visibleFrom(
  cur: SimulateSuccess,
  d: number,
  view: PromptView
): boolean {
  const m = cur.blocks[d]!.messageIndex
  for (let i = d; i < cur.blocks.length; i++) {
    const b = cur.blocks[i]!
    if (b.messageIndex !== m) return false
    if (viewTokens(b, view) > 0) return true
  }
  return false
}

/** Cache use of `cur` after `prev` (null: nothing cached yet) in one view. */
function cacheUse(
  prev: SimulateSuccess | null,
  cur: SimulateSuccess,
  view: PromptView,
  caching: SessionCaching,
  marks: { prev: BlockMarks | null; cur: BlockMarks }
): { use: Use; breakAt: number | null; why: Invalidation | null } {
  const total = view === "after" ? cur.input_tokens : cur.original_input_tokens
  if (caching === "none")
    return { use: usage(0, 0, total), breakAt: null, why: null }
  if (caching === "prefix") {
    // Tools and system prompt: the same in every request (edits and
    // compaction change only messages); the first request writes them.
    const fixed = beforeMessages(cur, view)
    return {
      use: prev
        ? usage(fixed, 0, total - fixed)
        : usage(0, fixed, total - fixed),
      breakAt: null,
      why: null,
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
  // Images or citations changed: the messages' cache is gone (with
  // citations, the system prompt's too), from the first block shown.
  const why =
    prev && marks.prev && (marks.prev.any || marks.cur.any)
      ? invalidatedFrom(prev, cur, marks.prev, marks.cur, d, view)
      : null
  if (why) {
    d = 0
    breakAt = cur.blocks.findIndex((b) => form(b, view) !== "-")
  }
  // A first new message's framing is new too (tailFrom counts it as the
  // prefix of an existing message's block).
  const opensMessage =
    prev !== null &&
    d === prev.blocks.length &&
    d < cur.blocks.length &&
    visibleFrom(cur, d, view)
  // Invalidated: the first message's framing is written too, and with
  // citations the system prompt and what the server adds to it.
  const c = cur.categories[view]
  const extra = !why
    ? 0
    : cur.messageFraming + (why === "citations" ? c.system + c.hidden : 0)
  const written = prev
    ? Math.min(
        total,
        tailFrom(cur, d, view) + (opensMessage ? cur.messageFraming : 0) + extra
      )
    : total
  return { use: usage(total - written, written, 0), breakAt, why }
}

const blocksIn = (m: unknown): number => {
  const c = (m as Msg | null)?.content
  return Array.isArray(c) ? c.length : 1
}

/** breakAt as a position in the original messages (see withSummary). */
function originalAt(b: BlockOutcome, summarised: ReadonlySet<number>): BreakAt {
  if (!summarised.has(b.messageIndex))
    return { messageIndex: b.messageIndex, blockIndex: b.blockIndex }
  return b.blockIndex === 0
    ? { messageIndex: b.messageIndex, blockIndex: 0, summary: true }
    : { messageIndex: b.messageIndex, blockIndex: b.blockIndex - 1 }
}

/** The first request shown within a budget of blocks (one more is replayed before it, for the cache). */
export function windowStart(
  messages: readonly unknown[],
  ends: number[],
  budget: number
): number {
  const upTo: number[] = []
  let blocks = 0
  let mi = 0
  for (const end of ends) {
    for (; mi <= end; mi++) blocks += blocksIn(messages[mi])
    upTo.push(blocks)
  }
  let first = ends.length - 1
  let spent = upTo[first] ?? 0
  while (first > 0 && spent + upTo[first - 1]! <= budget)
    spent += upTo[--first]!
  return first
}

/**
 * Simulates every request of the session with simulate() (from `first`; the
 * request before it only seeds the cache). When compaction fires, the reply
 * that follows starts with a stand-in summary (summary.ts) and
 * later requests are simulated with it; the side without edits never
 * compacts, so it is simulated on the transcript as it is.
 */
export function replayEach(
  request: Record<string, unknown>,
  options: SimulateOptions | undefined,
  caching: SessionCaching,
  summaryTokens: number,
  budget: number
): RawPoint[] {
  const messages = Array.isArray(request.messages) ? request.messages : []
  const ends = requestEnds(messages)
  const first =
    budget === Number.POSITIVE_INFINITY
      ? 0
      : windowStart(messages, ends, budget)
  const points: RawPoint[] = []
  let working: readonly unknown[] = messages
  const summarised = new Set<number>()
  let prev: Seen | null = null
  let prevPlain: Seen | null = null
  for (let k = first; k < ends.length; k++) {
    const end = ends[k]!
    const sim = simulate(
      { ...request, messages: working.slice(0, end + 1) },
      options
    )
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
    const cur = { sim, marks: blockMarks(sim, working) }
    const plain =
      working === messages
        ? cur
        : { sim: plainSim, marks: blockMarks(plainSim, messages) }
    if (!baseline)
      points.push(
        okPoint(
          k,
          end,
          { prev, cur },
          { prev: prevPlain, cur: plain },
          caching,
          summarised
        )
      )
    if (sim.compaction?.fires === true && !sim.compaction.onDemand) {
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
    prev = cur
    prevPlain = plain
  }
  return points
}

/** A simulated request and the marks of its blocks. */
type Seen = { sim: SimulateSuccess; marks: BlockMarks }
type Pair = { prev: Seen | null; cur: Seen }

/** The point of request k, with the cache use of each side after the request before it. */
function okPoint(
  k: number,
  end: number,
  edited: Pair,
  plain: Pair,
  caching: SessionCaching,
  summarised: ReadonlySet<number>
): RawPoint {
  const cacheOf = (p: Pair, view: PromptView) =>
    cacheUse(p.prev?.sim ?? null, p.cur.sim, view, caching, {
      prev: p.prev?.marks ?? null,
      cur: p.cur.marks,
    })
  const after = cacheOf(edited, "after")
  const before = cacheOf(plain, "before")
  const sim = edited.cur.sim
  const at = after.breakAt === null ? null : sim.blocks[after.breakAt]
  return {
    request: k + 1,
    lastMessage: end,
    ok: true,
    originalTokens: plain.cur.sim.original_input_tokens,
    inputTokens: sim.input_tokens,
    applied: sim.context_management?.applied_edits ?? [],
    compacted: sim.compaction?.fires === true,
    after: after.use,
    before: before.use,
    breakAt: at
      ? {
          ...originalAt(at, summarised),
          ...(after.why ? { why: after.why } : {}),
        }
      : null,
  }
}
