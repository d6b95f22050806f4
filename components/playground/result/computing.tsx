"use client"

import { startEngine, useEngineFailed } from "../store/engine"
import {
  usePlaygroundStore,
  usePlaygroundStoreApi,
} from "../store/playground-store-provider"

const bar = "rounded bg-zinc-200 motion-safe:animate-pulse dark:bg-zinc-800"

/**
 * What the result region shows while the engine's code loads (right after
 * the first paint): no number at all, so none can be wrong; the same room
 * as the numbers, so nothing jumps when they arrive. If the code cannot be
 * loaded (offline since the page opened), it says so and offers a retry.
 */
export function Computing() {
  const store = usePlaygroundStoreApi()
  const failed = useEngineFailed()
  const trial = usePlaygroundStore((s) => s.trial)
  if (trial?.status === "stopped") return <TrialStopped words={trial.stopped} />
  if (failed)
    return (
      <p
        role="alert"
        data-testid="result.engine-failed"
        className="rounded border border-amber-300 bg-amber-50 px-2 py-1.5 text-xs text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
      >
        The simulation engine did not load (is the page offline?). Your request
        is kept.{" "}
        <button
          type="button"
          className="underline"
          data-testid="result.engine-retry"
          onClick={() => startEngine(store)}
        >
          Retry
        </button>
      </p>
    )
  return (
    <div role="status" aria-busy="true" data-testid="result.computing">
      <p className="text-sm text-zinc-500">
        {trial
          ? `Computing the prediction for the content from ${trial.from === "link" ? "this link" : "the import"}, in the background…`
          : "Computing the prediction…"}
      </p>
      <div aria-hidden className="mt-2 space-y-3">
        <div className={`${bar} h-6 w-2/3`} />
        <div className="grid grid-cols-2 gap-2">
          <div className={`${bar} h-36`} />
          <div className={`${bar} h-24`} />
        </div>
        <div className={`${bar} h-3`} />
        <div className={`${bar} h-3`} />
      </div>
    </div>
  )
}

/**
 * Content from a link or an import whose prediction ran out of time in the
 * background (store/trial-check.ts): what stopped and why, the work kept,
 * and the two ways on.
 */
function TrialStopped({ words }: { words: string | undefined }) {
  const trust = usePlaygroundStore((s) => s.trustTrial)
  return (
    <div
      role="alert"
      data-testid="result.trial-stopped"
      className="rounded border border-amber-300 bg-amber-50 px-2 py-1.5 text-xs text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <p className="font-semibold">{words}</p>
      <p className="mt-1">
        Content that arrives by a link or an import is computed in the
        background first, so that it cannot freeze this tab. Your content is
        kept as it is. Change it (a large document or schema is the usual cause)
        and it is checked again, or{" "}
        <button
          type="button"
          className="underline"
          data-testid="result.trial-run-here"
          onClick={trust}
        >
          compute it here anyway
        </button>{" "}
        (the page may not answer until it is done).
      </p>
    </div>
  )
}
