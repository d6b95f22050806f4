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
  mergeProbeRuns: (raw: unknown) => {
    const runs = readProbeRuns(raw)
    if (runs) set((s) => ({ probeRuns: { ...s.probeRuns, ...runs } }))
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
