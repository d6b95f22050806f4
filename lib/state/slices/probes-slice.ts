import type { StateCreator } from "zustand/vanilla"

import { applySettled, readProbeRuns, type StoredProbeRun } from "@/lib/probes"

import type { PlaygroundState, ProbesSlice } from "../types"

/**
 * Probe results per model (what the user's API answered) and applying
 * them to the assumption switches. Persisted by the caller, never with a key.
 */
export const createProbesSlice: StateCreator<
  PlaygroundState,
  [],
  [],
  ProbesSlice
> = (set, get) => ({
  probeRuns: {},
  setProbeRun: (run: StoredProbeRun) =>
    set((s) => ({ probeRuns: { ...s.probeRuns, [run.model]: run } })),
  mergeProbeRuns: (raw: unknown, options?: { fromLink?: boolean }) => {
    const runs = readProbeRuns(raw)
    if (!runs) return
    if (!options?.fromLink)
      return set((s) => ({ probeRuns: { ...s.probeRuns, ...runs } }))
    // A link's runs are the author's API; the user's own run of a model wins.
    set((s) => {
      const added = Object.entries(runs)
        .filter(([model]) => !s.probeRuns[model] || s.probeRuns[model].fromLink)
        .map(([model, run]) => [model, { ...run, fromLink: true }])
      return { probeRuns: { ...s.probeRuns, ...Object.fromEntries(added) } }
    })
  },
  applyProbeRun: (model: string) => {
    const run = get().probeRuns[model]
    if (!run) return
    const factor = run.calibration?.tokenFactor
    const fitted = factor !== undefined && factor >= 0.25 && factor <= 4
    set((s) => ({
      assumptions: applySettled(s.assumptions, run.settled),
      // The measured token factor replaces the incidental one for this model.
      ...(fitted ? { calibration: { ...s.calibration, [model]: factor } } : {}),
    }))
  },
})
