"use client"

// The engine is not in the page's first-load JS: the first paint shows the
// page without a prediction ("computing…"), and the engine's code loads
// right after it, with its extensions (a PDF reader, the input_schema
// validator: lib/extensions), installed before the first prediction so
// that no number is shown that the complete engine would not compute.
import { externalStore, useExternalStore } from "@/components/ui/external-store"

import type { PlaygroundEngine } from "@/lib/state"

let installing: Promise<void> | null = null

/** Loads and installs the engine's extensions, once per page. */
export function installEngineExtensions(): Promise<void> {
  installing ??= import("@/lib/extensions/all").then((m) =>
    m.installAllExtensions()
  )
  return installing
}

let loading: Promise<PlaygroundEngine> | null = null

/** The engine, with its extensions installed (loaded once per page). */
export function loadEngine(): Promise<PlaygroundEngine> {
  loading ??= Promise.all([
    import("@/lib/context-editing"),
    // Without them (their chunk failed to load) the engine still predicts,
    // as it does before they are installed (lib/extensions/README.md).
    installEngineExtensions().catch(() => undefined),
  ]).then(([engine]) => engine)
  // A failed load may be retried (the Retry button of the result region).
  loading.catch(() => {
    loading = null
  })
  return loading
}

type Store = { getState: () => { setEngine: (e: PlaygroundEngine) => void } }

const status = externalStore({ failed: false })

/** Loads the engine into a store; on failure the result region offers a retry. */
export function startEngine(store: Store): void {
  status.set({ failed: false })
  loadEngine().then(
    (engine) => store.getState().setEngine(engine),
    () => status.set({ failed: true })
  )
}

/** Whether the engine's code failed to load (offline, a deploy in between). */
export function useEngineFailed(): boolean {
  return useExternalStore(
    status,
    (s) => s.failed,
    () => false
  )
}
