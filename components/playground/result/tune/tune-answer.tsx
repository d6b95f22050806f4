"use client"

import {
  formatDollars as dollars,
  type ToolAdvice,
  type TuneEntry,
  type TuneResult,
} from "@/lib/context-editing"

import { approx, approxShort } from "../../store/use-simulation"
import { type FrontierColumn, FrontierTable } from "./frontier-table"

/** What a config forces the agent to fetch again, in a cell. */
export const refetchCell = (e: TuneEntry) =>
  e.refetch.calls === 0
    ? "none"
    : `${e.refetch.calls} (${dollars(e.refetch.dollars)})`

/** The Tune tab's columns: cost (re-fetches in it), re-fetches, peak input and whether it fits. */
export const tuneColumns = (
  contextWindow: number | null
): FrontierColumn<TuneEntry>[] => [
  { head: "cost", cell: (e) => dollars(e.cost) },
  {
    head: (
      <span title="Results the config clears while a later turn still uses them: each fetched again (in the cost)">
        re-fetches
      </span>
    ),
    cell: refetchCell,
  },
  { head: "peak input", cell: (e) => approxShort(e.peak) },
  {
    head: "window",
    cell: (e) =>
      contextWindow === null
        ? "?"
        : e.overflows.length === 0
          ? "fits"
          : `${e.overflows.length} over (first: ${e.overflows[0]})`,
  },
]

/** The config put forward, what it costs against no edits and the documented defaults, and why. */
export function TuneRecommended({
  result,
  onApply,
}: {
  result: TuneResult
  onApply: (e: TuneEntry) => void
}) {
  const best = result.recommended
  return (
    <div
      className="space-y-1 rounded border border-emerald-300 bg-emerald-50/60 p-2 dark:border-emerald-800 dark:bg-emerald-950/30"
      data-testid="tune.recommended"
    >
      {best ? (
        <p>
          <strong>Recommended: {best.label}</strong> —{" "}
          <span data-testid="tune.recommended.cost">{dollars(best.cost)}</span>{" "}
          for the session, peaking at {approx(best.peak)} tokens
          {best.overflows.length > 0 &&
            `, ${best.overflows.length} requests still over the window`}
          .{" "}
          <button
            type="button"
            className="rounded bg-sky-600 px-2 py-0.5 text-xs text-white"
            onClick={() => onApply(best)}
            data-testid="tune.recommended.apply"
          >
            Apply
          </button>
        </p>
      ) : (
        <p>No config to recommend.</p>
      )}
      <p className="text-xs" data-testid="tune.why">
        {result.why}
      </p>
      <p className="text-xs text-zinc-500" data-testid="tune.covers">
        Costs cover {result.covers}, input side; re-fetches are priced &ldquo;if
        the agent otherwise took the same steps&rdquo;.
      </p>
    </div>
  )
}

/** The documented defaults, priced alike, to compare with. */
export function TuneDefaults({
  result,
  onApply,
}: {
  result: TuneResult
  onApply: (e: TuneEntry) => void
}) {
  if (result.defaults.length === 0) return null
  const columns = tuneColumns(result.contextWindow)
  return (
    <div data-testid="tune.defaults">
      <p className="text-xs text-zinc-500">The documented defaults:</p>
      <FrontierTable
        rows={result.defaults}
        columns={[
          ...columns,
          {
            head: "",
            cell: (e) =>
              e.infeasible ? (
                <span className="text-red-700 dark:text-red-400">
                  breaks the agent
                </span>
              ) : (
                ""
              ),
          },
        ]}
        onApply={onApply}
        id="tune.default"
        caption="The documented defaults"
      />
    </div>
  )
}

const gap = (a: ToolAdvice) =>
  a.maxGap === null ? "—" : `${a.medianGap} / ${a.maxGap}`

/** Per tool: whether its results were needed again, how much later, and what to do. */
export function TuneAdvice({ advice }: { advice: ToolAdvice[] }) {
  if (advice.length === 0) return null
  return (
    <details data-testid="tune.advice" open>
      <summary className="cursor-pointer text-xs text-zinc-500">
        Per tool: which results a later turn used again (from this
        session&rsquo;s own content)
      </summary>
      <table className="w-full text-xs">
        <thead className="text-left text-zinc-500">
          <tr>
            <th className="pr-2 font-medium">tool</th>
            <th className="pr-2 font-medium">results</th>
            <th className="pr-2 font-medium">used again later</th>
            <th className="pr-2 font-medium">requests later (median / most)</th>
            <th className="pr-2 font-medium">advice</th>
          </tr>
        </thead>
        <tbody>
          {advice.map((a) => (
            <tr
              key={a.name}
              className="border-t border-zinc-100 tabular-nums dark:border-zinc-800"
              data-testid={`tune.advice.${a.name}`}
            >
              <td className="pr-2">{a.name || "?"}</td>
              <td className="pr-2">{a.results}</td>
              <td className="pr-2">
                {a.neededLater}
                {a.fetchedAgain > 0 && ` (${a.fetchedAgain} fetched again)`}
              </td>
              <td className="pr-2">{gap(a)}</td>
              <td className="pr-2">{a.advice}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  )
}
