"use client"

import { useCallback, useDeferredValue, useMemo } from "react"

import {
  CACHE_READ,
  cacheSetup,
  compareStrategy,
  formatDollars,
  sessionCaching,
  type Strategy,
  strategies,
  type StrategyResult,
  SUMMARY_TOKENS,
  withStrategy,
  writePrice,
} from "@/lib/context-editing"

import { cn } from "@/components/ui/cn"

import {
  usePlaygroundStore,
  usePlaygroundStoreApi,
} from "../store/playground-store-provider"
import { approx, approxShort } from "../store/use-simulation"
import { CacheSetupLine } from "./cache-setup-line"
import { type LogPrice, useLogPricing } from "./compare-bill"
import { useSimOptions } from "./use-sim-options"
import { type Progress, useProgressive } from "./use-progressive"

type Row = { id: string; result: StrategyResult; log: LogPrice | null }
type Ok = Extract<StrategyResult, { ok: true }>

/** "−34 %" / "+12 %" / "same" against the no-edits row. */
function delta(value: number, base: number | undefined): string {
  if (base === undefined || base === 0) return ""
  const pct = Math.round((100 * (value - base)) / base)
  return pct === 0 ? "same" : `${pct > 0 ? "+" : "−"}${Math.abs(pct)}\u00a0%`
}

function tone(value: number, base: number | undefined): string {
  if (base === undefined || Math.abs(value - base) < 0.005 * base) return ""
  return value < base
    ? "text-emerald-700 dark:text-emerald-400"
    : "text-amber-700 dark:text-amber-400"
}

/** A session number, coloured and in % against the no-edits row. */
function Versus({
  value,
  base,
  money = false,
}: {
  value: number
  base: number | undefined
  money?: boolean
}) {
  return (
    <td className={cn("pr-2", tone(value, base))}>
      <div>{money ? formatDollars(value) : approxShort(value)}</div>
      <div className="text-[11px]">{delta(value, base)}</div>
    </td>
  )
}

function Cells({
  r,
  none,
  log,
  noneLog,
}: {
  r: Ok
  none: Ok | undefined
  log: LogPrice | null
  noneLog: LogPrice | null
}) {
  const s = r.session
  return (
    <>
      <td
        className="pr-2"
        title={`${approx(r.originalTokens)} before the edits`}
      >
        <div>{approxShort(r.inputTokens)}</div>
        {r.inputTokens < r.originalTokens && (
          <div className="text-[11px] text-emerald-700 dark:text-emerald-400">
            −{approxShort(r.originalTokens - r.inputTokens).slice(1)}
          </div>
        )}
      </td>
      <Versus
        value={s.tokens.withEdits}
        base={none?.session.tokens.withEdits}
      />
      <Versus
        value={s.equivalents.withEdits}
        base={none?.session.equivalents.withEdits}
      />
      {log ? (
        <Versus value={log.bill} base={noneLog?.bill} money />
      ) : (
        <Versus
          value={s.cost.withEdits}
          base={none?.session.cost.withEdits}
          money
        />
      )}
    </>
  )
}

