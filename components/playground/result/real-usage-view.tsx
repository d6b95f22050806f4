"use client"

import { useMemo } from "react"

import { formatDollars as dollars, type Timeline } from "@/lib/context-editing"
import { compareWithLog, type RealRow } from "@/lib/real-usage/compare"
import { compareAsLogged, threeNumbers } from "@/lib/real-usage/headline"
import { causeText } from "@/lib/real-usage/misses"
import { originRealUsage } from "@/lib/state/origin"

import { usePlaygroundStore } from "../store/playground-store-provider"
import { approx, approxShort, fmt } from "../store/use-simulation"
import { useAgentSwitches } from "./agent-switches"
import { RealAgentCost, ResultNeedsPanel } from "./real-usage-agent"
import { RealHeadline, RealMisses, RealUnseen } from "./real-usage-parts"
import { useSimOptions } from "./use-sim-options"
import { RequestTableHead, VirtualTable } from "./virtual-rows"

const ROW = 24
const COLUMNS = [
  "who",
  "real input (log)",
  "predicted + system & tools",
  "log read / write",
  "replay read / write",
  "real $",
  "replay $",
  "cause",
]

const written = (b: RealRow["logged"]) => b.write5m + b.write1h

function Row({ r, n }: { r: RealRow; n: number }) {
  const cause = r.miss?.cause ?? r.cause
  return (
    <tr
      data-testid={`real.row.${n}`}
      className="border-t border-zinc-100 tabular-nums dark:border-zinc-800"
      style={{ height: ROW }}
    >
      <td className="pr-1.5" title={r.call}>
        {n}
      </td>
      <td
        className="pr-1.5"
        title={`${r.thread === "main" ? "The imported conversation" : `Subagent ${r.thread}`} (${r.model})`}
      >
        {r.thread === "main" ? "main" : "sub"}
      </td>
      <td className="pr-1.5" data-testid="real.real">
        {fmt(r.real)}
      </td>
      <td
        className="pr-1.5"
        data-testid="real.predicted"
        title={`As sent ${approx(r.predicted)} + ${approx(r.hidden)} the log leaves out; with this config ${approx(r.withEdits + r.hidden)}`}
      >
        {r.unmodelled ? "—" : approxShort(r.predicted + r.hidden)}
      </td>
      <td className="pr-1.5" data-testid="real.logged">
        {fmt(r.logged.read)} / {fmt(written(r.logged))}
      </td>
      <td className="pr-1.5" data-testid="real.replayed">
        {r.unmodelled
          ? "as logged"
          : `${fmt(r.replayed.read)} / ${fmt(written(r.replayed))}`}
      </td>
      <td className="pr-1.5">{dollars(r.realDollars)}</td>
      <td className="pr-1.5">{dollars(r.replayDollars)}</td>
      <td
        className={r.miss ? "text-amber-700 dark:text-amber-400" : ""}
        data-testid="real.cause"
        title={r.unmodelled ?? (cause ? causeText(cause) : undefined)}
      >
        {r.unmodelled
          ? "not replayed"
          : r.miss
            ? `miss ${dollars(r.miss.dollars)}`
            : cause
              ? cause.kind
              : ""}
      </td>
    </tr>
  )
}

/**
 * For a conversation imported from a Claude Code log: the bill of every API
 * call of the file beside the engine's replay of it, the three numbers
 * (as logged, as replayed, with this config) and where the cache missed.
 */
export function RealUsageView({ timeline }: { timeline: Timeline }) {
  const usage = usePlaygroundStore((s) => originRealUsage(s.origin))
  const request = usePlaygroundStore((s) => s.request)
  const options = useSimOptions()
  const agent = useAgentSwitches()
  const c = useMemo(
    () => (usage ? compareWithLog(timeline, usage, options, { agent }) : null),
    [timeline, usage, options, agent]
  )
  const asLogged = useMemo(
    () =>
      usage && request && !Array.isArray(request)
        ? compareAsLogged(request as Record<string, unknown>, usage, options)
        : null,
    [request, usage, options]
  )
  if (!c || c.matched === 0) return null
  const three = threeNumbers(c, asLogged)
  return (
    <section
      className="space-y-2 rounded border border-sky-200 bg-sky-50/50 p-2 dark:border-sky-900 dark:bg-sky-950/30"
      data-testid="real.view"
      aria-label="Your session's real numbers"
    >
      <RealHeadline
        c={c}
        three={three}
        whole={usage?.[0]?.config?.system !== undefined}
      />
      <RealAgentCost c={c} sameConfig={three.sameConfig} />
      <ResultNeedsPanel t={timeline} c={c} />
      <RealMisses c={c} />
      <RealUnseen c={c} />
      <VirtualTable
        count={c.rows.length}
        rowHeight={ROW}
        maxHeight={320}
        testId="real.table"
        caption="Every API call of the log: its bill beside the engine's replay"
        head={<RequestTableHead columns={COLUMNS} />}
        row={(i) => <Row key={i} r={c.rows[i]!} n={i + 1} />}
      />
      <p className="text-[11px] text-zinc-500 sm:hidden">
        Scroll the table sideways for the dollars and the causes.
      </p>
    </section>
  )
}
