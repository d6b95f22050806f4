"use client"

// Content that arrived by link or import (the store's `trial`) is simulated
// in a worker first, with a deadline, before the page simulates it on its
// own thread (docs/semantics.md#hostile-input-limits): a link is untrusted,
// and one simulation of it once froze a tab for good. In time: the page
// takes over. Out of time: the worker is ended, the page says what it
// stopped and why, and keeps the work; each change is checked again.

import type { PlaygroundStore } from "@/lib/state"

import type { TrialJob, TrialReply } from "./trial.worker"

/** How long the worker may simulate content from a link or an import. */
export const TRIAL_DEADLINE_MS = 3000
/** How long its code may take to load before the check is given up. */
const LOAD_LIMIT_MS = 30_000
/** A pause after a change, so typing does not start a check per key. */
const SETTLE_MS = 300

/** How a check ended: in time, past the deadline (with what the content holds), or not run. */
export type CheckResult =
  | { kind: "done" }
  | { kind: "stopped"; content: string }
  | { kind: "unchecked" }

/** A check under way, and how to end it early. */
export interface Check {
  result: Promise<CheckResult>
  cancel: () => void
}

/**
 * Simulates `request` in a fresh worker: "done" if it finishes within the
 * deadline (counted from when it starts simulating, not while its code
 * loads), "stopped" past it (the worker is ended), "unchecked" where no
 * worker runs (its code did not load within 30 s, or no Worker exists).
 */
export function checkInWorker(
  request: unknown,
  options: TrialJob["options"]
): Check {
  if (typeof Worker === "undefined")
    return { result: Promise.resolve({ kind: "unchecked" }), cancel: () => {} }
  const worker = new Worker(new URL("./trial.worker.ts", import.meta.url), {
    type: "module",
  })
  let timer: ReturnType<typeof setTimeout> | undefined
  let settle: (r: CheckResult) => void = () => {}
  const end = (r: CheckResult) => {
    clearTimeout(timer)
    worker.terminate()
    settle(r)
  }
  const result = new Promise<CheckResult>((resolve) => {
    settle = resolve
    timer = setTimeout(() => end({ kind: "unchecked" }), LOAD_LIMIT_MS)
    worker.onerror = () => end({ kind: "unchecked" })
    worker.onmessage = (event: MessageEvent<TrialReply>) => {
      const reply = event.data
      if (reply.kind === "done") return end({ kind: "done" })
      clearTimeout(timer)
      const stopped = { kind: "stopped", content: reply.content } as const
      timer = setTimeout(() => end(stopped), TRIAL_DEADLINE_MS)
    }
  })
  worker.postMessage({ request, options } satisfies TrialJob)
  return { result, cancel: () => end({ kind: "unchecked" }) }
}

/** What the page says when the check of linked or imported content ran out of time. */
const stoppedWords = (from: "link" | "import", content: string) =>
  `The prediction for the content ${from === "link" ? "this link opened" : "you imported"} (${content}) did not finish within ${TRIAL_DEADLINE_MS / 1000} seconds, so it was stopped.`

/** The check of the store's request under way. */
let current: Check | null = null

/** Checks the store's request in a fresh worker; settles the trial. */
function check(store: PlaygroundStore): unknown {
  const { request, assumptions, calibration, trial } = store.getState()
  current?.cancel()
  current = null
  if (!trial) return undefined
  const mine = checkInWorker(request, { assumptions, calibration })
  current = mine
  void mine.result.then((r) => {
    if (current !== mine) return // a newer check (or none) took over
    current = null
    if (r.kind === "stopped")
      store.getState().stopTrial(request, stoppedWords(trial.from, r.content))
    // Its code did not load (offline): the page simulates as it did before.
    else store.getState().passTrial(request)
  })
  return request
}

/**
 * Watches a store: whenever it holds a trial and a request not yet checked
 * (a link just opened, or a change to content whose check stopped), checks
 * that request.
 */
export function watchTrials(store: PlaygroundStore): void {
  let checked: unknown = undefined
  let seen: unknown = null
  let settle: ReturnType<typeof setTimeout> | undefined
  const consider = () => {
    const s = store.getState()
    // A link or import just opened is checked at once; a change after it,
    // once typing pauses.
    const fresh =
      s.trial !== null && s.trial !== seen && s.trial.status === "checking"
    seen = s.trial
    if (!s.trial) {
      // Ended by built-in content or the user: no check goes on for it.
      current?.cancel()
      current = null
      checked = undefined
      return
    }
    if (s.request === checked) return
    checked = s.request
    clearTimeout(settle)
    settle = setTimeout(() => (checked = check(store)), fresh ? 0 : SETTLE_MS)
  }
  store.subscribe(consider)
  consider()
}
