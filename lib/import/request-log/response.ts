import { callUsage } from "../claude-code/calls"
import { isRecord } from "../notes"
import type { ContentBlock } from "../types"

/**
 * A logged response → the answer as one Messages API message: the
 * response object itself, or, for a proxy that logged a stream, its
 * events (`message_start`, `content_block_*`, `message_delta`) put back
 * together. Usage is what the API billed (`callUsage`: with `iterations`,
 * their sum; the 1-hour writes apart).
 */
export interface LoggedAnswer {
  id?: string
  model?: string
  content: ContentBlock[]
  usage: ReturnType<typeof callUsage>
}

type Obj = Record<string, unknown>

/** Appends one delta to the block it belongs to. */
function applyDelta(block: Obj | undefined, delta: Obj): void {
  if (!block) return
  if (delta.type === "text_delta")
    block.text = String(block.text ?? "") + String(delta.text ?? "")
  else if (delta.type === "thinking_delta")
    block.thinking = String(block.thinking ?? "") + String(delta.thinking ?? "")
  else if (delta.type === "signature_delta")
    block.signature = String(delta.signature ?? "")
  else if (delta.type === "input_json_delta")
    block.partial =
      String(block.partial ?? "") + String(delta.partial_json ?? "")
}

/** Parses a tool call's streamed input (kept as given when it does not parse). */
function finishBlock(block: Obj): ContentBlock {
  const { partial, ...rest } = block
  if (typeof partial !== "string") return rest as ContentBlock
  try {
    const input: unknown = partial === "" ? {} : JSON.parse(partial)
    return { ...rest, input } as unknown as ContentBlock
  } catch {
    return rest as ContentBlock
  }
}

/** A streamed response's events → the message. */
function fromEvents(events: unknown[]): Obj | null {
  let message: Obj | null = null
  const blocks: Obj[] = []
  let usage: Obj = {}
  for (const e of events) {
    if (!isRecord(e)) continue
    if (e.type === "message_start" && isRecord(e.message)) {
      message = { ...e.message }
      usage = isRecord(e.message.usage) ? { ...e.message.usage } : {}
    } else if (e.type === "content_block_start" && isRecord(e.content_block))
      blocks[Number(e.index) || blocks.length] = { ...e.content_block }
    else if (e.type === "content_block_delta" && isRecord(e.delta))
      applyDelta(blocks[Number(e.index) || 0], e.delta)
    else if (e.type === "message_delta" && isRecord(e.usage))
      // message_delta's usage is cumulative: its numbers replace the start's.
      usage = { ...usage, ...e.usage }
  }
  if (!message) return null
  return {
    ...message,
    content: blocks.filter(Boolean).map(finishBlock),
    usage,
  }
}

/** The answer of a logged response; null when it holds no usage (an error, a cut stream). */
export function loggedAnswer(response: unknown): LoggedAnswer | null {
  const message = Array.isArray(response)
    ? fromEvents(response)
    : isRecord(response) && Array.isArray(response.events)
      ? fromEvents(response.events)
      : isRecord(response)
        ? response
        : null
  if (!message || !isRecord(message.usage)) return null
  const content = Array.isArray(message.content)
    ? message.content.filter(
        (b): b is ContentBlock => isRecord(b) && typeof b.type === "string"
      )
    : []
  return {
    ...(typeof message.id === "string" ? { id: message.id } : {}),
    ...(typeof message.model === "string" ? { model: message.model } : {}),
    content,
    usage: callUsage(message.usage),
  }
}
