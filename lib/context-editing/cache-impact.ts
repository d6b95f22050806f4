/**
 * What a simulation's edits do to the prompt cache (spec §6): the cached
 * prefix holds up to the first block the edits change; everything after it
 * is written to the cache again. Prices are the documented multipliers of
 * the base input price (read 0.1×, 5-minute write 1.25×), so every cost here
 * is in "input-token equivalents".
 *
 * The model is deliberately simple and says so in the UI: the previous
 * request cached its whole prompt (a breakpoint at its end), and it was this
 * request without the edits. Content a new turn adds costs the same with or
 * without the edits, so it is left out of both sides.
 */
import type { BlockOutcome, BlockStatus, SimulateSuccess } from "./types"

/** Cache read price, × base input (DOC S-PC). */
export const CACHE_READ = 0.1
/** 5-minute cache write price, × base input (DOC S-PC). */
export const CACHE_WRITE = 1.25

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
  /** First block an edit changes, in prompt order; null when none does. */
  firstChange: (BlockAt & { status: BlockStatus }) | null
  /** Edited-prompt tokens before firstChange (tools, system, earlier messages): still read from cache. */
  prefixTokens: number
  /** Edited-prompt tokens from firstChange on: written to the cache again. */
  rewrittenTokens: number
  /** This request's cost without the edits (the whole prompt read from cache). */
  costWithout: number
  /** This request's cost with the edits (prefix read, the rest written). */
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

/** The prompt-cache consequences of a simulation's edits. */
export function cacheImpact(sim: SimulateSuccess): CacheImpact {
  const before = sim.original_input_tokens
  const after = sim.input_tokens
  const first = sim.blocks.findIndex(
    (b) => b.editIndex !== null && CHANGED.has(b.status)
  )
  // Only an edit that applied moves on by one pair per request: a skipped
  // one (trigger or clear_at_least) may well be skipped again.
  const next = sim.blocks.findIndex(
    (b) =>
      b.status === "kept_recent" &&
      b.editIndex !== null &&
      sim.edits.find((t) => t.index === b.editIndex)?.applied === true &&
      wouldChange(sim, b)
  )
  const rewritten = first < 0 ? 0 : tailFrom(sim, first)
  const prefix = after - rewritten
  // On the next request that block is cleared too: its tail is written
  // again, with the block at its cleared size.
  const nextTail =
    next < 0
      ? 0
      : tailFrom(sim, next) -
        sim.blocks[next]!.tokensAfter +
        clearedSize(sim, sim.blocks[next]!)
  const costWithout = CACHE_READ * before
  const costWith = CACHE_READ * prefix + CACHE_WRITE * rewritten
  const laterWithout = CACHE_READ * before
  const laterWith = CACHE_READ * (after - nextTail) + CACHE_WRITE * nextTail
  const extra = costWith - costWithout
  const gain = laterWithout - laterWith
  return {
    firstChange:
      first < 0
        ? null
        : {
            ...at(sim.blocks[first]!, first),
            status: sim.blocks[first]!.status,
          },
    prefixTokens: prefix,
    rewrittenTokens: rewritten,
    costWithout,
    costWith,
    nextBreak:
      next < 0
        ? null
        : { ...at(sim.blocks[next]!, next), rewrittenTokens: nextTail },
    laterWithout,
    laterWith,
    breakEven: extra <= 0 ? 0 : gain <= 0 ? null : Math.ceil(extra / gain),
  }
}
