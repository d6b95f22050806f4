import { sameJson } from "@/lib/json/same-json"
import { getPreset } from "@/lib/presets"
import type { RequestOrigin } from "@/lib/state"

/**
 * Whether the current edits are the user's own: not those of the example or
 * lesson the conversation was opened from, untouched.
 */
export function editsAreOwn(
  origin: RequestOrigin | null,
  cm: { edits?: unknown } | undefined
): boolean {
  const source = origin?.source
  if (source?.kind !== "preset" && source?.kind !== "lesson") return true
  if (!origin?.edited) return false
  if (source.kind === "lesson") return true
  const example = getPreset(source.id)?.build() as
    { context_management?: unknown } | undefined
  return !sameJson(cm, example?.context_management)
}
