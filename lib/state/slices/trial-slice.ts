import type { StateCreator } from "zustand/vanilla"

import type { PlaygroundState, Trial, TrialSlice } from "../types"

/**
 * The check of content that arrived by link or import (types.ts, `Trial`):
 * while it runs or after it stopped, the page computes no prediction on its
 * own thread (selectors.ts); a check that passes for the request now in the
 * store ends it, one for an older request changes nothing (the next check
 * is under way).
 */
/** Requests whose check ran out of time, by what they came from. */
const stoppedOn = new WeakMap<object, Trial["from"]>()

/**
 * The trial after undo or redo brought `request` back: one whose check ran
 * out of time is checked again (it was never simulated here), any other
 * leaves the trial as it was.
 */
export function trialOnReturn(
  request: unknown,
  trial: Trial | null
): Trial | null {
  const from =
    typeof request === "object" && request !== null
      ? stoppedOn.get(request)
      : undefined
  return from ? { from, status: "checking" } : trial
}

export const createTrialSlice: StateCreator<
  PlaygroundState,
  [],
  [],
  TrialSlice
> = (set, get) => ({
  trial: null,
  passTrial: (request) => {
    if (get().trial && get().request === request) set({ trial: null })
  },
  stopTrial: (request, stopped) => {
    const trial = get().trial
    if (!trial || get().request !== request) return
    if (typeof request === "object" && request !== null)
      stoppedOn.set(request, trial.from)
    set({ trial: { ...trial, status: "stopped", stopped } })
  },
  trustTrial: () => set({ trial: null }),
})
