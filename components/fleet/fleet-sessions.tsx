"use client"

import { useMemo, useState } from "react"

import { withConfig } from "@/lib/fleet/config"
import type { SessionRow } from "@/lib/fleet/report"

import { usePlaygroundStoreApi } from "@/components/playground/store/playground-store-provider"

import { loggedColumns, whatIfColumns } from "./fleet-columns"
import { openSession } from "./fleet-runner"
import { fleetSignal } from "./fleet-signal"
import { fleetStore, useFleet, useReport } from "./fleet-store"
import { FleetSkipped } from "./fleet-skipped"
import { type Column, FleetTable } from "./fleet-table"

/**
 * Every session: its bill, replay and what-if, sortable; "Open" takes it
 * into the playground (Timeline, Compare, Tune) with the folder's config,
 * and the header's "← Sessions" comes back here.
 */
export function FleetSessions() {
  const store = usePlaygroundStoreApi()
  const report = useReport()
  const files = useFleet((s) => s.files)
  const opened = useFleet((s) => s.opened)
  const [opening, setOpening] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const open = async (row: SessionRow) => {
    const f = files.find((x) => x.path === row.file)
    if (!f) return
    setOpening(row.file)
    setError(null)
    try {
      const { request, realUsage } = await openSession(f.file)
      const edits = fleetStore.get().config?.edits ?? null
      const s = store.getState()
      s.setRequest(withConfig(request, edits).request, {
        kind: "import",
        summary: `Opened ${row.file} from the folder of sessions`,
        realUsage,
      })
      s.setResultTab("timeline")
      s.setNarrowRegion("result")
      fleetStore.set({ opened: row.file })
      fleetSignal.set({ open: false })
    } catch (e) {
      setError(`${row.file}: ${(e as Error).message}`)
    } finally {
      setOpening(null)
    }
  }
  const columns = useMemo<Column<SessionRow>[]>(
    () => [
      {
        key: "open",
        label: "Open in the playground",
        action: true,
        value: () => 0,
        cell: (s) =>
          files.length > 0 && (
            <button
              type="button"
              className="rounded border border-zinc-300 px-1.5 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
              data-testid="fleet.open"
              disabled={opening !== null}
              title="Open this session in the playground: Timeline, Compare, Tune"
              onClick={() => void open(s)}
            >
              {opening === s.file ? "Opening…" : "Open"}
            </button>
          ),
      },
      {
        key: "file",
        label: "session",
        value: (s) => s.file,
        cell: (s) => (
          <span
            title={s.file}
            className={s.file === opened ? "font-semibold" : undefined}
          >
            {s.file.length > 48 ? `…${s.file.slice(-47)}` : s.file}
            {s.files > 1
              ? ` (+${s.files - 1} subagent${s.files > 2 ? "s" : ""})`
              : ""}
          </span>
        ),
      },
      { key: "day", label: "day", value: (s) => s.day },
      ...loggedColumns<SessionRow>(),
      ...whatIfColumns(),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [files, opening, opened]
  )
  if (!report) return null
  return (
    <div className="space-y-1">
      {error && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <FleetTable
        rows={report.sessions}
        columns={columns}
        initial={{ key: "dollars", desc: true }}
        testId="fleet.sessions"
        caption="Sessions: what each cost as logged, replayed, and with the config"
        maxHeight={480}
      />
      <FleetSkipped />
    </div>
  )
}
