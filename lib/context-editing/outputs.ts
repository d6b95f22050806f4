/**
 * Turns the final working state into the result's data: the edited request
 * (structurally shared with the input), per-block outcomes and token
 * categories.
 */
import type { BlockKind } from "./block-rules"
import type { SimState } from "./state"
import type { BlockOutcome, TokenCategories } from "./types"

const CATEGORY: Record<BlockKind, keyof TokenCategories> = {
  text: "text",
  media: "images",
  tool_use: "tool_inputs",
  tool_result: "tool_results",
  thinking: "thinking",
  redacted_thinking: "thinking",
  compaction: "compaction",
  other: "text",
}

/** Fixed parts of the prompt that edits never touch. */
export interface FixedTokens {
  system: number
  tools: number
  toolPrompt: number
}

const CATEGORY_KEYS: readonly (keyof TokenCategories)[] = [
  "text",
  "images",
  "tool_inputs",
  "tool_results",
  "thinking",
  "compaction",
]

/** Category slot (index into CATEGORY_KEYS) of each record, computed once per analysis. */
export function categorySlots(kinds: readonly BlockKind[]): Uint8Array {
  const out = new Uint8Array(kinds.length)
  for (let i = 0; i < kinds.length; i++)
    out[i] = CATEGORY_KEYS.indexOf(CATEGORY[kinds[i]!])
  return out
}

/** Splits a token snapshot by category; the fields sum to the total. */
export function categorize(
  s: SimState,
  tokens: Float64Array,
  alive: Int32Array,
  fixed: FixedTokens,
  slots: Uint8Array
): TokenCategories {
  const sums = new Float64Array(CATEGORY_KEYS.length)
  for (let i = 0; i < tokens.length; i++) {
    const k = slots[i]!
    sums[k] = sums[k]! + tokens[i]!
  }
  let live = 0
  for (let mi = 0; mi < alive.length; mi++) if (alive[mi]! > 0) live++
  return {
    system: fixed.system,
    tools: fixed.tools,
    text: sums[0]!,
    tool_inputs: sums[2]!,
    tool_results: sums[3]!,
    thinking: sums[4]!,
    images: sums[1]!,
    compaction: sums[5]!,
    overhead: fixed.toolPrompt + live * s.framing,
  }
}

/** Sum of a category record. */
export const totalOf = (c: TokenCategories): number =>
  c.system +
  c.tools +
  c.text +
  c.tool_inputs +
  c.tool_results +
  c.thinking +
  c.images +
  c.compaction +
  c.overhead

function sameBlocks(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** The request after edits: unchanged messages and blocks are the input's own objects. */
export function buildRequest(
  body: Record<string, unknown>,
  s: SimState
): Record<string, unknown> {
  const messages = body.messages as Array<Record<string, unknown>>
  const memos = (s.a.messageMemo ??= new Array(messages.length))
  let changed = false
  const out: Array<Record<string, unknown>> = []
  for (let mi = 0; mi < messages.length; mi++) {
    const m = messages[mi]!
    const ids = s.a.messageRecs[mi]!
    let dirty = false
    for (const i of ids) if (s.blocks[i] !== s.a.recs[i]!.block) dirty = true
    if (!dirty) {
      out.push(m)
      continue
    }
    changed = true
    if (s.alive[mi] === 0) continue // wholly ignored or emptied: the model never sees it
    const content: Array<Record<string, unknown>> = []
    for (const i of ids) {
      const b = s.blocks[i]
      if (b) content.push(b)
    }
    // Re-use the last edited copy when its blocks are the same objects
    // (cheap re-runs, stable identities for the UI).
    const memo = memos[mi]
    if (memo && sameBlocks(memo.content, content)) out.push(memo.out)
    else {
      const edited = { ...m, content }
      memos[mi] = { content, out: edited }
      out.push(edited)
    }
  }
  return changed ? { ...body, messages: out } : body
}

/**
 * One outcome per original block, in order. Outcome objects are memoised per
 * analysis and re-used when nothing about the block changed since the last
 * simulation (results are immutable, so sharing is safe).
 */
export function buildOutcomes(s: SimState): BlockOutcome[] {
  const recs = s.a.recs
  const memo = (s.a.outcomes ??= new Array<BlockOutcome | undefined>(
    recs.length
  ))
  const out: BlockOutcome[] = new Array(recs.length)
  for (let i = 0; i < recs.length; i++) {
    const prev = memo[i]
    const ph = s.placeholder[i]
    if (
      prev &&
      prev.status === s.status[i] &&
      prev.tokensAfter === s.tokens[i] &&
      prev.tokensBefore === s.original[i] &&
      prev.reason === s.reason[i] &&
      prev.editIndex === s.editIndex[i] &&
      prev.editType === s.editType[i] &&
      prev.placeholder === ph
    ) {
      out[i] = prev
      continue
    }
    const r = recs[i]!
    const o: BlockOutcome = {
      messageIndex: r.mi,
      blockIndex: r.bi,
      role: r.role,
      type: r.type,
      status: s.status[i]!,
      editIndex: s.editIndex[i]!,
      editType: s.editType[i]!,
      tokensBefore: s.original[i]!,
      tokensAfter: s.tokens[i]!,
      reason: s.reason[i]!,
    }
    if (r.pair >= 0) {
      const p = s.a.pairs[r.pair]!
      o.toolUseId = p.id
      o.toolName = p.name
    }
    if (ph !== undefined) o.placeholder = ph
    if (r.turn >= 0) o.turnIndex = r.turn
    memo[i] = o
    out[i] = o
  }
  return out
}
