"use client"

import type { ShareState } from "@/lib/share"

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
  if (typeof Worker === "undefined") return redactHere(state)
  return new Promise((resolve) => {
    let worker: Worker
    try {
      worker = new Worker(new URL("./redact.worker.ts", import.meta.url), {
        type: "module",
      })
    } catch {
      resolve(redactHere(state))
      return
    }
    worker.onmessage = (event: MessageEvent<ShareState>) => {
      worker.terminate()
      resolve(event.data)
    }
    worker.onerror = () => {
      worker.terminate()
      resolve(redactHere(state))
    }
    worker.postMessage(state)
  })
}
