/**
 * The API's tool-pairing rules, repaired (every importer's last step): each
 * tool_use id is valid and unique, each tool_use not in the final message is
 * answered by a tool_result in the next message, and each tool_result answers
 * a tool_use of the message before it. Transcripts break these rules when a
 * session was interrupted, a log lost a line, or a local model reused ids
 * such as `call_0` every turn. Each repair is reported.
 */
import { type Notes, plural } from "./notes"
import type { ContentBlock, MessageParam } from "./types"

/** What a placeholder result says (an error result, so the model sees that the call failed). */
export const MISSING_RESULT = "(no result in the transcript)"

const blocksOf = (m: MessageParam | undefined): ContentBlock[] =>
  m && Array.isArray(m.content) ? m.content : []

/** Makes tool_use ids valid and unique; results follow their call's new id. */
function uniqueIds(messages: MessageParam[], notes: Notes): void {
  const seen = new Set<string>()
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!
    if (m.role !== "assistant" || !Array.isArray(m.content)) continue
    // Old id → the new ids of its calls in this message, in order.
    const renamed = new Map<string, string[]>()
    m.content = m.content.map((b) => {
      if (b.type !== "tool_use") return b
      const old = typeof b.id === "string" ? b.id : ""
      let id = old.replace(/[^A-Za-z0-9_-]/g, "_") || "toolu_imported"
      if (id !== old && old !== "")
        notes.tally(
          "id-invalid",
          "info",
          (n) =>
            `Replaced the characters the API does not allow in ${plural(n, "tool_use id")} (letters, digits, _ and - only), in its result too`
        )
      if (seen.has(id)) {
        let k = 2
        while (seen.has(`${id}_${k}`)) k++
        id = `${id}_${k}`
        notes.tally(
          "id-duplicate",
          "info",
          (n) =>
            `Renamed ${plural(n, "reused tool_use id")} (ids must be unique in a request), in its result too`
        )
      }
      seen.add(id)
      if (id === old) return b
      renamed.set(old, [...(renamed.get(old) ?? []), id])
      return { ...b, id }
    })
    const next = messages[i + 1]
    if (renamed.size === 0 || !next || !Array.isArray(next.content)) continue
    next.content = next.content.map((b) => {
      if (b.type !== "tool_result" || typeof b.tool_use_id !== "string")
        return b
      const queue = renamed.get(b.tool_use_id)
      const id = queue?.shift()
      return id === undefined ? b : { ...b, tool_use_id: id }
    })
  }
}

/** Answers unanswered calls and drops results that answer nothing. */
function pairCalls(messages: MessageParam[], notes: Notes): void {
  let added = 0
  let orphans = 0
  let duplicates = 0
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!
    if (m.role !== "user" || !Array.isArray(m.content)) continue
    const prev = messages[i - 1]
    const calls = new Set(
      prev?.role === "assistant"
        ? blocksOf(prev)
            .filter((b) => b.type === "tool_use")
            .map((b) => String(b.id))
        : []
    )
    const answered = new Set<string>()
    m.content = m.content.filter((b) => {
      if (b.type !== "tool_result") return true
      const id = String(b.tool_use_id)
      if (!calls.has(id)) {
        orphans++
        return false
      }
      if (answered.has(id)) {
        duplicates++
        return false
      }
      answered.add(id)
      return true
    })
  }
  for (let i = 0; i < messages.length - 1; i++) {
    const m = messages[i]!
    const next = messages[i + 1]!
    if (m.role !== "assistant" || next.role !== "user") continue
    const answered = new Set(
      blocksOf(next)
        .filter((b) => b.type === "tool_result")
        .map((b) => String(b.tool_use_id))
    )
    const missing: ContentBlock[] = blocksOf(m)
      .filter((b) => b.type === "tool_use" && !answered.has(String(b.id)))
      .map((b) => ({
        type: "tool_result",
        tool_use_id: String(b.id),
        content: MISSING_RESULT,
        is_error: true,
      }))
    if (missing.length === 0) continue
    added += missing.length
    const content =
      typeof next.content === "string"
        ? [{ type: "text", text: next.content }]
        : next.content
    const firstOther = content.findIndex((b) => b.type !== "tool_result")
    const at = firstOther === -1 ? content.length : firstOther
    next.content = [...content.slice(0, at), ...missing, ...content.slice(at)]
  }
  if (added > 0)
    notes.warn(
      `Added an error tool_result "${MISSING_RESULT}" for ${plural(added, "tool call")} the transcript never answered (the API requires a result right after each call)`
    )
  if (orphans > 0)
    notes.warn(
      `Dropped ${plural(orphans, "tool_result")} that answered no tool_use in the message before (the API rejects them)`
    )
  if (duplicates > 0)
    notes.warn(
      `Dropped ${plural(duplicates, "second tool_result")} for a call already answered`
    )
}

/**
 * Repairs pairing in place (messages already merged by role, results first).
 * Returns the messages without any left empty by a dropped result; the
 * caller merges same-role neighbours again if some were removed.
 */
export function repairPairing(
  messages: MessageParam[],
  notes: Notes
): MessageParam[] {
  uniqueIds(messages, notes)
  pairCalls(messages, notes)
  const kept = messages.filter(
    (m) => typeof m.content === "string" || m.content.length > 0
  )
  if (kept.length < messages.length)
    notes.info(
      `Removed ${plural(messages.length - kept.length, "user message")} left empty by dropped results`
    )
  return kept
}
