"use client"

// Drives the BPE refinement: after the engine counted a request with the
// refined estimator, the strings it still had to estimate go to the worker;
// their counts join the table and a new estimator (new identity, so the
// engine counts again) goes into the store. One batch in flight at a time.
import type { TokenEstimator } from "@/lib/tokens"
import { createRefinedEstimator, type RefineTable } from "@/lib/tokens/refine"

import type { CountAnswer, CountRequest } from "./bpe.worker"
import { getRefineStatus, setRefineStatus as setStatus } from "./refine-status"

/**
 * Where the estimator goes (the playground's store, or the embed card's).
 * A store with an `engine` field has simulated nothing while it is null.
 */
export type Store = {
  getState: () => {
    setTokenEstimator: (estimator: TokenEstimator | null) => void
    engine?: unknown
  }
  subscribe: (fn: () => void) => () => void
}

/**
 * The texts the engine had to estimate. The moment it records one while
 * the page says "counted", the numbers being drawn are estimates again:
 * the mark says so right after that render, not when the next batch is
 * sent (a new request's numbers must never show as counted before they
 * are), and the text is counted soon even when no change of the store
 * follows (a view that mounts later draws with the page's estimator too).
 */
class EstimatedTexts extends Map<string, string> {
  override set(key: string, text: string): this {
    if (getRefineStatus().state === "counted")
      queueMicrotask(() => {
        if (this.size === 0 || getRefineStatus().state !== "counted") return
        setStatus({ state: "estimate" })
        scheduleCurrent?.()
      })
    return super.set(key, text)
  }
}

const table: RefineTable = { counts: new Map(), misses: new EstimatedTexts() }
let worker: Worker | null = null
/** The batch being counted: keys and texts, in the same order. */
let inFlight: { keys: string[]; texts: string[] } | null = null
let nextId = 1

function startWorker(store: Store): Worker {
  const w = new Worker(new URL("./bpe.worker.ts", import.meta.url), {
    type: "module",
  })
  w.onmessage = (e: MessageEvent<CountAnswer>) => {
    const keys = inFlight?.keys ?? []
    inFlight = null
    e.data.counts.forEach((c, i) => table.counts.set(keys[i]!, c))
    setStatus({ lastBatchMs: e.data.ms, lastBatchTexts: keys.length })
    const estimator: TokenEstimator = createRefinedEstimator(table)
    store.getState().setTokenEstimator(estimator)
  }
  return w
}

/** After a simulation: send what is still estimated, or say all is counted. */
function afterSimulation(store: Store): void {
  // No simulation yet (the engine is loading): nothing to count, nothing
  // counted; setting the engine is a change, which schedules this again.
  if (inFlight || store.getState().engine === null) return
  if (table.misses.size === 0) {
    if (getRefineStatus().state !== "counted") setStatus({ state: "counted" })
    return
  }
  if (getRefineStatus().state !== "estimate") setStatus({ state: "estimate" })
  inFlight = {
    keys: [...table.misses.keys()],
    texts: [...table.misses.values()],
  }
  table.misses.clear()
  worker ??= startWorker(store)
  const msg: CountRequest = { id: nextId++, texts: inFlight.texts }
  worker.postMessage(msg)
}

/**
 * Every text counted so far (content key → count), for a worker that
 * counts with the same numbers (Tune's search): `createRefinedEstimator`
 * over a table of these answers as the page's estimator does.
 */
export const countedTexts = (): Array<[string, number]> => [...table.counts]

/**
 * Starts refinement for a store: installs the refined estimator and, after
 * each change (once the page has rendered it), counts the new strings.
 * Returns a stop function.
 */
let stopCurrent: (() => void) | null = null
/** Counts what is still estimated soon (null while refinement is off). */
let scheduleCurrent: (() => void) | null = null

/**
 * For a view that simulates with the page's estimator outside the store
 * (a lesson): count the strings it left estimated, as after a change of
 * the page's own request. The store then gets a newer estimator.
 */
export function countPending(): void {
  scheduleCurrent?.()
}

/** Stops counting and goes back to the instant estimate ("off"). */
export function stopRefinement(store: Store): void {
  stopCurrent?.()
  stopCurrent = null
  store.getState().setTokenEstimator(null)
  setStatus({ state: "off" })
}

export function startRefinement(store: Store): () => void {
  if (typeof Worker === "undefined") return () => {}
  stopCurrent?.()
  setStatus({ state: "estimate" })
  store.getState().setTokenEstimator(createRefinedEstimator(table))
  let timer: ReturnType<typeof setTimeout> | null = null
  const schedule = () => {
    if (timer) clearTimeout(timer)
    // After the render that ran the simulation (the selector fills misses).
    timer = setTimeout(() => afterSimulation(store), 120)
  }
  const unsub = store.subscribe(schedule)
  schedule()
  scheduleCurrent = schedule
  stopCurrent = () => {
    unsub()
    if (timer) clearTimeout(timer)
    scheduleCurrent = null
  }
  return stopCurrent
}
