/**
 * What a simulation's edits do to the prompt cache (docs/semantics.md#prompt-cache): the cached
 * prefix holds up to the first block the edits change; everything after it
 * is written to the cache again. Prices are the documented multipliers of
 * the base input price (read 0.1×, 5-minute write 1.25×), so every cost here
 * is in "input-token equivalents".
 *
 * The model is deliberately simple and says so in the UI: the previous
 * request was this request without the edits, and it cached what this one
 * asks to cache (request/cache-setup.ts: its whole prompt with automatic caching or
 * a breakpoint on the last block, the prefix up to its last breakpoint, or
 * nothing). Tokens after the cached prefix cost the base price. Content a
 * new turn adds costs the same with or without the edits, so it is left out
 * of both sides.
 */
import {
  cacheReach,
  type CacheReach,
  type CacheSetup,
} from "../request/cache-setup"
import { stoppedBelowTrigger } from "../rules/clear-tool-uses/text"
import type { BlockOutcome, BlockStatus, SimulateSuccess } from "../types"

/** Cache read price, × base input (DOC S-PC). */
export const CACHE_READ = 0.1
/** 5-minute cache write price, × base input (DOC S-PC). */
export const CACHE_WRITE = 1.25
/** 1-hour cache write price (`ttl: "1h"`), × base input (DOC S-PC). */
export const CACHE_WRITE_1H = 2

/** The write price of a setup's cached prefix. */
export const writePrice = (setup: CacheSetup): number =>
  setup.ttl === "1h" ? CACHE_WRITE_1H : CACHE_WRITE

/** Statuses whose block differs in the edited prompt. */
const CHANGED: ReadonlySet<BlockStatus> = new Set([
  "cleared",
  "input_cleared",
  "removed",
])

/** A block position in the original messages. */
export interface BlockAt {
  messageIndex: number
  blockIndex: number
  /** Index into `SimulateSuccess.blocks`. */
  index: number
}

/** The cache consequences of one simulation (all token numbers are estimates). */
export interface CacheImpact {
  /** How far the request caches its prompt (see cacheSetup). */
  reach: CacheReach
  /** Price of a cache write, × base input (5-minute or 1-hour TTL). */
  writePrice: number
  /** First block an edit changes, in prompt order; null when none does. */
  firstChange: (BlockAt & { status: BlockStatus }) | null
  /** Edited-prompt tokens before firstChange (tools, system, earlier messages): still read from cache. */
  prefixTokens: number
  /** Edited-prompt tokens from firstChange to the cached prefix's end: written to the cache again. */
  rewrittenTokens: number
  /** Edited-prompt tokens after the cached prefix: billed at the base price. */
  uncachedTokens: number
  /** This request's cost without the edits (the cached prefix read, the rest at the base price). */
  costWithout: number
  /** This request's cost with the edits (prefix read, up to the cached prefix's end written, the rest at the base price). */
  costWith: number
  /**
   * Where the next request breaks the cache when it adds one tool use or
   * turn: the oldest block kept only by `keep` is cleared then. Null when no
   * block is kept by `keep`.
   */
  nextBreak: (BlockAt & { rewrittenTokens: number }) | null
  /** Each later request's cost without the edits. */
  laterWithout: number
  /** Each later request's cost with the edits (nextBreak's tail written again, if any). */
  laterWith: number
  /**
   * Later requests until the edits have paid for their cache write: 0 when
   * this request is already cheaper, null when they never do.
   */
  breakEven: number | null
}

/** Which prompt a prefix sum reads: the edited one, or the one before the edits. */
export type PromptView = "after" | "before"

/** A block's tokens in a view (0 when the view does not contain it). */
export function viewTokens(b: BlockOutcome, view: PromptView): number {
  if (view === "after") return b.tokensAfter
  // Before the edits: blocks the server drops on its own are gone too
  // (ignored ones, and thinking the model's implicit default removes).
  return b.status === "ignored" ||
    (b.status === "removed" && b.editIndex === null)
    ? 0
    : b.tokensBefore
}

/** Tokens of a view of the prompt from block `from` to its end. */
export function tailFrom(
  sim: SimulateSuccess,
  from: number,
  view: PromptView = "after"
): number {
  const blocks = sim.blocks
  if (from >= blocks.length) return 0
  let tokens = 0
  // Framing of each later message that still has a block (the first
  // message's own framing sits before the block, in the prefix).
  let lastMessage = blocks[from]!.messageIndex
  for (let i = from; i < blocks.length; i++) {
    const b = blocks[i]!
    const t = viewTokens(b, view)
    tokens += t
    if (b.messageIndex !== lastMessage && t > 0) {
      tokens += sim.messageFraming
      lastMessage = b.messageIndex
    }
  }
  const total = view === "after" ? sim.input_tokens : sim.original_input_tokens
  return Math.min(tokens, total)
}

/** Whether clearing this kept block would change it (a tool input only when its edit clears inputs). */
function wouldChange(sim: SimulateSuccess, b: BlockOutcome): boolean {
  if (b.toolUseId === undefined || b.type.endsWith("result")) return true
  const edits = (sim.request.context_management as { edits?: unknown[] })?.edits
  const edit = b.editIndex === null ? undefined : edits?.[b.editIndex]
  const inputs = (edit as { clear_tool_inputs?: unknown } | undefined)
    ?.clear_tool_inputs
  return (
    inputs === true ||
    (Array.isArray(inputs) &&
      b.toolName !== undefined &&
      inputs.includes(b.toolName))
  )
}

