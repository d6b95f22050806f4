import { isRecord, type Notes, thousands } from "../notes"
import type { ContentBlock, MessageParam } from "../types"
import type { RunCall } from "./call"

/**
 * A run's caching as sent: the `cache_control` its request carried (a
 * request log records it), or, for a format that drops it (spans, runs),
 * breakpoints placed as the usage shows: `cache_control` on the last block
 * of the last user message, moved to each request's end (the replay then
 * reads from the usage whether only a fixed prefix was cached:
 * lib/real-usage/replay.ts `inferBreakpoints`).
 */

const marked = (v: unknown): boolean => isRecord(v) && isRecord(v.cache_control)

/** Whether the request has a breakpoint anywhere (top level, system, tools, messages). */
export function hasBreakpoints(
  config: Record<string, unknown>,
  messages: readonly MessageParam[]
): boolean {
  if (isRecord(config.cache_control)) return true
  const lists = [config.system, config.tools]
  if (lists.some((l) => Array.isArray(l) && l.some(marked))) return true
  return messages.some(
    (m) =>
      Array.isArray(m.content) &&
      m.content.some(
        (b) =>
          marked(b) ||
          (Array.isArray(b.content) && (b.content as unknown[]).some(marked))
      )
  )
}

/** Places breakpoints where the usage shows caching, for a format that lost them. */
export function applyRunCaching(
  calls: readonly RunCall[],
  config: Record<string, unknown>,
  messages: MessageParam[],
  lost: boolean,
  notes: Notes
): void {
  let written = 0
  let read = 0
  let hour = 0
  for (const c of calls) {
    written += c.usage.cache_creation_input_tokens
    read += c.usage.cache_read_input_tokens
    hour += c.usage.cache_creation_1h_input_tokens
  }
  if (hasBreakpoints(config, messages)) {
    notes.info(
      `Caching as recorded: the request's own cache_control (the run's usage: ${thousands(written)} tokens written to the cache, ${thousands(read)} read)`
    )
    return
  }
  const lastUser = messages.findLast(
    (m) => m.role === "user" && Array.isArray(m.content) && m.content.length > 0
  )
  const block = (lastUser?.content as ContentBlock[] | undefined)?.at(-1)
  if (written + read === 0 || !block || !lost) {
    notes.info("The run's usage shows no prompt caching; caching left off")
    return
  }
  block.cache_control = {
    type: "ephemeral",
    ...(hour > 0 ? { ttl: "1h" } : {}),
  }
  notes.warn(
    `The record keeps no cache_control, but the usage shows caching (${thousands(written)} tokens written, ${thousands(read)} read): assumed a breakpoint${hour > 0 ? " (1h)" : ""} on the last block of each request's last user message; the replay reads from the usage whether only a fixed prefix (system, tools) was cached`
  )
}
