"use client"

// The engine's extensions (a PDF reader, the input_schema validator:
// lib/extensions) are left out of the first-load JS; loaded after the first
// paint and installed, then the request is counted again: a new estimator
// identity makes the store's simulation run again (the refined one when BPE
// counting is on, so its counted texts are kept).
import { createHeuristicEstimator } from "@/lib/tokens"

type Store = {
  getState: () => {
    setTokenEstimator: (e: ReturnType<typeof createHeuristicEstimator>) => void
  }
}

/** Loads and installs the extensions, then re-runs the prediction. */
export async function loadEngineExtensions(store: Store): Promise<void> {
  const { installAllExtensions } = await import("@/lib/extensions/all")
  installAllExtensions()
  const { refreshedEstimator } = await import("@/components/tokens/refiner")
  store
    .getState()
    .setTokenEstimator(refreshedEstimator() ?? createHeuristicEstimator())
}
