"use client"

import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react"

import {
  applyTuned,
  formatDollars as dollars,
  OUTPUT_NOT_MODELLED,
  tuneChoices,
  type TuneEntry,
  type TuneResult,
} from "@/lib/context-editing"

import { usePlaygroundStore } from "../../store/playground-store-provider"
import { approx } from "../../store/use-simulation"
import { AgentSwitchControls } from "../agent-switches"
import { FrontierChart } from "./frontier-chart"
import { FrontierTable, withEdits } from "./frontier-table"
import { SessionChart } from "../session-chart"
import {
  TuneAdvice,
  TuneDefaults,
  TuneRecommended,
  tuneColumns,
} from "./tune-answer"
import { asBody, useTuneInput } from "./tune-input"
import { type TunePreview, useTuner } from "./use-tuner"

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

/** One line: how many configs, the cheapest that keeps the agent working, no edits and your config. */
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
      {result.evaluated.toLocaleString("en-US")} tried
      {result.infeasible > 0 &&
        `; ${result.infeasible.toLocaleString("en-US")} left out: they clear results before the model reads them`}
      ). Cheapest that keeps the agent working:{" "}
      <strong>{dollars(result.frontier[0]?.cost ?? 0)}</strong>, peaking at{" "}
      {approx(result.frontier[0]?.peak ?? 0)} tokens
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
  // Apply keeps the request's own edits of kinds the search did not try.
  const apply = (e: TuneEntry) =>
    updateRequest(
      withEdits(
        applyTuned(
          Array.isArray(ownEdits) ? ownEdits : [],
          e.edits,
          result?.searched ?? []
        )
      )
    )
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
        settings, adds what each config forces the agent to fetch again, leaves
        out every config that clears a result before the model reads it, and
        keeps the configs no other beats on both cost and peak context.{" "}
        {OUTPUT_NOT_MODELLED}
      </p>
      <details className="text-xs">
        <summary className="cursor-pointer text-zinc-500">
          What the re-fetches assume of the agent
        </summary>
        <AgentSwitchControls />
      </details>
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
          <TuneRecommended result={result} onApply={apply} />
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
          <TuneDefaults result={result} onApply={apply} />
          <TuneAdvice advice={result.advice} />
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
