"use client"

import { startEngine, useEngineFailed } from "../store/engine"
import { usePlaygroundStoreApi } from "../store/playground-store-provider"

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
      <p className="text-sm text-zinc-500">Computing the prediction…</p>
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
