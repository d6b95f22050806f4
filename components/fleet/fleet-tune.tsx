"use client"

import { useState } from "react"

import { formatDollars as usd, type TuneEntry } from "@/lib/context-editing"
import type { FleetTuneEntry } from "@/lib/fleet/tune"
import { formatCount as n } from "@/lib/format/number"

import { usePlaygroundStore } from "@/components/playground/store/playground-store-provider"
import { FrontierChart } from "@/components/playground/result/tune/frontier-chart"
import {
  type FrontierColumn,
  FrontierTable,
  withEdits,
} from "@/components/playground/result/tune/frontier-table"

import { ProgressBar } from "./fleet-progress"
import { analyseFolder, stopWorkers, tuneFolder } from "./fleet-runner"
import { fleetStore, useFleet } from "./fleet-store"

type Entry = Pick<FleetTuneEntry, "edits" | "cost" | "peak" | "label"> & {
  over?: number
}

const asTune = (e: Entry): TuneEntry => ({
  edits: e.edits,
  cost: e.cost,
  sessionCost: e.cost,
  refetch: { calls: 0, tokens: 0, dollars: 0 },
  summaries: { calls: 0, tokens: 0, dollars: 0 },
  lost: 0,
  infeasible: null,
  peak: e.peak,
  label: e.label,
  overflows: [],
  equivalents: 0,
  tokens: 0,
  compactions: [],
})

/** The folder's columns: the total, the worst peak, sessions over their window. */
const fleetColumns = (best: number): FrontierColumn<Entry>[] => [
  {
    head: "total (input side)",
    cell: (e, i) => `${usd(e.cost)}${i === best ? " ← best" : ""}`,
  },
  { head: <>worst session&rsquo;s peak</>, cell: (e) => n(e.peak) },
  {
    head: "over their window",
    cell: (e) =>
      e.over === undefined ? "–" : e.over === 0 ? "none" : `${e.over} sessions`,
  },
]

/**
 * Tune across sessions: the frontier of the folder's total cost against
 * the worst session's largest request, searched in the workers over every
 * session; Apply puts a config in the form and replays the folder with it.
 */
export function FleetTune() {
  const { tune, files, report, shared, config } = useFleet((s) => s)
  const updateRequest = usePlaygroundStore((s) => s.updateRequest)
  const [active, setActive] = useState<number | null>(null)
  const apply = (e: Entry) => {
    updateRequest(withEdits(e.edits))
    // A shared summary has no files behind it: the config goes in the form only.
    if (files.length > 0)
      void analyseFolder(files, e.edits, config?.assumptions, {
        keepTune: true,
      })
  }
  const result = tune.status === "done" ? tune.result : null
  const frontier: Entry[] = result?.frontier ?? shared?.tune?.frontier ?? []
  const best = result?.best ?? shared?.tune?.best ?? -1
  return (
    <div className="space-y-3" data-testid="fleet.tune">
      <p className="text-zinc-700 dark:text-zinc-300">
        Which one config, on every session, costs least in total? The tuner
        replays every session under clear_tool_uses (triggers where the
        folder&rsquo;s requests lie, keeps, clear_at_least, inputs),
        clear_thinking and compaction settings, in the workers, and keeps the
        configs no other beats on both the total and the worst session&rsquo;s
        largest request. Output is held as logged.
      </p>
      {!shared && files.length > 0 && tune.status !== "running" && (
        <button
          type="button"
          className="rounded-md bg-sky-600 px-3 py-1 text-white disabled:opacity-50"
          disabled={!report}
          onClick={() => void tuneFolder()}
          data-testid="fleet.tune.run"
        >
          {result ? "Tune again" : "Tune across sessions"}
        </button>
      )}
      {tune.status === "running" && (
        <ProgressBar
          p={tune.progress}
          label={`Round ${tune.round + 1}, ${tune.configs} configs`}
          testId="fleet.tune.progress"
          onCancel={() => {
            stopWorkers()
            fleetStore.set({ tune: { status: "cancelled" } })
          }}
        />
      )}
      {tune.status === "cancelled" && <p>Cancelled.</p>}
      {tune.status === "error" && <p role="alert">{tune.message}</p>}
      {frontier.length > 0 && (
        <>
          <p data-testid="fleet.tune.summary">
            {result
              ? `${n(result.evaluated)} configs tried in ${result.rounds} rounds. `
              : ""}
            Best: <strong>{frontier[best]?.label}</strong>,{" "}
            {usd(frontier[best]?.cost ?? 0)} in total (each session&rsquo;s
            bill, its re-fetches included)
            {result?.none ? `; no edits: ${usd(result.none.cost)}` : ""}
            {report
              ? `; the config on the page now: ${usd(report.total.correctedDollars)}`
              : ""}
            . Configs that clear a tool result before the model reads it in any
            session are left out.
          </p>
          <FrontierChart
            frontier={frontier.map(asTune)}
            alternatives={(result?.alternatives ?? []).map(asTune)}
            current={
              report
                ? {
                    cost: report.total.correctedDollars,
                    peak: report.total.peak,
                  }
                : null
            }
            none={result?.none ? asTune(result.none) : null}
            contextWindow={null}
            active={active}
            onHover={setActive}
          />
          <FrontierTable
            rows={frontier}
            columns={fleetColumns(best)}
            onApply={apply}
            id="fleet.tune"
          />
          {result && result.alternatives.length > 0 && (
            <details>
              <summary className="cursor-pointer text-xs text-zinc-500">
                The cheapest config for each number of tool results kept
              </summary>
              <FrontierTable
                rows={result.alternatives}
                columns={fleetColumns(-1)}
                onApply={apply}
                id="fleet.tune.alt"
              />
            </details>
          )}
        </>
      )}
    </div>
  )
}
