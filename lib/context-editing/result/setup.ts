/**
 * Builds a simulation's starting state from the cached analysis: per-block
 * token counts, default outcomes, compaction replay, and the small caches
 * that make re-runs with another edit config cheap.
 */
import {
  type EstimateContext,
  type TokenEstimator,
  uncachedBlockCounter,
} from "@/lib/tokens"

import {
  type Analysis,
  type BlockRec,
  isFailedCompaction,
} from "../request/analyze"
import { intern } from "../request/format"
import { categorySlots, type FixedTokens } from "./outputs"
import type { ReplayInfo } from "../request/analysis"
import { clean, decide, setBlock, type SimState } from "../rules/state"
import type {
  Assumptions,
  ModelInfo,
  SimulateOptions,
  TurnInfo,
} from "../types"

/** Token count of every record, cached per analysis, estimator and context. */
export function tokensOf(
  a: Analysis,
  estimator: TokenEstimator,
  est: EstimateContext
): Float64Array {
  let byCtx = a.tokenCache.get(estimator)
  if (!byCtx) a.tokenCache.set(estimator, (byCtx = new Map()))
  const key = `${est.family}:${est.factor}`
  const hit = byCtx.get(key)
  if (hit) return hit
  const out = new Float64Array(a.recs.length)
  // This array is the cache; skip the estimator's own identity cache.
  const raw = uncachedBlockCounter(estimator)
  // The total too, in sumOf's order (it is asked for next).
  let sum = 0
  for (let i = 0; i < a.recs.length; i++) {
    const b = a.recs[i]!.block
    sum += out[i] = clean(raw ? raw(b, est) : estimator.countBlock(b, est))
  }
  sums.set(out, sum)
  byCtx.set(key, out)
  return out
}

/** The calibration factor for a model: by id as sent, canonical id, then tokenizer family. */
export function calibrationFor(
  cal: SimulateOptions["calibration"],
  sent: string,
  model: ModelInfo
): number {
  if (!cal || typeof cal !== "object") return 1
  for (const k of [sent, model.id, model.tokenizer]) {
    const v = cal[k]
    if (typeof v === "number" && Number.isFinite(v) && v > 0) return v
  }
  return 1
}

function defaultReason(r: BlockRec, last: boolean): string {
  switch (r.kind) {
    case "text":
      return "Text is never edited by context management"
    case "media":
      return "Images and documents outside tool results are never edited"
    case "thinking":
    case "redacted_thinking":
      return "Thinking kept: no edit or default removed it"
    case "compaction":
      return last
        ? "Replayed compaction block: the server reads the conversation from here"
        : isFailedCompaction(r.block)
          ? "Failed compaction (no content): round-trips as a no-op, nothing before it is dropped"
          : "Compaction block"
    case "tool_use":
    case "tool_result":
      return "Not affected: no clear_tool_uses edit ran over it"
    default:
      return "Not affected by any edit"
  }
}

/** Public turn list; immutable, so cached per analysis and redacted switch. */
export function turnInfos(a: Analysis, redacted: boolean): TurnInfo[] {
  const cache = (a.turnInfos ??= {})
  const key = redacted ? "withRedacted" : "thinkingOnly"
  return (cache[key] ??= buildTurnInfos(a, redacted))
}

function buildTurnInfos(a: Analysis, redacted: boolean): TurnInfo[] {
  const n = a.turns.length
  // Turns with thinking from one pass over the records (a turn's records are
  // those whose rec.turn is its index), skipped when there is no thinking.
  const thinking = new Uint8Array(n)
  if (a.hasAnyThinking)
    for (let i = 0; i < a.recs.length; i++) {
      const r = a.recs[i]!
      const k = r.kind
      if (
        r.turn >= 0 &&
        (k === "thinking" || (redacted && k === "redacted_thinking"))
      )
        thinking[r.turn] = 1
    }
  const out: TurnInfo[] = new Array(n)
  for (let t = 0; t < n; t++) {
    const turn = a.turns[t]!
    out[t] = {
      index: t,
      role: turn.role,
      // Shared with the analysis: results are immutable.
      messageIndices: turn.messageIndices,
      current: turn.current,
      hasThinking: thinking[t] === 1,
    }
  }
  return out
}

