"use client"

import type { ReactNode } from "react"

import { formatDollars as usd } from "@/lib/context-editing"
import { plural } from "@/lib/context-editing/request/format"
import { formatCount as n } from "@/lib/format/number"

import { savedOrMore } from "./config-words"
import { FleetShare } from "./fleet-share"
import { useFleet, useReport } from "./fleet-store"

const pct = (x: number) =>
  `${x >= 0 ? "+" : "−"}${Math.abs(x * 100).toFixed(1)} %`

function Card({
  title,
  children,
  testId,
}: {
  title: string
  children: ReactNode
  testId: string
}) {
  return (
    <div
      className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
      data-testid={testId}
    >
      <h3 className="text-xs font-medium text-zinc-500 uppercase">{title}</h3>
      <div className="mt-1 space-y-0.5">{children}</div>
    </div>
  )
}

/** The folder's totals: paid as logged, replayed, with the config, cache misses. */
export function FleetSummary() {
  const report = useReport()
  const status = useFleet((s) => s.status)
  if (!report) return null
  const t = report.total
  const paid = t.logged.inputDollars + t.logged.outputDollars
  const err =
    t.logged.inputDollars > 0 ? t.replayDollars / t.logged.inputDollars - 1 : 0
  return (
    <div
      className="space-y-2"
      data-testid="fleet.summary"
      data-requests={t.requests}
      data-sessions={t.sessions}
      data-skipped={report.skipped.length}
      data-logged-dollars={paid}
      data-input-dollars={t.logged.inputDollars}
      data-replay-dollars={t.replayDollars}
      data-config-dollars={t.configDollars}
      data-bill-dollars={t.correctedDollars}
    >
      <p data-testid="fleet.summary.line">
        {status === "cancelled" ? "So far: " : ""}
        <strong>{plural(t.sessions, "session")}</strong> (
        {plural(t.files, "file")}
        {t.bytes > 0 ? `, ${(t.bytes / 1e6).toFixed(1)} MB` : ""}
        ), {plural(t.requests, "API call")}.
        {report.skipped.length > 0 &&
          ` ${n(report.skipped.length)} file${report.skipped.length === 1 ? "" : "s"} with no API calls, not counted (listed under Sessions).`}
      </p>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        <Card title="What you paid (as logged)" testId="fleet.card.paid">
          <p className="text-lg font-semibold">{usd(paid)}</p>
          <p className="text-xs text-zinc-500">
            input side {usd(t.logged.inputDollars)} · output{" "}
            {usd(t.logged.outputDollars)}
          </p>
        </Card>
        <Card
          title="Replayed, each log's own config"
          testId="fleet.card.replay"
        >
          <p className="text-lg font-semibold">{usd(t.replayDollars)}</p>
          <p className="text-xs text-zinc-500">
            input side; {pct(err)} against the log (the replay&rsquo;s error)
          </p>
        </Card>
        <Card title="With this config" testId="fleet.card.config">
          <p className="text-lg font-semibold" data-testid="fleet.bill">
            {usd(t.correctedDollars)}
          </p>
          <p className="text-xs text-zinc-500">
            {savedOrMore(t.logged.inputDollars, t.correctedDollars, usd)}{" "}
            against the {usd(t.logged.inputDollars)} logged (input side): each
            session&rsquo;s what-if ({usd(t.configDollars)} replayed
            {t.refetchDollars > 0 && `, ${usd(t.refetchDollars)} of re-fetches`}
            ) scaled by its replay&rsquo;s error, as the playground shows it.
            Largest request the config controls {n(t.peak)} tokens.
            {t.infeasible > 0 &&
              ` It would break the agent in ${n(t.infeasible)} session${t.infeasible === 1 ? "" : "s"} (it clears results before the model reads them).`}
          </p>
          {t.correctedDollars - t.logged.inputDollars >= 0.005 && (
            <p className="text-xs" data-testid="fleet.card.config.more">
              It costs these sessions more than they paid: the tab{" "}
              <strong>Tune across sessions</strong> below finds the config that
              costs them least.
            </p>
          )}
        </Card>
        <Card title="Cache misses (as logged)" testId="fleet.card.misses">
          <p className="text-lg font-semibold">{usd(t.misses.dollars)}</p>
          <p className="text-xs text-zinc-500">
            {n(t.misses.count)} calls wrote a cached prefix again instead of
            reading it
            {t.unmodelled > 0
              ? ` · ${n(t.unmodelled)} sessions not (wholly) modelled`
              : ""}
          </p>
        </Card>
      </div>
      <p className="text-xs text-zinc-500">
        Output is held as logged in every number; the replay and the what-if
        price the input side. Days are in UTC.
      </p>
      <FleetShare />
    </div>
  )
}
