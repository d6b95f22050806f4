/**
 * Apply: a tuned config put into the request's edits. What the tuner
 * searched, it replaces; what it did not, the request keeps — an edit of a
 * kind the search did not try (clear_thinking with thinking off, compaction
 * on a model without it) and a tuned edit's fields the search never sets
 * (compaction's `instructions` and `pause_after_compaction`, for example).
 */
import { SEND_ORDER } from "../rules/catalogue"

type Edit = Record<string, unknown>

const typeOf = (e: unknown) => (e as { type?: unknown } | null)?.type

/** Fields of a searched kind the tuner never sets (it prices the rest). */
const UNSEARCHED_FIELDS: Record<string, readonly string[]> = {
  compact_20260112: ["instructions", "pause_after_compaction"],
}

/** The request's own values of the fields the tuner leaves alone. */
function keptFields(before: Edit | undefined): Edit {
  if (!before) return {}
  const names = UNSEARCHED_FIELDS[String(typeOf(before))] ?? []
  return Object.fromEntries(
    names.filter((n) => before[n] !== undefined).map((n) => [n, before[n]])
  )
}

/** The request's own edits with a tuned config applied (in the order the API takes them). */
export function applyTuned(
  own: readonly unknown[],
  tuned: readonly Edit[],
  searched: readonly string[]
): Edit[] {
  const mine = own.filter(
    (e): e is Edit => typeof e === "object" && e !== null && !Array.isArray(e)
  )
  const out: Edit[] = tuned.map((t) => ({
    ...t,
    ...keptFields(mine.find((e) => typeOf(e) === typeOf(t))),
  }))
  for (const e of mine) {
    const type = typeOf(e)
    if (
      !searched.includes(String(type)) &&
      !out.some((t) => typeOf(t) === type)
    )
      out.push(e)
  }
  const rank = (e: Edit) => {
    const i = SEND_ORDER.indexOf(typeOf(e) as (typeof SEND_ORDER)[number])
    return i < 0 ? SEND_ORDER.length : i
  }
  return out.sort((a, b) => rank(a) - rank(b))
}
