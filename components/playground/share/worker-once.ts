"use client"

/**
 * Sends one message to a fresh Web Worker and resolves with its one reply,
 * then ends the worker. Where there is no Worker, or it cannot start or
 * fails, it resolves with `here()` (the same work on the main thread).
 * `start` builds the worker at the caller, so the bundler sees its
 * `new Worker(new URL("./x.worker.ts", import.meta.url))`.
 */
export function askWorkerOnce<Message, Reply>(
  start: () => Worker,
  message: Message,
  here: () => Promise<Reply>
): Promise<Reply> {
  if (typeof Worker === "undefined") return here()
  return new Promise((resolve) => {
    let worker: Worker
    try {
      worker = start()
    } catch {
      resolve(here())
      return
    }
    worker.onmessage = (event: MessageEvent<Reply>) => {
      worker.terminate()
      resolve(event.data)
    }
    worker.onerror = () => {
      worker.terminate()
      resolve(here())
    }
    worker.postMessage(message)
  })
}
