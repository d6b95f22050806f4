import { isRecord, type Notes, plural } from "../notes"
import type { ContentBlock, MessageParam } from "../types"
import { isBoundary } from "./chain"
import type { Entry } from "./lines"

/**
 * A Claude Code chain (messages and compact boundaries, oldest first) →
 * Messages API messages that alternate roles, and where each API call of
 * the log answered. A compact boundary becomes a `compaction` block (docs:
 * compaction — "the API ignores every content block before the last
 * compaction block") holding the summary Claude Code wrote after it. For
 * a model without compaction the summary stays the user message Claude
 * Code sent (the request then keeps what came before it too).
 */

/** One API call of the log: its answer starts in `messages[messageIndex]`. */
export interface Reply {
  messageIndex: number
  /** The last entry of the answer (its usage is the final one). */
  entry: Entry
}

export interface Built {
  messages: MessageParam[]
  replies: Reply[]
  /** The compaction blocks, in order, with the log's pre-compaction size. */
  compactions: Array<{ preTokens?: number; trigger?: string }>
}

const STAND_IN =
  "(Claude Code's summary of the conversation so far is not in the log.)"

/** Text of a summary entry (string or text blocks). */
function summaryText(entry: Entry): string {
  const content = entry.message?.content
  if (typeof content === "string") return content
  if (!Array.isArray(content)) return ""
  return content
    .filter((b) => isRecord(b) && b.type === "text")
    .map((b) => String((b as { text?: unknown }).text ?? ""))
    .join("\n\n")
}

/** Drops thinking blocks without a signature (the API rejects them). */
function withoutUnsigned(content: ContentBlock[], notes: Notes) {
  return content.filter((b) => {
    const unsigned =
      isRecord(b) &&
      b.type === "thinking" &&
      (typeof b.signature !== "string" || b.signature === "")
    if (unsigned)
      notes.tally(
        "cc-unsigned-thinking",
        "warning",
        (n) =>
          `Dropped ${plural(n, "thinking block")} without a signature (the API rejects unsigned thinking blocks)`
      )
    return !unsigned
  })
}

function contentOf(entry: Entry, notes: Notes): ContentBlock[] {
  const content = entry.message!.content
  if (typeof content === "string") return [{ type: "text", text: content }]
  return Array.isArray(content)
    ? withoutUnsigned(content as ContentBlock[], notes)
    : []
}

/** Messages under construction: consecutive same-role content is joined. */
class MessageList {
  readonly messages: MessageParam[] = []

  /** Appends `content` as `role`; returns the index of the message it went to. */
  add(role: "user" | "assistant", content: ContentBlock[]): number {
    const last = this.messages.at(-1)
    if (last?.role === role && Array.isArray(last.content))
      last.content.push(...content)
    else this.messages.push({ role, content: [...content] })
    return this.messages.length - 1
  }
}

/** Builds the messages, compaction blocks and replies of a chain. */
export function buildMessages(
  chain: Entry[],
  compactionBlocks: boolean,
  notes: Notes
): Built {
  const list = new MessageList()
  const replies: Reply[] = []
  const compactions: Built["compactions"] = []
  let open: ContentBlock | undefined // compaction waiting for its summary
  let lastId: string | undefined
  let merged = 0
  for (const entry of chain) {
    if (isBoundary(entry)) {
      const { preTokens, trigger } = entry.compactMetadata ?? {}
      compactions.push({ preTokens, trigger })
      if (!compactionBlocks) continue // the summary stays a user message
      open = { type: "compaction", content: STAND_IN }
      // After results or a prompt, Claude Code compacted before sending
      // them: its next request was the summary (and what follows it), so the
      // block ends that user message; after an answer it ends the answer.
      list.add(list.messages.at(-1)?.role === "user" ? "user" : "assistant", [
        open,
      ])
      lastId = undefined
      continue
    }
    if (entry.isCompactSummary === true && open) {
      open.content = summaryText(entry) || STAND_IN
      open = undefined
      continue
    }
    const role = entry.type === "assistant" ? "assistant" : "user"
    const id = entry.message!.id
    if (role === "assistant" && id && id === lastId) {
      list.add(role, contentOf(entry, notes))
      replies.at(-1)!.entry = entry
      merged++
      continue
    }
    lastId = role === "assistant" ? id : undefined
    const index = list.add(role, contentOf(entry, notes))
    if (role === "assistant") replies.push({ messageIndex: index, entry })
  }
  const missing = list.messages.filter((m) =>
    (m.content as ContentBlock[]).some((b) => b.content === STAND_IN)
  ).length
  if (missing > 0)
    notes.warn(
      `${plural(missing, "compaction")} without Claude Code's summary in the log: a stand-in text holds its place`
    )
  if (merged > 0)
    notes.info(
      `Merged ${plural(merged, "assistant entry", "assistant entries")} that belong to the same API message`
    )
  return { messages: list.messages, replies, compactions }
}
