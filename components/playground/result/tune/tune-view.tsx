"use client"

import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react"

import {
  cacheSetup,
  formatDollars as dollars,
  OUTPUT_NOT_MODELLED,
  sessionCaching,
  tuneChoices,
  type SimulateOptions,
  type TuneEntry,
  type TuneResult,
  writePrice,
} from "@/lib/context-editing"

import { useRefineStatus } from "@/components/tokens/refine-status"
import { countedTexts } from "@/components/tokens/refiner"

import { usePlaygroundStore } from "../../store/playground-store-provider"
import { approx, approxShort } from "../../store/use-simulation"
import { FrontierChart } from "./frontier-chart"
import { type FrontierColumn, FrontierTable, withEdits } from "./frontier-table"
import { SessionChart } from "../session-chart"
import { type TunePreview, useTuner } from "./use-tuner"

const asBody = (r: unknown): Record<string, unknown> | null =>
  r !== null && typeof r === "object" && !Array.isArray(r)
    ? (r as Record<string, unknown>)
    : null

/** The tuner's progress, with Cancel (or Search again once stopped). */
function Progress({
  state,
  onCancel,
  onRun,
}: {
  state: ReturnType<typeof useTuner>["state"]
  onCancel: () => void
  onRun: () => void
}) {
  if (state.status === "running") {
    const pct = Math.min(100, Math.round((100 * state.done) / state.total))
    return (
      <div className="flex items-center gap-3" data-testid="tune.progress">
        <progress
          className="h-2 w-64"
          max={100}
          value={pct}
          aria-label="Search progress"
        />
        <span className="text-xs text-zinc-500 tabular-nums">
          {state.done.toLocaleString("en-US")} of{" "}
          {state.total.toLocaleString("en-US")} configs tried
        </span>
        <button
          type="button"
          className="rounded border border-zinc-300 px-2 py-0.5 text-xs dark:border-zinc-700"
          onClick={onCancel}
          data-testid="tune.cancel"
        >
          Cancel
        </button>
      </div>
    )
  }
  return (
    <div className="flex items-center gap-3 text-xs text-zinc-500">
      {state.status === "cancelled" && <span>Search cancelled.</span>}
      {state.status === "error" && (
        <span className="text-red-700">{state.message}</span>
      )}
      <button
        type="button"
        className="rounded border border-zinc-300 px-2 py-0.5 dark:border-zinc-700"
        onClick={onRun}
        data-testid="tune.run"
      >
        {state.status === "done" ? "Search again" : "Search"}
      </button>
    </div>
  )
}

