import { modelTakesThinking } from "@/lib/context-editing/request/request-defaults"

import type { MessageParam } from "../types"

type Block = { type?: unknown }

const blocksOf = (m: MessageParam): Block[] =>
  Array.isArray(m.content) ? (m.content as Block[]) : []
const isThinking = (b: Block | undefined) =>
  b?.type === "thinking" || b?.type === "redacted_thinking"

/**
 * Whether the log ends inside a tool loop whose calls were made without a
 * thinking block first. With thinking `enabled` the API rejects that
 * request, so the real one cannot have been sent that way.
 */
export function endsInLoopWithoutThinking(messages: MessageParam[]): boolean {
  let m = messages.length - 1
  const onlyResults = (msg: MessageParam) =>
    msg.role === "user" &&
    blocksOf(msg).length > 0 &&
    blocksOf(msg).every((b) => b.type === "tool_result")
  while (m >= 0 && onlyResults(messages[m]!)) m--
  if (m === messages.length - 1 || m < 0 || messages[m]!.role !== "assistant")
    return false
  while (m > 0 && messages[m - 1]!.role === "assistant") m--
  return !isThinking(blocksOf(messages[m]!)[0])
}

/** Whether a content array begins with a thinking block. */
const startsThinking = (content: unknown) =>
  Array.isArray(content) && isThinking(content[0] as Block | undefined)

/**
 * Whether every answer of the log (each API message, by `message.id`)
 * begins with thinking, as every answer does under manual thinking. A log
 * with thinking on some answers only was not sent with `enabled` (adaptive
 * thinking may skip a turn; docs/semantics.md#errors).
 */
export function everyAnswerThinks(
  answers: Iterable<{ message?: { id?: string; content?: unknown } }>
): boolean {
  const seen = new Set<string>()
  for (const a of answers) {
    const id = a.message?.id ?? ""
    if (seen.has(id)) continue
    seen.add(id)
    if (!startsThinking(a.message?.content)) return false
  }
  return true
}

/**
 * The thinking setting a log with thinking blocks was most likely sent
 * with, such that the API would accept every request of it: manual
 * (`enabled`, budget 16,000) only where every answer thinks (so every tool
 * loop starts with thinking) and the model takes it; else adaptive, which
 * may skip thinking on a turn; else none (the model takes neither).
 */
export function logThinking(
  messages: MessageParam[],
  model: string,
  allAnswersThink = true
): { type: "enabled"; budget_tokens: number } | { type: "adaptive" } | null {
  const request = { model }
  const manualFits = allAnswersThink && !endsInLoopWithoutThinking(messages)
  if (manualFits && modelTakesThinking(request, "enabled"))
    return { type: "enabled", budget_tokens: 16_000 }
  if (modelTakesThinking(request, "adaptive")) return { type: "adaptive" }
  return null
}
