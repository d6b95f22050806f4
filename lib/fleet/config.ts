/**
 * One edit config applied to every session of a folder: the edits the page
 * (or `--config`) has, adjusted per session the way the API forces, each
 * adjustment said in a note —
 *
 * - clear_thinking only where the session has thinking on (the API rejects
 *   it otherwise);
 * - compaction only on a model that has it (the API rejects the edit
 *   elsewhere);
 * - a compacted log keeps its own compaction edit when the config has none
 *   (the API takes `compaction` blocks only with one), as the Import dialog
 *   does when it keeps the current edits.
 */
import { getModelInfo } from "@/lib/context-editing/models"

/** The edits to replay every session with; null: each log's own. */
export type FleetEdits = Record<string, unknown>[] | null

const typeOf = (e: unknown) => (e as { type?: unknown } | null)?.type

/** The edits array of a request body, if it has one. */
export function editsOfRequest(request: unknown): Record<string, unknown>[] {
  const cm = (request as { context_management?: { edits?: unknown } } | null)
    ?.context_management
  return Array.isArray(cm?.edits) ? (cm.edits as Record<string, unknown>[]) : []
}

function thinkingOn(request: Record<string, unknown>): boolean {
  const t = (request.thinking as { type?: unknown } | undefined)?.type
  return t === "enabled" || t === "adaptive"
}

/** The request with `edits` instead of its own, and what had to change. */
export function withConfig(
  request: Record<string, unknown>,
  edits: FleetEdits
): { request: Record<string, unknown>; notes: string[] } {
  if (edits === null) return { request, notes: [] }
  const notes: string[] = []
  const model = getModelInfo(
    typeof request.model === "string" ? request.model : ""
  )
  let list = edits.filter((e) => {
    if (typeOf(e) === "clear_thinking_20251015" && !thinkingOn(request)) {
      notes.push("clear_thinking left out: this session has no thinking on")
      return false
    }
    if (typeOf(e) === "compact_20260112" && !model.compaction) {
      notes.push(`compaction left out: ${model.displayName} has none`)
      return false
    }
    return true
  })
  const own = editsOfRequest(request).filter(
    (e) => typeOf(e) === "compact_20260112"
  )
  if (own.length > 0 && !list.some((e) => typeOf(e) === "compact_20260112")) {
    list = [...list, ...own]
    notes.push(
      "kept the log's own compaction edit (its compaction blocks need one)"
    )
  }
  const { context_management: _own, ...rest } = request
  return {
    request:
      list.length > 0 ? { ...rest, context_management: { edits: list } } : rest,
    notes,
  }
}
