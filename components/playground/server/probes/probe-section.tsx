"use client"

import { useState } from "react"

import { DEFAULT_MODEL_ID } from "@/lib/context-editing"
import { PLANNED_REQUESTS } from "@/lib/probes"

import { usePlaygroundStore } from "../../store/playground-store-provider"
import { ProbeResults } from "./probe-results"
import { type ProbeRunState, useProbeRun } from "./use-probe-run"

const BUTTON =
  "rounded border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800"

function modelOf(request: unknown): string {
  const m = (request as { model?: unknown } | null)?.model
  return typeof m === "string" && m.trim() ? m.trim() : DEFAULT_MODEL_ID
}

function RunStatus({
  run,
  onCancel,
}: {
  run: ProbeRunState
  onCancel: () => void
}) {
  if (run.state === "running")
    return (
      <div className="space-y-1" data-testid="probes.progress">
        <div className="flex items-center gap-2">
          <progress
            className="h-2 w-48"
            max={run.total || PLANNED_REQUESTS}
            value={run.done}
            aria-label="Probe requests sent"
          />
          <span
            className="text-xs text-zinc-600 dark:text-zinc-400"
            aria-live="polite"
          >
            {run.done} of {run.total || PLANNED_REQUESTS} requests
          </span>
          <button
            type="button"
            className={BUTTON}
            data-testid="probes.cancel"
            onClick={onCancel}
          >
            Cancel
          </button>
        </div>
        {run.retry && (
          <p
            className="text-xs text-amber-700 dark:text-amber-300"
            role="status"
            data-testid="probes.retry"
          >
            Rate limited (429): retrying in {Math.ceil(run.retry.waitMs / 1000)}{" "}
            s (retry {run.retry.attempt}).
          </p>
        )}
      </div>
    )
  const text =
    run.state === "cancelled"
      ? `Cancelled after ${run.done} requests; nothing was kept.`
      : run.state === "failed"
        ? `The check stopped: ${run.message}`
        : run.state === "done"
          ? `Done: ${run.requests} requests${run.retries ? `, ${run.retries} rate-limit retr${run.retries === 1 ? "y" : "ies"}` : ""}.`
          : ""
  return text ? (
    <p
      className="text-xs text-zinc-600 dark:text-zinc-400"
      role="status"
      data-testid="probes.status"
    >
      {text}
    </p>
  ) : null
}

/**
 * "Check assumptions against the API": runs the probe plan through the
 * app's count_tokens route and shows what the user's API settled, per model.
 */
export function ProbeSection({
  apiKey,
  noKey,
}: {
  apiKey: string
  noKey: boolean
}) {
  const request = usePlaygroundStore((s) => s.request)
  const runs = usePlaygroundStore((s) => s.probeRuns)
  const model = modelOf(request)
  const [shown, setShown] = useState<string | null>(null)
  const { run, start, cancel } = useProbeRun(model, apiKey)
  const models = Object.keys(runs)
  const showModel =
    shown && runs[shown] ? shown : runs[model] ? model : models[0]
  const stored = showModel ? runs[showModel] : undefined
  return (
    <section
      aria-labelledby="probes-heading"
      className="space-y-2 border-t border-zinc-200 pt-3 dark:border-zinc-800"
    >
      <h3 id="probes-heading" className="text-sm font-semibold">
        Check assumptions against the API
      </h3>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        About {PLANNED_REQUESTS} count_tokens requests for {model}, which cost
        nothing (count_tokens is free; no message is sent). Each switch the
        answers decide is shown with its evidence; nothing changes until you
        apply it.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={BUTTON}
          data-testid="probes.run"
          disabled={noKey || run.state === "running"}
          onClick={() => void start()}
        >
          {run.state === "running"
            ? "Checking…"
            : "Check assumptions against the API"}
        </button>
        {models.length > 1 && (
          <label className="text-xs">
            Results for{" "}
            <select
              className="rounded border border-zinc-300 bg-transparent px-1 dark:border-zinc-700"
              value={showModel}
              onChange={(e) => setShown(e.target.value)}
            >
              {models.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <RunStatus run={run} onCancel={cancel} />
      {stored && <ProbeResults run={stored} />}
    </section>
  )
}