function StrategyRow({
  strategy,
  item,
  none,
  noneLog,
  onUse,
}: {
  strategy: Strategy
  item: Progress<Row>
  none: Ok | undefined
  noneLog: LogPrice | null
  /** null: the request cannot take a strategy (invalid text, bare array). */
  onUse: (() => void) | null
}) {
  const value =
    item.state !== "pending" && item.value.id === strategy.id
      ? item.value.result
      : undefined
  const log =
    item.state !== "pending" && item.value.id === strategy.id
      ? item.value.log
      : null
  const compactions = value?.ok ? value.session.compactions : []
  const overflow = value?.ok ? value.session.firstOverflow.withEdits : null
  return (
    <tr
      data-testid={`compare.row.${strategy.id}`}
      data-state={value ? item.state : "pending"}
      className={cn(
        "border-t border-zinc-100 align-top tabular-nums dark:border-zinc-800",
        strategy.current && "bg-sky-50 dark:bg-sky-950/40",
        item.state === "stale" && "opacity-60"
      )}
    >
      <td className="max-w-48 min-w-36 py-1.5 pr-2 !whitespace-normal">
        <div className="font-medium">
          {strategy.label}
          {strategy.current && (
            <span className="ml-1.5 rounded bg-sky-100 px-1 text-[10px] font-normal text-sky-800 dark:bg-sky-900 dark:text-sky-200">
              this request
            </span>
          )}
          {!strategy.current && onUse && (
            <button
              type="button"
              data-testid={`compare.use.${strategy.id}`}
              onClick={onUse}
              className="ml-1.5 rounded border border-zinc-300 px-1.5 text-[11px] font-normal hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
              title="Put these edits in the request (undo restores yours)"
              aria-label={`Use ${strategy.label}`}
            >
              Use
            </button>
          )}
        </div>
        <div className="text-[11px] text-zinc-500">{strategy.description}</div>
        {overflow !== null && (
          <div className="text-[11px] text-red-700 dark:text-red-400">
            Over the context window from request {overflow}
          </div>
        )}
        {log?.infeasible && (
          <div
            className="text-[11px] text-red-700 dark:text-red-400"
            data-testid={`compare.infeasible.${strategy.id}`}
          >
            Breaks the agent: it {log.infeasible}
          </div>
        )}
        {log && log.refetch > 0 && (
          <div className="text-[11px] text-amber-800 dark:text-amber-300">
            Forces re-fetches ({formatDollars(log.refetch)} before scaling, in
            the bill)
          </div>
        )}
        {compactions.length > 0 && (
          <div className="text-[11px] text-violet-700 dark:text-violet-400">
            Compacts at request {compactions.join(", ")}
          </div>
        )}
      </td>
      {!value ? (
        <td colSpan={4} className="pr-2 text-zinc-500" role="status">
          Simulating…
        </td>
      ) : value.ok ? (
        <Cells r={value} none={none} log={log} noneLog={noneLog} />
      ) : (
        <td
          colSpan={4}
          className="pr-2 !whitespace-normal text-red-700 dark:text-red-400"
          data-testid={`compare.error.${strategy.id}`}
        >
          {value.error}
        </td>
      )}
    </tr>
  )
}

type Best = { label: string; value: number; delta: string }

/** The rows with the lowest session cost and tokens, once every row is fresh. */
function bestOf(
  rows: readonly Strategy[],
  items: ReadonlyArray<Progress<Row>>,
  none: Ok | undefined
): { cost: Best; tokens: Best } | null {
  if (items.some((x) => x.state !== "fresh")) return null
  let cost: Best | null = null
  let tokens: Best | null = null
  rows.forEach((strategy, i) => {
    const item = items[i]
    const r = item?.state === "fresh" ? item.value.result : null
    if (!r?.ok) return
    const c = r.session.equivalents.withEdits
    const t = r.session.tokens.withEdits
    const versus = (value: number, base: number | undefined) => {
      const d = strategy.id === "none" ? "" : delta(value, base)
      return d === "same" ? "" : d
    }
    // Ties go to the earlier row (no edits first: the simplest config).
    if (!cost || c < cost.value - 0.5)
      cost = {
        label: strategy.label,
        value: c,
        delta: versus(c, none?.session.equivalents.withEdits),
      }
    if (!tokens || t < tokens.value - 0.5)
      tokens = {
        label: strategy.label,
        value: t,
        delta: versus(t, none?.session.tokens.withEdits),
      }
  })
  return cost && tokens ? { cost, tokens } : null
}

/**
 * Strategy compare (anchors #17): the same conversation under each
 * strategy's documented defaults, for this request and over the session.
 */
