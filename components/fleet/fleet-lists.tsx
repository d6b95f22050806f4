"use client"

import { formatDollars as usd } from "@/lib/context-editing"
import type { TopCall } from "@/lib/fleet/analyse"
import { CAUSE_LABELS } from "@/lib/real-usage/misses"
import { formatCount as n } from "@/lib/format/number"

import { numberColumn } from "./fleet-columns"
import { useReport } from "./fleet-store"
import { FleetTable } from "./fleet-table"

type Turn = TopCall & { file: string }

/** The most expensive calls of the folder, and why the cache missed at them. */
export function FleetCalls() {
  const report = useReport()
  if (!report) return null
  return (
    <FleetTable<Turn>
      rows={report.topTurns}
      testId="fleet.calls"
      caption="The most expensive calls"
      initial={{ key: "dollars", desc: true }}
      columns={[
        { key: "file", label: "session", value: (t) => t.file },
        { key: "call", label: "call", value: (t) => t.call, numeric: true },
        { key: "time", label: "time (UTC)", value: (t) => t.timestamp ?? "" },
        { key: "model", label: "model", value: (t) => t.model },
        numberColumn("prompt", "prompt", (t) => t.prompt),
        numberColumn("output", "output", (t) => t.output),
        numberColumn("dollars", "$", (t) => t.dollars, usd),
        { key: "miss", label: "cache miss", value: (t) => t.miss ?? "" },
      ]}
    />
  )
}

const CAUSES: Record<string, string> = CAUSE_LABELS

/** Cache misses the logs show, by cause, and what they cost. */
export function FleetMisses() {
  const m = useReport()?.total.misses
  if (!m) return null
  const rows = Object.entries(m.byCause).sort(
    (a, b) => b[1].dollars - a[1].dollars
  )
  return (
    <div className="space-y-2" data-testid="fleet.misses">
      <p>
        <strong>
          {n(m.count)} misses cost {usd(m.dollars)}
        </strong>
        : calls that wrote a prefix an earlier call had cached, priced at the
        write price instead of the read price. The cause is the replay&rsquo;s;
        the Sessions tab sorts by &ldquo;misses $&rdquo;, and a session opened
        in the playground shows each miss on its Timeline.
      </p>
      <table className="text-xs">
        <tbody>
          {rows.map(([k, v]) => (
            <tr
              key={k}
              className="border-t border-zinc-100 tabular-nums dark:border-zinc-800"
            >
              <td className="py-1 pr-3">{CAUSES[k] ?? k}</td>
              <td className="pr-3">{n(v.count)}</td>
              <td>{usd(v.dollars)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Sessions the engine could not model, wholly or in part, and why. */
export function FleetUnmodelled() {
  const sessions = useReport()?.sessions
  const bad = (sessions ?? []).filter((s) => s.unmodelled.length > 0)
  if (bad.length === 0)
    return <p data-testid="fleet.unmodelled">Every session was replayed.</p>
  return (
    <ul
      className="max-h-[420px] space-y-1 overflow-auto text-xs"
      data-testid="fleet.unmodelled"
    >
      {bad.map((s) => (
        <li key={s.file}>
          <strong>{s.file}</strong>: {s.unmodelled.join("; ")}
        </li>
      ))}
    </ul>
  )
}
