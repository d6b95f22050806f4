"use client"

import { formatCount as n } from "@/lib/format/number"

import { fleetStore, type KeptAnalysis, useFleet } from "./fleet-store"

const sessionsOf = (a: Pick<KeptAnalysis, "report" | "status">) =>
  a.report
    ? `${n(a.report.total.sessions)} session${a.report.total.sessions === 1 ? "" : "s"}`
    : a.status === "error"
      ? "no report"
      : "not read"

const CHIP =
  "rounded-md border border-zinc-300 px-2 py-0.5 dark:border-zinc-700"

/**
 * The folders read in this tab: a new folder never replaces an analysis
 * (issue 51, item 5). The one shown is first; each other is one click
 * away, exactly as it was, until it is closed.
 */
export function FleetFolders() {
  const label = useFleet((s) => s.label)
  const kept = useFleet((s) => s.kept)
  const report = useFleet((s) => s.report)
  const status = useFleet((s) => s.status)
  const tuning = useFleet((s) => s.tune.status === "running")
  if (kept.length === 0) return null
  const busy = status === "listing" || status === "reading" || tuning
  return (
    <nav
      aria-label="Folders read in this tab"
      data-testid="fleet.folders"
      className="flex flex-wrap items-center gap-2 text-xs"
    >
      <span className="text-zinc-600 dark:text-zinc-400">
        Folders read in this tab (each kept until you close it):
      </span>
      <span
        aria-current="true"
        data-testid="fleet.folder.shown"
        className={`${CHIP} bg-zinc-100 font-semibold dark:bg-zinc-800`}
      >
        {label || "this folder"} · {sessionsOf({ report, status })}
      </span>
      {kept.map((k, i) => (
        <span key={i} className={`${CHIP} flex items-center gap-1`}>
          <button
            type="button"
            data-testid={`fleet.folder.${i}`}
            disabled={busy}
            title={
              busy
                ? "Wait for the folder being read"
                : "Show this folder's analysis again"
            }
            className="hover:underline disabled:opacity-50"
            onClick={() => fleetStore.show(i)}
          >
            {k.label || "an earlier folder"} · {sessionsOf(k)}
          </button>
          <button
            type="button"
            data-testid={`fleet.folder.${i}.close`}
            aria-label={`Close the analysis of ${k.label || "an earlier folder"}`}
            className="rounded px-1 text-zinc-500 hover:bg-zinc-100 dark:hover:bg-zinc-800"
            onClick={() => fleetStore.close(i)}
          >
            ×
          </button>
        </span>
      ))}
    </nav>
  )
}
