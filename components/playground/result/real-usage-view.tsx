"use client"

import { useMemo } from "react"

import { formatDollars as dollars, type Timeline } from "@/lib/context-editing"
import { compareWithLog, type RealRow } from "@/lib/real-usage/compare"
import { originRealUsage } from "@/lib/state/origin"

import { usePlaygroundStore } from "../playground-store-provider"
import { approx, approxShort, fmt } from "../use-simulation"
import { RequestRow, RequestTableHead, VirtualTable } from "./virtual-rows"

const ROW = 24
const COLUMNS = [
  "real input (log)",
  "predicted, as sent",
  "+ system & tools (est.)",
  "with this config",
  "real $",
]

function Row({ r, hidden }: { r: RealRow; hidden: number }) {
  const gap = r.real - r.predicted
  return (
    <RequestRow table="real" height={ROW} point={r}>
      <td className="pr-2" data-testid="real.real">
        {fmt(r.real)}
      </td>
      <td className="pr-2" data-testid="real.predicted">
        {approx(r.predicted)}
      </td>
      <td
        className="pr-2 text-zinc-500"
        title={`Difference on this request: ${approx(gap)}`}
      >
        {approxShort(hidden)}
      </td>
      <td className="pr-2">{approxShort(r.withEdits + hidden)}</td>
      <td>{dollars(r.realDollars)}</td>
    </RequestRow>
  )
}

/**
 * For a conversation imported from a Claude Code log: the log's real input
 * per request beside the prediction, the part the log leaves out, and the
 * session's real cost against its cost with the current config.
 */
export function RealUsageView({ timeline }: { timeline: Timeline }) {
  const usage = usePlaygroundStore((s) => originRealUsage(s.origin))
  const c = useMemo(
    () => (usage ? compareWithLog(timeline, usage) : null),
    [timeline, usage]
  )
  if (!c || c.matched === 0) return null
  return (
    <section
      className="space-y-2 rounded border border-sky-200 bg-sky-50/50 p-2 dark:border-sky-900 dark:bg-sky-950/30"
      data-testid="real.view"
      aria-label="Your session's real numbers"
    >
      <p data-testid="real.headline">
        <strong>
          With this config this session would have cost{" "}
          {dollars(c.configDollars)} instead of {dollars(c.realDollars)},
          peaking at {approx(c.configPeak)} tokens
        </strong>{" "}
        (as run, the log&rsquo;s largest request was{" "}
        {c.realPeak.toLocaleString("en-US")} tokens).
      </p>
      <p
        className="text-xs text-zinc-600 dark:text-zinc-400"
        data-testid="real.hidden"
      >
        &ldquo;Real&rdquo; is what the log recorded for each request (input +
        cache write + cache read), at the log&rsquo;s model prices with 5-minute
        cache writes, input only. The log does not contain the system prompt and
        tool definitions Claude Code sent:{" "}
        <strong>estimated at {approx(c.hidden)} tokens per request</strong>, the
        typical (median) difference between the real input and the prediction of
        the same request. It is added to the config&rsquo;s peak and cost
        (written once, then read from the cache).
      </p>
      <VirtualTable
        count={c.rows.length}
        rowHeight={ROW}
        maxHeight={320}
        testId="real.table"
        caption="Real input per request (from the log) beside the prediction"
        head={<RequestTableHead columns={COLUMNS} />}
        row={(i) => (
          <Row key={c.rows[i]!.request} r={c.rows[i]!} hidden={c.hidden} />
        )}
      />
    </section>
  )
}
