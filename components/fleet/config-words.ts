import { EDIT_DEFAULTS } from "@/lib/context-editing"
import { formatCount } from "@/lib/format/number"

/**
 * A config of the Sessions view in words, each edit with the values it
 * runs with (the documented default where a field is left out): "clear
 * tool results over 100,000 input tokens, keep the last 3; clear thinking,
 * keep the last 1 turn".
 */

type Edit = Record<string, unknown>

const valueOf = (v: unknown): number | undefined => {
  const n = (v as { value?: unknown } | null)?.value
  return typeof n === "number" ? n : undefined
}
const n = (v: number) => formatCount(v)
const plural = (count: number, word: string) =>
  `${n(count)} ${word}${count === 1 ? "" : "s"}`

function triggerWords(trigger: unknown, fallback: { value: number }): string {
  const type = (trigger as { type?: unknown } | null)?.type
  const value = valueOf(trigger) ?? fallback.value
  return type === "tool_uses"
    ? plural(value, "tool use")
    : plural(value, "input token")
}

function toolUses(e: Edit): string {
  const d = EDIT_DEFAULTS.clear_tool_uses_20250919
  const keep = valueOf(e.keep) ?? d.keep.value
  const parts = [
    `clear tool results over ${triggerWords(e.trigger, d.trigger)}, keep the last ${n(keep)}`,
  ]
  const least = valueOf(e.clear_at_least)
  if (least !== undefined)
    parts.push(`only if at least ${plural(least, "token")} go`)
  if (Array.isArray(e.exclude_tools) && e.exclude_tools.length > 0)
    parts.push(`never ${e.exclude_tools.join(", ")}`)
  if (e.clear_tool_inputs === true) parts.push("their inputs too")
  else if (Array.isArray(e.clear_tool_inputs))
    parts.push(`inputs of ${e.clear_tool_inputs.join(", ")} too`)
  return parts.join(", ")
}

function thinking(e: Edit): string {
  if (e.keep === "all") return "clear thinking: keep all"
  const keep = valueOf(e.keep)
  return keep === undefined
    ? "clear thinking (the model's default keep)"
    : `clear thinking, keep the last ${plural(keep, "turn")}`
}

function compact(e: Edit): string {
  const d = EDIT_DEFAULTS.compact_20260112
  return `compact over ${triggerWords(e.trigger, d.trigger)}`
}

/** One edit in words (an unknown kind by its type). */
export function editWords(e: Edit): string {
  if (e.type === "clear_tool_uses_20250919") return toolUses(e)
  if (e.type === "clear_thinking_20251015") return thinking(e)
  if (e.type === "compact_20260112") return compact(e)
  return String(e.type)
}

/** A config in words: the edits in order, or why there are none. */
export function configWords(edits: Edit[] | null): string {
  if (edits === null) return "each log's own config"
  if (edits.length === 0) return "no edits"
  return edits.map(editWords).join("; ")
}

/** "$0.30 saved" / "$0.30 more" for a what-if against its replay (never a negative "more"). */
export function savedOrMore(
  replay: number,
  config: number,
  usd: (v: number) => string
): string {
  const diff = replay - config
  return diff >= 0 ? `${usd(diff)} saved` : `${usd(-diff)} more`
}