export function templateOf(a: Analysis): NonNullable<Analysis["template"]> {
  if (a.template) return a.template
  const alive = new Int32Array(a.msgStart.length - 1)
  const recMessage = new Int32Array(a.recs.length)
  for (let mi = 0; mi < alive.length; mi++) {
    const from = a.msgStart[mi]!
    const to = a.msgStart[mi + 1]!
    alive[mi] = to - from
    for (let i = from; i < to; i++) recMessage[i] = mi
  }
  a.template = {
    blocks: a.recs.map((r) => r.block),
    reasons: a.recs.map((r, i) => defaultReason(r, i === a.lastCompaction)),
    alive,
    recMessage,
    slots: categorySlots(a.recs),
  }
  return a.template
}

const sums = new WeakMap<Float64Array, number>()

/** Sum of a token array (cached: the arrays are immutable once built). */
export function sumOf(tokens: Float64Array): number {
  let sum = sums.get(tokens)
  if (sum === undefined) {
    sum = 0
    for (let i = 0; i < tokens.length; i++) sum += tokens[i]!
    sums.set(tokens, sum)
  }
  return sum
}

/** Messages with at least one block before any edit. */
function liveMessages(t: NonNullable<Analysis["template"]>): number {
  if (t.liveMessages === undefined) {
    let live = 0
    for (let mi = 0; mi < t.alive.length; mi++) if (t.alive[mi]! > 0) live++
    t.liveMessages = live
  }
  return t.liveMessages
}

/** Fresh working state for one simulation. */
export function initState(
  a: Analysis,
  original: Float64Array,
  ctx: SimState["ctx"],
  fixed: FixedTokens,
  framing: number
): SimState {
  const n = a.recs.length
  const t = templateOf(a)
  const alive = t.alive.slice()
  // Every count is a whole number, so the sums are exact in any order.
  const total =
    fixed.system +
    fixed.tools +
    fixed.toolPrompt +
    fixed.hidden +
    liveMessages(t) * framing +
    sumOf(original)
  return {
    a,
    ctx,
    original,
    framing,
    total,
    alive,
    tokens: original.slice(),
    blocks: t.blocks.slice(),
    origBlocks: t.blocks,
    recMessage: t.recMessage,
    dirty: new Uint8Array(alive.length),
    changed: 0,
    fixed: fixed.system + fixed.tools + fixed.toolPrompt + fixed.hidden,
    status: new Uint8Array(n),
    editIndex: new Int32Array(n),
    editType: new Uint8Array(n),
    reason: t.reasons.slice(),
    placeholder: new Uint8Array(n),
    placeholders: [],
  }
}

/** Applies a replayed compaction block: everything before it is ignored. */
export function replay(s: SimState): ReplayInfo {
  const last = s.a.lastCompaction
  if (last < 0) return { replayedAt: null, ignoredBlocks: 0, ignoredTokens: 0 }
  const at = s.a.recs[last]!
  const why = intern(
    `Before the replayed compaction block at messages[${at.mi}].content[${at.bi}] → the server ignores it`
  )
  const before = s.total
  for (let i = 0; i < last; i++) {
    setBlock(s, i, null, 0)
    decide(s, i, "ignored", null, null, why)
  }
  return {
    replayedAt: { messageIndex: at.mi, blockIndex: at.bi },
    ignoredBlocks: last,
    ignoredTokens: Math.round(before - s.total),
  }
}

/**
 * Mid-conversation system messages with `clear_at: "next_user_message"` that
 * a later user message follows: the server keeps them in the array but no
 * longer shows them to the model (SDK BetaSystemMessageParam). Their blocks
 * are ignored, like blocks before a replayed compaction block.
 */
export function hideSystemMessages(s: SimState): void {
  const a = s.a
  for (const { message, hiddenBy } of a.hiddenSystemMessages) {
    const why = intern(
      `System message with clear_at: "next_user_message", and messages[${hiddenBy}] is a later user message → no longer shown to the model`
    )
    for (let i = a.msgStart[message]!; i < a.msgStart[message + 1]!; i++) {
      if (s.blocks[i] === null) continue
      setBlock(s, i, null, 0)
      decide(s, i, "ignored", null, null, why)
    }
  }
}

/** Implicit thinking default (docs/semantics.md#implicit-thinking-default) per the switch and the model table. */
export function implicitKeep(
  model: ModelInfo,
  A: Assumptions
): { keep: "all" | 1; source: "model" | "assumption" } {
  if (A.implicitThinkingDefault === "keep_all")
    return { keep: "all", source: "assumption" }
  if (A.implicitThinkingDefault === "last_turn")
    return { keep: 1, source: "assumption" }
  return { keep: model.thinkingDefaultKeep, source: "model" }
}
