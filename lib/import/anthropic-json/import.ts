import { parseJsonBounded } from "../bounds"
import { failure, isRecord, Notes } from "../notes"
import { DEFAULT_MAX_TOKENS, DEFAULT_MODEL, restoreRequest } from "../restore"
import type { ImportResult } from "../types"

/** Wrappers that SDK logs and proxies put around a request body. */
const WRAPPERS = ["body", "request", "params", "input", "payload"] as const

/**
 * A Messages request object (or a bare messages array) with restore-style
 * repairs. Accepts parsed JSON; never throws.
 */
export function fromAnthropicJson(value: unknown): ImportResult {
  const notes = new Notes()
  if (Array.isArray(value)) {
    notes.info(
      `Wrapped a bare messages array in a request (model ${DEFAULT_MODEL}, max_tokens ${DEFAULT_MAX_TOKENS})`
    )
    return restoreRequest(
      { model: DEFAULT_MODEL, max_tokens: DEFAULT_MAX_TOKENS, messages: value },
      notes,
      { inferTools: "a bare messages array has no tool definitions" }
    )
  }
  if (!isRecord(value)) {
    return failure("Expected a JSON object with a `messages` array.")
  }
  if (value.type === "message" && value.role === "assistant") {
    return failure(
      "This is a Messages API response, not a request. Paste the request body you sent (with `messages`)."
    )
  }
  if (!Array.isArray(value.messages)) {
    for (const key of WRAPPERS) {
      const inner = value[key]
      if (isRecord(inner) && Array.isArray(inner.messages)) {
        notes.info(`Used the request found under \`${key}\``)
        return restoreRequest(inner, notes, { keepSystemMessages: true })
      }
    }
  }
  return restoreRequest(value, notes, { keepSystemMessages: true })
}

/** Parses then imports a Messages request JSON text. */
export function importAnthropicJsonText(text: string): ImportResult {
  const parsed = parseJsonBounded(text)
  if (!parsed.success) return { success: false, error: parsed.error }
  return fromAnthropicJson(parsed.data)
}
