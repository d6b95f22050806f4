"use client"

import type { DecodeShareResult } from "@/lib/share"

import { askWorkerOnce } from "./worker-once"

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
  return askWorkerOnce(
    () =>
      new Worker(new URL("./link.worker.ts", import.meta.url), {
        type: "module",
      }),
    { hash },
    () => decodeHere(hash)
  )
}
