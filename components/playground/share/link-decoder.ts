"use client"

import type { DecodeShareResult } from "@/lib/share"

/** What the link worker answers: the decoded link, or why it is too heavy. */
export type LinkWorkerReply =
  { decoded: DecodeShareResult } | { overLimit: string }

/** Decodes and measures on the main thread (no Worker, or it failed). */
async function decodeHere(hash: string): Promise<LinkWorkerReply> {
  const { decodeFragment, workOverLimit } = await import("@/lib/share")
  const decoded = await decodeFragment(hash)
  const overLimit =
    decoded.success && decoded.data.requestText === undefined
      ? workOverLimit(decoded.data.request)
      : null
  return overLimit ? { overLimit } : { decoded }
}

/**
 * Decodes a `#v2.` / `#request=` fragment and measures the work its state
 * asks of the page, in a Web Worker so neither blocks the page.
 */
export function decodeLink(hash: string): Promise<LinkWorkerReply> {
  if (typeof Worker === "undefined") return decodeHere(hash)
  return new Promise((resolve) => {
    let worker: Worker
    try {
      worker = new Worker(new URL("./link.worker.ts", import.meta.url), {
        type: "module",
      })
    } catch {
      resolve(decodeHere(hash))
      return
    }
    worker.onmessage = (event: MessageEvent<LinkWorkerReply>) => {
      worker.terminate()
      resolve(event.data)
    }
    worker.onerror = () => {
      worker.terminate()
      resolve(decodeHere(hash))
    }
    worker.postMessage({ hash })
  })
}
