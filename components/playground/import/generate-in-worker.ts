"use client"

import type { GenerateOptions } from "@/lib/generate"
import type { ImportedRequest } from "@/lib/import"

/** What the generate worker sends: progress after each pass, then the session. */
export type GenerateReply =
  | { progress: { pass: number; tokens: number } }
  | { done: { request: ImportedRequest; tokens: number } }

/** A running generation: its result, and how to stop it. */
export interface Generation {
  result: Promise<{ request: ImportedRequest; tokens: number } | null>
  cancel(): void
}

/**
 * Generates a session in a Web Worker (each pass counts the whole session
 * with the BPE); `onProgress` hears each pass. Cancel ends the worker and
 * resolves null.
 */
export function generateInWorker(
  options: GenerateOptions,
  onProgress: (pass: number, tokens: number) => void
): Generation {
  const worker = new Worker(new URL("./generate.worker.ts", import.meta.url), {
    type: "module",
  })
  let settle: (
    value: { request: ImportedRequest; tokens: number } | null
  ) => void = () => {}
  const result = new Promise<{
    request: ImportedRequest
    tokens: number
  } | null>((resolve, reject) => {
    settle = resolve
    worker.onmessage = (event: MessageEvent<GenerateReply>) => {
      const reply = event.data
      if ("progress" in reply)
        onProgress(reply.progress.pass, reply.progress.tokens)
      else {
        worker.terminate()
        resolve(reply.done)
      }
    }
    worker.onerror = (event) => {
      worker.terminate()
      reject(new Error(event.message || "The generator stopped."))
    }
  })
  worker.postMessage(options)
  return {
    result,
    cancel: () => {
      worker.terminate()
      settle(null)
    },
  }
}