export function CompareView({ request }: { request: unknown }) {
  const store = usePlaygroundStoreApi()
  // Forms edit only a full, valid request (updateRequest ignores others).
  const canUse = usePlaygroundStore(
    (s) => s.parseError === null && !Array.isArray(s.request)
  )
  const options = useSimOptions()
  const latest = useDeferredValue(request)
  const body = useMemo(
    () =>
      Array.isArray(latest)
        ? { messages: latest }
        : (latest as Record<string, unknown>),
    [latest]
  )
  const rows = useMemo(() => strategies(body), [body])
  const setup = useMemo(() => cacheSetup(body), [body])
  const caching = sessionCaching(setup)
  const tl = useMemo(
    () => ({ caching: sessionCaching(setup), writePrice: writePrice(setup) }),
    [setup]
  )
  // An imported log: each row priced as its bill over every call of the log.
  const priceLog = useLogPricing(body, options, tl)
  const compute = useCallback(
    (i: number): Row => {
      const strategy = rows[i]!
      const result = compareStrategy(body, strategy, options, tl)
      return {
        id: strategy.id,
        result,
        log: result.ok && priceLog ? priceLog(result.session) : null,
      }
    },
    [rows, body, options, tl, priceLog]
  )
  const items = useProgressive(rows.length, compute)
  const noneAt = rows.findIndex((s) => s.id === "none")
  const noneItem = items[noneAt]
  const none =
    noneItem && noneItem.state !== "pending" && noneItem.value.result.ok
      ? noneItem.value.result
      : undefined
  const noneLog =
    noneItem && noneItem.state !== "pending" ? noneItem.value.log : null
  const verdict = bestOf(rows, items, none)
  const requests = none?.session.requests
  const shown = none?.session.points.length
  return (
    <div className="space-y-3 text-sm" data-testid="compare.view">
      <p className="text-zinc-700 dark:text-zinc-300">
        The same conversation under each strategy&rsquo;s documented defaults:
        what this request sends, and what the whole session sends and costs
        {caching === "none" ? "" : " with the prompt cache"}
        {requests !== undefined && shown !== undefined && shown < requests
          ? ` (its last ${shown} of ${requests} requests)`
          : requests !== undefined
            ? ` (${requests} request${requests === 1 ? "" : "s"})`
            : ""}
        . &ldquo;Use&rdquo; puts a strategy&rsquo;s edits in the request.
      </p>
      <div className="text-zinc-700 dark:text-zinc-300">
        <CacheSetupLine setup={setup} session testId="compare.cache" />
      </div>
      {verdict && (
        <p data-testid="compare.verdict">
          {caching === "none" ? "Lowest cost" : "Lowest prompt-cache cost"} over
          the session: <strong>{verdict.cost.label}</strong> (
          {approx(verdict.cost.value)}
          {verdict.cost.delta && `, ${verdict.cost.delta} against no edits`}).
          Fewest input tokens sent: <strong>{verdict.tokens.label}</strong> (
          {approx(verdict.tokens.value)}
          {verdict.tokens.delta && `, ${verdict.tokens.delta}`}).
        </p>
      )}
      <div className="overflow-x-auto">
        <table
          className="w-full text-xs [&_td]:whitespace-nowrap [&_th]:align-bottom"
          data-testid="compare.table"
        >
          <caption className="sr-only">Strategies compared</caption>
          <thead className="text-left text-zinc-500">
            <tr>
              <th className="py-1 pr-2 font-medium">strategy</th>
              <th className="pr-2 font-medium">this request (saved)</th>
              <th className="pr-2 font-medium">session: tokens sent</th>
              <th className="pr-2 font-medium">
                session: {caching === "none" ? "cost" : "cache cost"}
              </th>
              <th className="pr-2 font-medium">
                {priceLog
                  ? "bill: $ (every call of the log)"
                  : "session: $ (input)"}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((strategy, i) => (
              <StrategyRow
                key={strategy.id}
                strategy={strategy}
                item={items[i]!}
                none={strategy.id === "none" ? undefined : none}
                noneLog={strategy.id === "none" ? null : noneLog}
                onUse={
                  canUse
                    ? () =>
                        store
                          .getState()
                          .updateRequest((r) => withStrategy(r, strategy))
                    : null
                }
              />
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-zinc-500">
        Estimates. Percentages compare with no edits. Cost is in input-token
        equivalents (cache reads {CACHE_READ}×,{" "}
        {setup.ttl === "1h" ? "1-hour" : "5-minute"} writes {writePrice(setup)}
        ×, uncached tokens 1×), with each request cached as the request asks, as
        in the Timeline. After compaction, later requests start from a summary
        assumed to be about {approx(SUMMARY_TOKENS).slice(1)} tokens. Switches
        and calibration apply to every row.
      </p>
    </div>
  )
}