/** The Tune tab's columns: session cost, peak input and whether it fits. */
const tuneColumns = (
  contextWindow: number | null
): FrontierColumn<TuneEntry>[] => [
  { head: "session cost", cell: (e) => dollars(e.cost) },
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

/**
 * What the tuner searches: the session without its edits, the switches,
 * the calibration, the session's caching and, once the header shows counted
 * numbers, its BPE counts.
 */
function useTuneInput(latest: unknown) {
  const assumptions = usePlaygroundStore((s) => s.assumptions)
  const calibration = usePlaygroundStore((s) => s.calibration)
  const estimator = usePlaygroundStore((s) => s.tokenEstimator)
  const refine = useRefineStatus().state
  // The header's BPE counts, once it shows counted numbers (one search per
  // counted state, not one per batch of the counting).
  const counts = useMemo(
    () => (estimator && refine === "counted" ? countedTexts() : undefined),
    [estimator, refine]
  )
  // The search depends on the session, not on the config being tried: a
  // change of context_management alone (Apply, an edit form) keeps the
  // result on screen, and the focus on the Apply button pressed.
  const session = useSessionWithoutEdits(asBody(latest))
  const input = useMemo(() => {
    const body = session
    const setup = cacheSetup(session)
    return {
      request: body,
      options: {
        assumptions: assumptions as SimulateOptions["assumptions"],
        calibration,
      },
      timeline: {
        caching: sessionCaching(setup),
        writePrice: writePrice(setup),
      },
      ...(counts ? { counts } : {}),
    }
  }, [session, assumptions, calibration, counts])
  return input
}

/** One line: how many configs, the cheapest, no edits and your config. */
function TuneSummary({
  result,
  current,
}: {
  result: TuneResult
  current: TunePreview | null
}) {
  return (
    <p data-testid="tune.summary">
      {result.frontier.length} config
      {result.frontier.length === 1 ? "" : "s"} on the frontier (
      {result.evaluated.toLocaleString("en-US")} tried). Cheapest:{" "}
      <strong>{dollars(result.frontier[0]?.cost ?? 0)}</strong> for the session,
      peaking at {approx(result.frontier[0]?.peak ?? 0)} tokens
      {result.none && <> (no edits: {dollars(result.none.cost)})</>}
      {current && <>; your config: {dollars(current.cost)}</>}.
    </p>
  )
}

/**
 * The Tune tab: searches edit configs for this session in a worker and
 * shows the frontier of session cost against peak context; hovering a
 * config previews its timeline, Apply puts its edits into the form.
 */
export function TuneView({ request }: { request: unknown }) {
  const updateRequest = usePlaygroundStore((s) => s.updateRequest)
  const latest = useDeferredValue(request)
  const input = useTuneInput(latest)
  const { state, run, cancel, preview } = useTuner(input)
  const ownEdits = (asBody(latest)?.context_management as { edits?: unknown })
    ?.edits
  const [active, setActive] = useState<number | null>(null)
  const [shown, setShown] = useState<TunePreview | null>(null)
  const [current, setCurrent] = useState<TunePreview | null>(null)
  // A new request searches again, unless the user stopped the search.
  const stopped = useRef(false)
  useEffect(() => {
    if (!stopped.current) run()
  }, [run, input])
  const result = state.status === "done" ? state.result : null
  // Your own config, marked on the chart: replayed once the search is done
  // (a cancelled worker drops its pending previews).
  useEffect(() => {
    if (!result) return
    void preview(Array.isArray(ownEdits) ? ownEdits : [])?.then(setCurrent)
  }, [result, preview, ownEdits])
  const choices = useMemo(
    () => (result ? tuneChoices(result.frontier, result.alternatives) : []),
    [result]
  )
  const shownFrontier = choices.map((c) => c.entry)
  const hover = (i: number | null) => {
    setActive(i)
    const e = i === null ? null : shownFrontier[i]
    if (e) void preview(e.edits)?.then(setShown)
  }
  const apply = (e: TuneEntry) => updateRequest(withEdits(e.edits))
  if (!input.request)
    return (
      <p className="text-sm">
        The tuner needs a request object (with a model), not a bare messages
        array.
      </p>
    )
  return (
    <div className="space-y-3 text-sm" data-testid="tune.view">
      <p className="text-zinc-700 dark:text-zinc-300">
        Which config keeps every request under the window and costs least? The
        tuner replays the whole session under clear_tool_uses (trigger, keep,
        clear_at_least, exclusions, inputs), clear_thinking and compaction
        settings, and keeps the configs no other beats on both session cost and
        peak context. {OUTPUT_NOT_MODELLED}
      </p>
      <Progress
        state={state}
        onCancel={() => {
          stopped.current = true
          cancel()
        }}
        onRun={() => {
          stopped.current = false
          run()
        }}
      />
      {result && (
        <>
          <TuneSummary result={result} current={current} />
          <FrontierChart
            frontier={shownFrontier}
            alternatives={result.alternatives}
            current={current}
            none={result.none}
            contextWindow={result.contextWindow}
            active={active}
            onHover={hover}
          />
          {shown && active !== null && (
            <div data-testid="tune.preview">
              <p className="text-xs text-zinc-500">
                {shownFrontier[active]?.label}: {dollars(shown.cost)}, peak{" "}
                {approx(shown.peak)} tokens
                {shown.compactions ? `, ${shown.compactions} compactions` : ""}.
              </p>
              <SessionChart
                before={shown.before}
                after={shown.after}
                window={result.contextWindow}
                label="Input tokens per request with this config"
              />
            </div>
          )}
          {choices.some((c) => c.added) && (
            <p
              className="text-xs text-amber-800 dark:text-amber-200"
              data-testid="tune.added-note"
            >
              Every config on the frontier clears the newest tool result too,
              before the model reads it; the cheapest config that keeps it is
              listed after them.
            </p>
          )}
          <FrontierTable
            rows={shownFrontier}
            columns={tuneColumns(result.contextWindow)}
            onApply={apply}
            onHover={hover}
            id="tune"
            caption="Configs on the frontier"
          />
          <details data-testid="tune.alternatives">
            <summary className="cursor-pointer text-xs text-zinc-500">
              Cheapest config for each keep (to keep the newest results the
              model reads)
            </summary>
            <FrontierTable
              rows={result.alternatives}
              columns={tuneColumns(result.contextWindow)}
              onApply={apply}
              id="tune.alt"
              caption="Cheapest config for each keep"
            />
          </details>
        </>
      )}
    </div>
  )
}

/**
 * The request without its context_management, as the same object while
 * only context_management changes (the store replaces just the parts it
 * changes, so the other fields keep their identity).
 */
function useSessionWithoutEdits(
  body: Record<string, unknown> | null
): Record<string, unknown> | null {
  const rest = useMemo(() => {
    if (!body) return null
    const { context_management: cm, ...others } = body
    // A compaction edit stays: a conversation with compaction blocks needs
    // one, and the tuner keeps its trigger in every config it tries.
    const compact = compactEdits(cm)
    return compact ? { ...others, context_management: compact } : others
  }, [body])
  const [stable, setStable] = useState(rest)
  if (sameFields(stable, rest)) return stable
  setStable(rest) // derived state: kept until another field changes
  return rest
}

/** The request's compact_20260112 edits alone, or undefined when it has none. */
function compactEdits(cm: unknown): { edits: unknown[] } | undefined {
  const edits = (cm as { edits?: unknown } | null | undefined)?.edits
  if (!Array.isArray(edits)) return undefined
  const compact = edits.filter(
    (e) => (e as { type?: unknown } | null)?.type === "compact_20260112"
  )
  return compact.length > 0 ? { edits: compact } : undefined
}

function sameFields(
  a: Record<string, unknown> | null,
  b: Record<string, unknown> | null
): boolean {
  if (a === null || b === null) return a === b
  const keys = Object.keys(b)
  return (
    Object.keys(a).length === keys.length &&
    keys.every((k) =>
      k === "context_management" // rebuilt on every change: compare its text
        ? JSON.stringify(a[k]) === JSON.stringify(b[k])
        : Object.is(a[k], b[k])
    )
  )
}
