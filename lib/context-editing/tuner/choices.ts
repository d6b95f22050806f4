/**
 * What the Tune tab offers as choices (labelling only; the search is
 * tune.ts): a config whose clear_tool_uses keeps no tool use clears the
 * newest result too, before the model has read it, so it is labelled as
 * such and never offered alone: when every frontier config does that, the
 * cheapest config that keeps the newest result is shown beside them.
 */
import type { TuneEntry } from "./eval"

/** A frontier entry as offered: the config, and whether it clears the newest result. */
export interface TuneChoice {
  entry: TuneEntry
  clearsNewest: boolean
  /** Shown beside the frontier because every frontier config clears the newest result. */
  added: boolean
}

/** Whether a config's clear_tool_uses keeps no tool use (keep 0). */
export function clearsNewestResult(entry: TuneEntry): boolean {
  return entry.edits.some((e) => {
    if (e.type !== "clear_tool_uses_20250919") return false
    const keep = e.keep as { value?: unknown } | undefined
    return keep !== undefined && keep.value === 0
  })
}

const NEWEST = " (clears the newest result too)"

/**
 * The frontier as choices: each labelled when it clears the newest result,
 * plus (when all do) the cheapest alternative that keeps it.
 */
export function tuneChoices(
  frontier: readonly TuneEntry[],
  alternatives: readonly TuneEntry[]
): TuneChoice[] {
  const label = (entry: TuneEntry, added: boolean): TuneChoice => {
    const clearsNewest = clearsNewestResult(entry)
    return {
      entry: clearsNewest ? { ...entry, label: entry.label + NEWEST } : entry,
      clearsNewest,
      added,
    }
  }
  const choices = frontier.map((e) => label(e, false))
  if (choices.length === 0 || choices.some((c) => !c.clearsNewest))
    return choices
  const keeps = alternatives
    .filter((e) => !clearsNewestResult(e))
    .sort((a, b) => a.cost - b.cost || a.peak - b.peak)
  return keeps[0] ? [...choices, label(keeps[0], true)] : choices
}