/** A block's size once cleared, as this simulation cleared its kind (0 when removed). */
function clearedSize(sim: SimulateSuccess, b: BlockOutcome): number {
  const done = sim.blocks.find(
    (o) => o.type === b.type && o.editIndex !== null && CHANGED.has(o.status)
  )
  return done?.tokensAfter ?? 0
}

const at = (b: BlockOutcome, index: number): BlockAt => ({
  messageIndex: b.messageIndex,
  blockIndex: b.blockIndex,
  index,
})

/** Tokens of a view up to and including the end of the cached prefix. */
function cachedPart(
  sim: SimulateSuccess,
  reach: CacheReach,
  view: PromptView
): number {
  const total = view === "after" ? sim.input_tokens : sim.original_input_tokens
  if (reach.kind === "none") return 0
  if (reach.kind === "end") return total
  if (reach.index >= 0) return total - tailFrom(sim, reach.index + 1, view)
  // Before any message: the tool definitions, and the system prompt after them.
  const c = view === "after" ? sim.categories.after : sim.categories.before
  return reach.point.where === "tools" ? c.tools : beforeMessages(sim, view)
}

/** Tokens of a view before its first message: tools, system prompt, tool-use prompt. */
export function beforeMessages(sim: SimulateSuccess, view: PromptView): number {
  const total = view === "after" ? sim.input_tokens : sim.original_input_tokens
  const messages = tailFrom(sim, 0, view)
  return Math.max(0, total - messages - (messages > 0 ? sim.messageFraming : 0))
}

/** The last block index the cached prefix covers (-1: none of the messages). */
const reachEnd = (reach: CacheReach): number =>
  reach.kind === "end"
    ? Number.POSITIVE_INFINITY
    : reach.kind === "fixed"
      ? reach.index
      : -1

/**
 * The prompt-cache consequences of a simulation's edits, for the caching the
 * request asks for (see cacheSetup; by default the whole prompt is cached,
 * as with automatic caching).
 */
export function cacheImpact(
  sim: SimulateSuccess,
  setup: CacheSetup = END
): CacheImpact {
  const reach = cacheReach(setup, sim)
  const write = writePrice(setup)
  const before = sim.original_input_tokens
  const after = sim.input_tokens
  const first = sim.blocks.findIndex(
    (b) => b.editIndex !== null && CHANGED.has(b.status)
  )
  // Only an edit that applied moves on by one pair per request: a skipped
  // one (trigger or clear_at_least) may well be skipped again. The next to
  // go is the oldest result kept by `keep`, or, when clearing stopped below
  // the trigger, the oldest one it left (docs/semantics.md#clear-down-to-trigger).
  const next = sim.blocks.findIndex(
    (b) =>
      (b.status === "kept_recent" ||
        (b.status === "kept" && stoppedBelowTrigger(b.reason))) &&
      b.editIndex !== null &&
      sim.edits.find((t) => t.index === b.editIndex)?.applied === true &&
      wouldChange(sim, b)
  )
  const last = reachEnd(reach)
  const cachedBefore = cachedPart(sim, reach, "before")
  const cachedAfter = cachedPart(sim, reach, "after")
  // A change inside the cached prefix: read up to it, written from it to
  // the prefix's end. A change after the prefix costs nothing extra.
  const breaks = first >= 0 && first <= last
  const read = breaks ? after - tailFrom(sim, first) : cachedAfter
  const written = cachedAfter - read
  const costWithout = CACHE_READ * cachedBefore + (before - cachedBefore)
  const costWith = CACHE_READ * read + write * written + (after - cachedAfter)
  // On the next request that block is cleared too: the prefix is written
  // again from it, with the block at its cleared size.
  const nextBreaks = next >= 0 && next <= last
  let laterWith = CACHE_READ * cachedAfter + (after - cachedAfter)
  let nextWritten = 0
  if (nextBreaks) {
    const delta =
      clearedSize(sim, sim.blocks[next]!) - sim.blocks[next]!.tokensAfter
    const nextRead = after - tailFrom(sim, next)
    nextWritten = cachedAfter + delta - nextRead
    laterWith =
      CACHE_READ * nextRead + write * nextWritten + (after - cachedAfter)
  }
  const laterWithout = costWithout
  const extra = costWith - costWithout
  const gain = laterWithout - laterWith
  return {
    reach,
    writePrice: write,
    firstChange:
      first < 0
        ? null
        : {
            ...at(sim.blocks[first]!, first),
            status: sim.blocks[first]!.status,
          },
    prefixTokens: read,
    rewrittenTokens: written,
    uncachedTokens: after - cachedAfter,
    costWithout,
    costWith,
    nextBreak: nextBreaks
      ? { ...at(sim.blocks[next]!, next), rewrittenTokens: nextWritten }
      : null,
    laterWithout,
    laterWith,
    breakEven: extra <= 0 ? 0 : gain <= 0 ? null : Math.ceil(extra / gain),
  }
}

/** The default setup: the whole prompt cached (automatic caching). */
const END: CacheSetup = {
  automatic: true,
  explicit: 0,
  last: null,
  error: null,
  ttl: "5m",
}
