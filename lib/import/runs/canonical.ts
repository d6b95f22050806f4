import { isRecord } from "../notes"
import type { ContentBlock, MessageParam } from "../types"

/**
 * The messages of a recorded request in one shape, and a key per message
 * that is the same whenever the client sent the same message again: the
 * key leaves out what a client moves or drops from one request to the next
 * (`cache_control` breakpoints, a text block's empty `citations`), so a
 * later request that repeats the history is seen to extend the earlier one.
 */

/** String content → one text block; a non-array, non-string content → none. */
function blocksOf(content: unknown): ContentBlock[] {
  if (typeof content === "string")
    return content === "" ? [] : [{ type: "text", text: content }]
  if (!Array.isArray(content)) return []
  return content.filter(
    (b): b is ContentBlock => isRecord(b) && typeof b.type === "string"
  )
}

/**
 * The request's messages with block content, consecutive messages of one
 * role merged (the API merges them too), and `from`: for each merged
 * message, the index of the last recorded message it holds.
 */
export function normaliseMessages(raw: unknown): {
  messages: MessageParam[]
  from: number[]
} {
  const messages: MessageParam[] = []
  const from: number[] = []
  if (!Array.isArray(raw)) return { messages, from }
  raw.forEach((m, i) => {
    if (!isRecord(m)) return
    // A mid-conversation system message (models that take them) stays one.
    if (m.role !== "user" && m.role !== "assistant" && m.role !== "system")
      return
    const role = m.role as MessageParam["role"]
    const blocks = blocksOf(m.content)
    const last = messages.at(-1)
    if (last && last.role === role && role !== "system") {
      ;(last.content as ContentBlock[]).push(...blocks)
      from[from.length - 1] = i
      return
    }
    messages.push({ role, content: blocks })
    from.push(i)
  })
  return { messages, from }
}

const stable = (v: unknown): string => JSON.stringify(v) ?? "null"

/** The part of a block that says what it is, not where it was cached. */
function blockKey(b: ContentBlock): string {
  switch (b.type) {
    case "text":
      return `t${stable(b.text)}`
    case "tool_use":
      return `u${stable([b.id, b.name, b.input])}`
    case "tool_result": {
      const content =
        typeof b.content === "string"
          ? b.content
          : blocksOf(b.content).map(blockKey).join("\u0001")
      return `r${stable([b.tool_use_id, content, b.is_error === true])}`
    }
    case "thinking":
      return `h${stable(b.thinking)}`
    default: {
      const { cache_control: _cache, ...rest } = b
      return stable(rest)
    }
  }
}

/** One message's key (role and blocks, breakpoints left out). */
export function messageKey(m: MessageParam): string {
  const blocks = Array.isArray(m.content) ? m.content : blocksOf(m.content)
  return `${m.role}\u0002${blocks.map(blockKey).join("\u0003")}`
}
