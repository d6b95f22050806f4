"use client"

/**
 * Work that must reach storage before the page goes away: a tab that is
 * closed, reloaded or sent to the background fires `pagehide` or
 * `visibilitychange` (hidden), and handlers run synchronously there.
 * Input flushers (an editor's pending text) run before storage flushers
 * (the debounced autosave), whatever order they registered in.
 */
type Phase = "input" | "storage"

const flushers: Record<Phase, Set<() => void>> = {
  input: new Set(),
  storage: new Set(),
}

function flushAll() {
  for (const phase of ["input", "storage"] as const)
    for (const flush of flushers[phase]) {
      try {
        flush()
      } catch (error) {
        console.warn("Saving before the page closed failed:", error)
      }
    }
}

let listening = false

function listen() {
  if (listening || typeof window === "undefined") return
  listening = true
  window.addEventListener("pagehide", flushAll)
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flushAll()
  })
}

/** Runs `flush` when the page is hidden or unloaded; returns the unregister function. */
export function onPageExit(phase: Phase, flush: () => void): () => void {
  listen()
  flushers[phase].add(flush)
  return () => void flushers[phase].delete(flush)
}
