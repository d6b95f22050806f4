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
import { blockOwner } from "@/lib/context-editing/rules/catalogue"
import { editKind } from "@/lib/context-editing/rules/kinds"

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
  // What each kind needs (the registry's `needsThinking`, `needs`).
  let list = edits.filter((e) => {
    const kind = editKind(typeOf(e))
    if (kind?.needsThinking && !thinkingOn(request)) {
      notes.push(`${kind.short} left out: this session has no thinking on`)
      return false
    }
    if (kind?.needs === "compaction" && !model.compaction) {
      notes.push(`${kind.short} left out: ${model.displayName} has none`)
      return false
    }
    return true
  })
  // The edit the log's compaction blocks need.
  const owner = blockOwner("compaction")
  const own = editsOfRequest(request).filter((e) => typeOf(e) === owner)
  if (own.length > 0 && !list.some((e) => typeOf(e) === owner)) {
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

/** A one-line description of a config for headers. */
export function configLabel(edits: FleetEdits): string {
  if (edits === null) return "each log's own config"
  if (edits.length === 0) return "no edits"
  return edits.map((e) => String(e.type).replace(/_\d+$/, "")).join(" + ")
}
