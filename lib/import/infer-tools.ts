import { isRecord, type Notes, plural } from "./notes"
import type { MessageParam, ToolDefinition } from "./types"

/**
 * Tool definitions for tool names that are used but never defined (the API
 * rejects tool_use blocks without `tools`). Properties come from the inputs
 * seen; no types are invented.
 */
export function inferMissingTools(
  messages: readonly MessageParam[],
  existing: readonly ToolDefinition[],
  notes: Notes,
  why: string
): ToolDefinition[] {
  const defined = new Set(existing.map((t) => t.name))
  const seen = new Map<string, Set<string>>()
  for (const message of messages) {
    if (typeof message.content === "string") continue
    for (const block of message.content) {
      if (
        block.type !== "tool_use" ||
        typeof block.name !== "string" ||
        defined.has(block.name)
      )
        continue
      const keys = seen.get(block.name) ?? new Set<string>()
      if (isRecord(block.input))
        for (const key of Object.keys(block.input)) keys.add(key)
      seen.set(block.name, keys)
    }
  }
  if (seen.size === 0) return [...existing]
  notes.info(
    `Added ${plural(seen.size, "tool definition")} inferred from the calls (${why})`
  )
  const inferred = [...seen].map(([name, keys]) => ({
    name,
    input_schema: {
      type: "object",
      properties: Object.fromEntries([...keys].map((k) => [k, {}])),
    },
  }))
  return [...existing, ...inferred]
}
