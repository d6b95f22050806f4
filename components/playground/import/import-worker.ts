"use client"

import { checkImport, type ImportAsk, type ImportVerdict } from "./import-check"

/** One import worker for the Import dialog's lifetime (a Cancel replaces it). */
export interface ImportChecker {
  /** Checks an input (text or a file, with a pick); the answer comes to `onVerdict`. */
  ask(input: Omit<ImportAsk, "seq">): number
  /** Stops the work in progress (the worker is replaced). */
  cancel(): void
  dispose(): void
}

function startWorker(): Worker | null {
  if (typeof Worker === "undefined") return null
  try {
    return new Worker(new URL("./import.worker.ts", import.meta.url), {
      type: "module",
    })
  } catch {
    return null
  }
}

/**
 * Runs imports in a Web Worker. Answers to an older ask are dropped (the
 * user typed or pasted again meanwhile). Without Worker support the check
 * runs here, after a tick.
 */
export function createImportChecker(
  onVerdict: (verdict: ImportVerdict) => void
): ImportChecker {
  let seq = 0
  let worker: Worker | null = null
  const listen = (w: Worker) => {
    w.onmessage = (event: MessageEvent<ImportVerdict>) => {
      if (event.data.seq === seq) onVerdict(event.data)
    }
  }
  const ensure = () => {
    if (!worker) {
      worker = startWorker()
      if (worker) listen(worker)
    }
    return worker
  }
  return {
    ask(input) {
      const ask: ImportAsk = { ...input, seq: ++seq }
      const w = ensure()
      if (w) w.postMessage(ask)
      else {
        const text = input.file
          ? input.file.text()
          : Promise.resolve(input.text ?? "")
        void text.then((t) => {
          if (ask.seq === seq) onVerdict(checkImport(ask.seq, t, input.pick))
        })
      }
      return ask.seq
    },
    cancel() {
      seq++
      worker?.terminate()
      worker = null
    },
    dispose() {
      seq++
      worker?.terminate()
      worker = null
    },
  }
}
