"use client"

// The engine's extensions (a PDF reader, the input_schema validator:
// lib/extensions) are left out of the first-load JS: loaded after the first
// paint and installed (lib/extensions/README.md). The page then counts the
// request again (a new estimator identity makes the store's simulation run
// again: the refined one when BPE counting is on, so its counted texts are
// kept); the embed card waits for them before its one count.
import { createHeuristicEstimator, type TokenEstimator } from "@/lib/tokens"

let installing: Promise<void> | null = null

/** Loads and installs the engine's extensions, once per page. */
export function installEngineExtensions(): Promise<void> {
  installing ??= import("@/lib/extensions/all").then((m) =>
    m.installAllExtensions()
  )
  return installing
}

type Store = {
  getState: () => { setTokenEstimator: (e: TokenEstimator) => void }
}

/**
 * Installs the extensions, then re-runs the prediction with a new estimator:
 * the refiner's (the page's BPE counting, when it is on) or a heuristic one.
 */
export async function loadEngineExtensions(
  store: Store,
  refiner: Promise<{ refreshedEstimator: () => TokenEstimator | null }> | null
): Promise<void> {
  await installEngineExtensions()
  const refreshed = refiner ? (await refiner).refreshedEstimator() : null
  store.getState().setTokenEstimator(refreshed ?? createHeuristicEstimator())
}
