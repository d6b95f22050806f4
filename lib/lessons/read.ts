/**
 * What the lessons read from the engine's result (counts, sizes, names), so a
 * lesson's text and answer can only say what the simulator actually did.
 */
import {
  appliedCount as countOf,
  type SimulateSuccess,
} from "@/lib/context-editing"
import type { ImportedRequest } from "@/lib/import/types"
import { formatCount } from "@/lib/format/number"

export const n = (x: number) => formatCount(x)
export const approx = (x: number) => `≈${n(x)}`

const TOOL_USE_TYPES = new Set(["tool_use", "server_tool_use", "mcp_tool_use"])
export const toolUses = (r: SimulateSuccess) =>
  r.blocks.filter((b) => TOOL_USE_TYPES.has(b.type)).length
export const usesOf = (r: SimulateSuccess, name: string) =>
  r.blocks.filter((b) => TOOL_USE_TYPES.has(b.type) && b.toolName === name)
    .length
export const lastTool = (r: SimulateSuccess) =>
  r.blocks.findLast((b) => TOOL_USE_TYPES.has(b.type))?.toolName
export const thinkingTurns = (r: SimulateSuccess) =>
  new Set(
    r.blocks.filter((b) => b.type === "thinking").map((b) => b.messageIndex)
  ).size

export function appliedCount(
  r: SimulateSuccess,
  type: "clear_tool_uses_20250919" | "clear_thinking_20251015"
): number {
  for (const e of r.context_management?.applied_edits ?? [])
    if (e.type === type) return countOf(e) ?? 0
  return 0
}

/** Mean tokens of the original tool results. */
export function meanResult(r: SimulateSuccess): number {
  const results = r.blocks.filter((b) => b.type === "tool_result")
  const sum = results.reduce((t, b) => t + b.tokensBefore, 0)
  return results.length ? sum / results.length : 0
}

/** The first edit's `keep.value`, if any. */
export function keepOf(request: ImportedRequest): number | undefined {
  const cm = request.context_management as
    { edits?: Array<{ keep?: { value?: unknown } }> } | undefined
  const v = cm?.edits?.[0]?.keep?.value
  return typeof v === "number" ? v : undefined
}

const HIDDEN = new Set(["removed", "cleared", "ignored"])

/**
 * How much of the earlier turns' thinking the model reads: every turn's, only
 * the most recent turn's, or none; null when the result is any other mix.
 */
export function thinkingRead(
  r: SimulateSuccess
): "all" | "last" | "none" | null {
  const read = new Map<number, boolean>()
  for (const b of r.blocks)
    if (b.type === "thinking") {
      const t = b.turnIndex ?? b.messageIndex
      read.set(t, (read.get(t) ?? true) && !HIDDEN.has(b.status))
    }
  const seen = [...read.values()]
  if (seen.length === 0) return null
  if (seen.every(Boolean)) return "all"
  if (seen.every((x) => !x)) return "none"
  return seen.at(-1) && seen.slice(0, -1).every((x) => !x) ? "last" : null
}

/** The display name of the result's model ("Claude Sonnet 4.5"). */
export const modelName = (r: SimulateSuccess): string =>
  r.model?.displayName ?? "this model"
