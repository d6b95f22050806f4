"use client"

import { formatCount as n } from "@/lib/format/number"

import { useReport } from "./fleet-store"

/**
 * Files of the folder that hold no API call: listed with why, in the
 * Sessions view's words, and not counted (no session to open).
 */
export function FleetSkipped() {
  const skipped = useReport()?.skipped
  if (!skipped || skipped.length === 0) return null
  return (
    <section
      aria-label="Files with no API calls"
      data-testid="fleet.skipped"
      className="space-y-1 rounded border border-zinc-200 p-2 text-xs dark:border-zinc-800"
    >
      <h3 className="font-medium">
        {n(skipped.length)} file{skipped.length === 1 ? "" : "s"} with no API
        calls, not counted
      </h3>
      <ul className="max-h-48 space-y-0.5 overflow-auto">
        {skipped.map((s) => (
          <li key={s.file} data-testid="fleet.skipped.file">
            <span className="font-mono">{s.file}</span>:{" "}
            <span data-testid="fleet.skipped.reason">{s.reason}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
