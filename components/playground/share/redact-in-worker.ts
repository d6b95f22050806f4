"use client"

import type { ShareState } from "@/lib/share"

import { askWorkerOnce } from "./worker-once"

/** Redacts on the main thread (no Worker, or it failed). */
async function redactHere(state: ShareState): Promise<ShareState> {
  const { redactState } = await import("@/lib/share")
  return redactState(state)
}

/**
 * Redacts a share state in a Web Worker (the BPE counting it takes would
 * block the page on a long conversation).
 */
export function redactInWorker(state: ShareState): Promise<ShareState> {
  return askWorkerOnce(
    () =>
      new Worker(new URL("./redact.worker.ts", import.meta.url), {
        type: "module",
      }),
    state,
    () => redactHere(state)
  )
}
