/**
 * Turns the final working state into the result's data: the edited request
 * (structurally shared with the input), per-block outcomes and token
 * categories.
 */
import type { BlockKind } from "../request/block-rules"
import type { SimState } from "../rules/state"
import type { TokenCategories } from "../types"

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
  /** Server-added hidden tokens (hiddenParts of @/lib/tokens). */
  hidden: number
}

const CATEGORY_KEYS: readonly (keyof TokenCategories)[] = [
  "text",
  "images",
  "tool_inputs",
  "tool_results",
  "thinking",
  "compaction",
]

/** Category slot (index into CATEGORY_KEYS) of each kind. */
const SLOT: Record<BlockKind, number> = Object.fromEntries(
  Object.entries(CATEGORY).map(([k, c]) => [k, CATEGORY_KEYS.indexOf(c)])
) as Record<BlockKind, number>

/** Category slot (index into CATEGORY_KEYS) of each record, computed once per analysis. */
export function categorySlots(
  recs: ReadonlyArray<{ kind: BlockKind }>
): Uint8Array {
  const out = new Uint8Array(recs.length)
  for (let i = 0; i < recs.length; i++) out[i] = SLOT[recs[i]!.kind]
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
    hidden: fixed.hidden,
  }
}

const originalCategories = new WeakMap<
  Float64Array,
  { key: string; categories: TokenCategories }
>()

/**
 * categorize() of the unedited request (the state's original tokens and
 * messages), cached per token array and fixed parts: a re-run with another
 * edit config starts from the same "before".
 */
export function categorizeOriginal(
  s: SimState,
  fixed: FixedTokens,
  slots: Uint8Array
): TokenCategories {
  const key = `${fixed.system}:${fixed.tools}:${fixed.toolPrompt}:${fixed.hidden}:${s.framing}`
  const hit = originalCategories.get(s.original)
  if (hit && hit.key === key) return hit.categories
  const categories = categorize(
    s,
    s.original,
    s.a.template!.alive,
    fixed,
    slots
  )
  originalCategories.set(s.original, { key, categories })
  return categories
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
  c.overhead +
  c.hidden

/** The request after edits: unchanged messages and blocks are the input's own objects. */
export function buildRequest(
  body: Record<string, unknown>,
  s: SimState,
  original: ReadonlyArray<Record<string, unknown>>
): Record<string, unknown> {
  const messages = body.messages as Array<Record<string, unknown>>
  const memos = (s.a.messageMemo ??= new Array(messages.length)) as Array<
    Record<string, unknown> | undefined
  >
  const start = s.a.msgStart
  let out: Array<Record<string, unknown>> | null = null
  let n = 0
  for (let mi = 0; mi < messages.length; mi++) {
    const m = messages[mi]!
    const from = start[mi]!
    const to = start[mi + 1]!
    // Only messages whose blocks were set this run can differ.
    if (s.dirty[mi] !== 1 || !editedIn(s.blocks, original, from, to)) {
      if (out) out[n] = m
      n++
      continue
    }
    if (!out) {
      out = new Array<Record<string, unknown>>(messages.length)
      for (let k = 0; k < n; k++) out[k] = messages[k]!
    }
    if (s.alive[mi] === 0) continue // wholly ignored or emptied: the model never sees it
    out[n++] = editedMessage(s, memos, mi, m)
  }
  if (!out) return body
  out.length = n
  return { ...body, messages: out }
}

/**
 * Message mi with its current blocks. Re-uses the last edited copy when its
 * blocks are the same objects (cheap re-runs, stable identities for the UI).
 */
function editedMessage(
  s: SimState,
  memos: Array<Record<string, unknown> | undefined>,
  mi: number,
  m: Record<string, unknown>
): Record<string, unknown> {
  const from = s.a.msgStart[mi]!
  const to = s.a.msgStart[mi + 1]!
  const blocks = s.blocks
  const memo = memos[mi]
  if (memo && sameLive(memo.content as unknown[], blocks, from, to)) return memo
  // Exact size: an array grown from [] by push reserves 17 slots.
  const content: Array<Record<string, unknown>> = new Array(s.alive[mi]!)
  let k = 0
  for (let i = from; i < to; i++) {
    const b = blocks[i]
    if (b) content[k++] = b
  }
  const edited = { ...m, content }
  memos[mi] = edited
  return edited
}

/** Whether any of blocks[from..to) is no longer the original block. */
function editedIn(
  blocks: ReadonlyArray<Record<string, unknown> | null>,
  original: ReadonlyArray<Record<string, unknown>>,
  from: number,
  to: number
): boolean {
  for (let i = from; i < to; i++) if (blocks[i] !== original[i]) return true
  return false
}

/** Whether `content` lists exactly the non-null blocks[from..to). */
function sameLive(
  content: readonly unknown[],
  blocks: ReadonlyArray<Record<string, unknown> | null>,
  from: number,
  to: number
): boolean {
  let k = 0
  for (let i = from; i < to; i++) {
    const b = blocks[i]
    if (!b) continue
    if (k >= content.length || content[k] !== b) return false
    k++
  }
  return k === content.length
}
