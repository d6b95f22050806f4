/**
 * The config the tuner puts forward, and why (docs/semantics.md#result-needs):
 * among the configs that never clear a result before the model has read it
 * (the others break the agent), the one with the fewest requests over the
 * context window, then the lowest cost — re-fetches included — then the
 * simplest. The documented defaults are always evaluated, for comparison.
 */
import { getModelInfo } from "../request/models"
import { formatDollars } from "../request/prices"
import { EDIT_DEFAULTS } from "../rules/catalogue"
import type { TuneEntry } from "./eval"
import { toolConfig, type TuneConfig } from "./kinds"

/** The documented defaults as tuner configs, each with its name. */
export function documentedDefaults(
  request: Record<string, unknown>
): Array<{ name: string; config: TuneConfig }> {
  const tool = EDIT_DEFAULTS.clear_tool_uses_20250919
  const clear = toolConfig(tool.trigger.value, tool.keep.value)
  const out: Array<{ name: string; config: TuneConfig }> = [
    { name: "clear_tool_uses defaults", config: { tool: clear } },
  ]
  const model = getModelInfo(String(request.model ?? ""))
  if (model.compaction) {
    const compact = EDIT_DEFAULTS.compact_20260112.trigger.value
    out.push(
      { name: "compaction defaults", config: { compact } },
      { name: "both defaults", config: { tool: clear, compact } }
    )
  }
  return out
}

/** Better first: feasible, fewer requests over the window, cheaper, simpler. */
function better(a: TuneEntry, b: TuneEntry): number {
  return (
    Number(a.infeasible !== null) - Number(b.infeasible !== null) ||
    a.overflows.length - b.overflows.length ||
    a.cost - b.cost ||
    a.edits.length - b.edits.length ||
    a.peak - b.peak
  )
}

/** The config to put forward (null: every config would break the agent). */
export function recommendedOf(entries: readonly TuneEntry[]): TuneEntry | null {
  const ok = entries.filter((e) => e.infeasible === null)
  return ok.length === 0 ? null : [...ok].sort(better)[0]!
}

const pct = (x: number, of: number) =>
  of > 0 ? `${Math.round((100 * (of - x)) / of)} %` : "0 %"

/** Why the recommended config, in a few sentences. */
export function whyOf(
  best: TuneEntry,
  none: TuneEntry | null,
  defaults: readonly TuneEntry[],
  left: number
): string {
  const parts: string[] = []
  if (none && best.label !== none.label) {
    const saves = none.cost - best.cost
    parts.push(
      saves > 0
        ? `It costs ${formatDollars(best.cost)} against ${formatDollars(none.cost)} with no edits (${pct(best.cost, none.cost)} less)`
        : `It costs ${formatDollars(best.cost)}, ${formatDollars(-saves)} more than no edits, to keep every request in the window`
    )
  } else parts.push("No config tried costs less than sending no edits")
  parts.push(
    best.refetch.calls > 0
      ? `counting ${best.refetch.calls} re-fetch${best.refetch.calls === 1 ? "" : "es"} of results it clears while a later turn still uses them (${formatDollars(best.refetch.dollars)})`
      : "and it clears nothing a later turn of this session used"
  )
  const more = best.compactions.length - (none?.compactions.length ?? 0)
  if (more > 0)
    parts.push(
      `it compacts ${best.compactions.length} time${best.compactions.length === 1 ? "" : "s"} (${more} more than with no edits): after each the agent works from a summary, and the files it reads again are priced by the evidence, which finds about as many re-reads as agents make after real compactions`
    )
  const d = [...defaults].sort(better)[0]
  if (d && d.label !== best.label)
    parts.push(
      `the documented defaults (${d.label}) cost ${formatDollars(d.cost)}${d.infeasible ? " and would break the agent" : ""}`
    )
  if (left > 0)
    parts.push(
      `${left.toLocaleString("en-US")} cheaper-looking config${left === 1 ? " was" : "s were"} left out: they clear tool results before the model reads them`
    )
  return parts.join("; ") + "."
}
