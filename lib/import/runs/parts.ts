import { getModelInfo } from "@/lib/context-editing/models"

import type { Notes } from "../notes"
import type { ContentBlock, MessageParam } from "../types"
import type { RunCall } from "./call"
import { normaliseMessages } from "./canonical"
import type { placeCalls } from "./conversations"

/** The pieces `buildRunSession` (session.ts) puts a run's conversations together from. */

/** A conversation of the run: its calls (indexes into the run's calls). */
export interface Conversation {
  id: string
  calls: number[]
}

/** Calls grouped into conversations; the main one (most calls) first. */
export function conversationsOf(
  placements: ReturnType<typeof placeCalls>
): Conversation[] {
  const byThread = new Map<number, number[]>()
  placements.forEach((p, i) => {
    if (p.thread < 0) return
    const list = byThread.get(p.thread)
    if (list) list.push(i)
    else byThread.set(p.thread, [i])
  })
  const last = placements.findLast((p) => p.thread >= 0)?.thread
  const threads = [...byThread.entries()]
  let main = threads[0]
  for (const t of threads)
    if (
      t[1].length > main![1].length ||
      (t[1].length === main![1].length && t[0] === last)
    )
      main = t
  if (!main) return []
  let n = 1
  return [
    { id: "main", calls: main[1] },
    ...threads
      .filter((t) => t !== main)
      .map((t) => ({ id: `conversation-${++n}`, calls: t[1] })),
  ]
}

/** The stand-in for a thinking block's signature a format did not keep. */
export const UNRECORDED_SIGNATURE = "(signature not recorded)"

/** Thinking blocks without a signature get the stand-in; returns how many. */
export function standInSignatures(messages: MessageParam[]): number {
  let n = 0
  for (const m of messages)
    if (Array.isArray(m.content))
      for (const b of m.content)
        if (b.type === "thinking" && typeof b.signature !== "string") {
          b.signature = UNRECORDED_SIGNATURE
          n++
        }
  return n
}

export const hasThinking = (messages: MessageParam[]) =>
  messages.some(
    (m) =>
      Array.isArray(m.content) &&
      m.content.some(
        (b) => b.type === "thinking" || b.type === "redacted_thinking"
      )
  )

/** The request's config: every field but the messages and transport-only ones. */
export function configOf(
  request: Record<string, unknown>
): Record<string, unknown> {
  const { messages: _messages, stream: _stream, ...config } = request
  return config
}

/** The messages a conversation ends with: its last request, and the answer when the model takes it as input. */
export function finalMessages(
  last: RunCall,
  model: string,
  notes: Notes
): MessageParam[] {
  const { messages } = normaliseMessages(last.request!.messages)
  if (last.answer.length === 0) return messages
  if (getModelInfo(model).prefill === false) {
    notes.info(
      "The run's last answer is left out: it answered the last request (this model rejects a request that ends with an assistant message)"
    )
    return messages
  }
  const blocks = last.answer.map((b) => ({ ...b }))
  if (messages.at(-1)?.role === "assistant")
    (messages.at(-1)!.content as ContentBlock[]).push(...blocks)
  else messages.push({ role: "assistant", content: blocks })
  return messages
}

/** The index of a request's last message that is not an answer (requestEnds). */
export function requestEnd(call: RunCall): number {
  const { messages } = normaliseMessages(call.request!.messages)
  let i = messages.length - 1
  while (i >= 0 && messages[i]!.role === "assistant") i--
  return i
}
