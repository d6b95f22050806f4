/**
 * Pure helpers that read and rewrite `context_management.edits` of a request
 * without mutating it. The edit forms call these through `updateRequest`.
 */
import { editKind } from "@/lib/context-editing/rules/kinds"
import { isRecord } from "@/lib/json/is-record"

export type EditObject = Record<string, unknown> & { type?: unknown }

/** The request's edits, or [] when it has none (or they are malformed). */
export function selectEdits(request: unknown): EditObject[] {
  if (!isRecord(request)) return []
  const cm = request.context_management
  if (!isRecord(cm) || !Array.isArray(cm.edits)) return []
  return cm.edits.map((e) => (isRecord(e) ? e : {}))
}

/** Whether the request has a `context_management` field at all. */
export function hasContextManagement(request: unknown): boolean {
  return isRecord(request) && isRecord(request.context_management)
}

/** Returns a new request with `edits` in place of the old ones. */
export function withEdits(
  request: Record<string, unknown>,
  edits: EditObject[]
): Record<string, unknown> {
  const cm = isRecord(request.context_management)
    ? request.context_management
    : {}
  return { ...request, context_management: { ...cm, edits } }
}

/** Sets (or, with `undefined`, removes) one field of edit `index`. */
export function setEditField(
  request: Record<string, unknown>,
  index: number,
  field: string,
  value: unknown
): Record<string, unknown> {
  const edits = selectEdits(request).map((edit, i) => {
    if (i !== index) return edit
    const next: EditObject = { ...edit }
    if (value === undefined) delete next[field]
    else next[field] = value
    return next
  })
  return withEdits(request, edits)
}

/** Moves edit `from` to position `to`. */
export function moveEdit(
  request: Record<string, unknown>,
  from: number,
  to: number
): Record<string, unknown> {
  const edits = [...selectEdits(request)]
  if (to < 0 || to >= edits.length || from === to) return request
  const [moved] = edits.splice(from, 1)
  if (!moved) return request
  edits.splice(to, 0, moved)
  return withEdits(request, edits)
}

/** Removes edit `index`. */
export function removeEdit(
  request: Record<string, unknown>,
  index: number
): Record<string, unknown> {
  return withEdits(
    request,
    selectEdits(request).filter((_, i) => i !== index)
  )
}

/**
 * Adds an edit of `type`. A kind that goes first (`goesFirst` in the
 * registry: clear_thinking, as the API requires when strategies are
 * combined) goes first; others go last.
 */
export function addEdit(
  request: Record<string, unknown>,
  edit: EditObject
): Record<string, unknown> {
  const edits = selectEdits(request)
  return withEdits(
    request,
    editKind(edit.type)?.goesFirst ? [edit, ...edits] : [...edits, edit]
  )
}

/** Tool use blocks (client, server and MCP) in the conversation: the range of keep. */
export function selectToolUseCount(request: unknown): number {
  if (!isRecord(request) || !Array.isArray(request.messages)) return 0
  let n = 0
  for (const m of request.messages) {
    if (!isRecord(m) || !Array.isArray(m.content)) continue
    for (const b of m.content)
      if (isRecord(b) && /tool_use$/.test(String(b.type))) n++
  }
  return n
}

/** Tool names declared in `tools` or used in the conversation, for suggestions. */
export function selectToolNames(request: unknown): string[] {
  const names = new Set<string>()
  if (!isRecord(request)) return []
  if (Array.isArray(request.tools)) {
    for (const t of request.tools) {
      if (isRecord(t) && typeof t.name === "string") names.add(t.name)
    }
  }
  if (Array.isArray(request.messages)) {
    for (const m of request.messages) {
      if (!isRecord(m) || !Array.isArray(m.content)) continue
      for (const b of m.content) {
        if (
          isRecord(b) &&
          typeof b.name === "string" &&
          /tool_use$/.test(String(b.type))
        ) {
          names.add(b.name)
        }
      }
    }
  }
  return [...names].sort()
}
