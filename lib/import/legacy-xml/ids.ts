import type { MessageParam } from "../types"

/** Prefix of every id the legacy converter creates (`toolu_legacy_<turn>_<n>`). */
export const LEGACY_ID_PREFIX = "toolu_legacy_"

/** Deterministic ids: `toolu_legacy_<assistant turn>_<n>`, 1-based. */
export function renumber(messages: MessageParam[]): void {
  const map = new Map<string, string>()
  let turn = 0
  for (const message of messages) {
    if (message.role !== "assistant" || typeof message.content === "string")
      continue
    turn++
    let n = 0
    for (const block of message.content) {
      if (
        block.type === "tool_use" &&
        String(block.id).startsWith(LEGACY_ID_PREFIX)
      ) {
        const id = `${LEGACY_ID_PREFIX}${turn}_${++n}`
        map.set(String(block.id), id)
        block.id = id
      }
    }
  }
  for (const message of messages) {
    if (message.role !== "user" || typeof message.content === "string") continue
    for (const block of message.content) {
      const id = map.get(String(block.tool_use_id))
      if (block.type === "tool_result" && id) block.tool_use_id = id
    }
  }
}
