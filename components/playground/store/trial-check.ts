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

/** The check under way: its worker and its timer (a load limit or the deadline). */
let worker: Worker | null = null
let timer: ReturnType<typeof setTimeout> | undefined
let job = 0

function endCheck() {
  clearTimeout(timer)
  worker?.terminate()
  worker = null
}

/** The words shown when a check ran out of time. */
const stoppedWords = (from: "link" | "import", content: string) =>
  `The prediction for the content ${from === "link" ? "this link opened" : "you imported"} (${content}) did not finish within ${TRIAL_DEADLINE_MS / 1000} seconds, so it was stopped.`

/** Checks the store's request in a fresh worker; settles the trial. */
function check(store: PlaygroundStore): unknown {
  const { request, assumptions, calibration, trial } = store.getState()
  endCheck()
  if (!trial || typeof Worker === "undefined") {
    store.getState().passTrial(request)
    return undefined
  }
  const id = ++job
  const pass = () => {
    endCheck()
    store.getState().passTrial(request)
  }
  worker = new Worker(new URL("./trial.worker.ts", import.meta.url), {
    type: "module",
  })
  // Its code did not load (offline): the page simulates as it did before.
  timer = setTimeout(pass, LOAD_LIMIT_MS)
  worker.onerror = pass
  worker.onmessage = (event: MessageEvent<TrialReply>) => {
    const reply = event.data
    if (reply.id !== id) return
    if (reply.kind === "done") return pass()
    clearTimeout(timer)
    timer = setTimeout(() => {
      endCheck()
      const words = stoppedWords(trial.from, reply.content)
      store.getState().stopTrial(request, words)
    }, TRIAL_DEADLINE_MS)
  }
  worker.postMessage({
    id,
    request,
    options: { assumptions, calibration },
  } satisfies TrialJob)
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
      if (worker) endCheck()
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
