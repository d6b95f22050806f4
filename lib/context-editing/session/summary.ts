/**
 * Compaction across a session (docs/semantics.md#compaction-replay): when a request's prompt
 * reaches the compaction trigger, the server summarises the conversation and
 * returns a `compaction` block at the start of its reply; every later
 * request ignores the blocks before that block. The summary's text cannot be
 * predicted, so a session replay stands in a filler summary of an assumed
 * size, stated in the UI.
 */
import { FAMILY_MULTIPLIER, PROSE_CHARS_PER_TOKEN } from "@/lib/tokens"

import { getModelInfo } from "../request/models"

/**
 * Assumed size of a compaction summary, in tokens: the output of the
 * compaction step in the docs' usage example (180,000 in / 3,500 out).
 */
export const SUMMARY_TOKENS = 3_500

const FILLER = "Summary of the work so far, its state and the next steps. "

/** A stand-in compaction block whose estimated size is about `tokens`. */
export function summaryBlock(
  model: unknown,
  tokens = SUMMARY_TOKENS
): { type: "compaction"; content: string } {
  const family =
    typeof model === "string" ? getModelInfo(model).tokenizer : "next"
  const chars = Math.max(
    1,
    Math.round((tokens * PROSE_CHARS_PER_TOKEN) / FAMILY_MULTIPLIER[family])
  )
  const content = FILLER.repeat(Math.ceil(chars / FILLER.length)).slice(
    0,
    chars
  )
  return { type: "compaction", content }
}

type Msg = { role?: unknown; content?: unknown }

/**
 * `messages` with the summary put first in the reply at `reply` (the
 * assistant message answering the request that compacted), or null when
 * there is no such reply or it already starts with a compaction block (the
 * transcript holds the real one). Only that message is copied.
 */
export function withSummary(
  messages: readonly unknown[],
  reply: number,
  block: { type: "compaction"; content: string }
): unknown[] | null {
  const m = messages[reply] as Msg | undefined
  if (!m || m.role !== "assistant") return null
  const content: unknown[] =
    typeof m.content === "string"
      ? m.content.length > 0
        ? [{ type: "text", text: m.content }]
        : []
      : Array.isArray(m.content)
        ? m.content
        : []
  if ((content[0] as Msg & { type?: unknown })?.type === "compaction")
    return null
  const out = messages.slice()
  out[reply] = { ...m, content: [block, ...content] }
  return out
}
