"use client"

import type { FleetJob, FleetJobResult } from "@/lib/fleet/jobs"
import type { ImportedRequest, RealUsage } from "@/lib/import/types"

import type { FleetWorkerRequest } from "./fleet.worker"

type Reply = {
  id: number
  /** The file's size (learnt in the worker), the time it took to read it, and to run the job on it. */
  size?: number
  readMs?: number
  workMs?: number
  result?: FleetJobResult
  open?: { request: ImportedRequest; realUsage: RealUsage[] }
  error?: string
}

/**
 * The files' sizes, read in a worker. Even handing a picked File to a
 * worker stats it on the page's thread (about 1 ms a file), so they go 20
 * at a time, each batch its own short task.
 */
async function fileSizes(files: readonly File[]): Promise<number[]> {
  const w = new Worker(new URL("./sizes.worker.ts", import.meta.url), {
    type: "module",
  })
  const out: number[] = []
  try {
    for (let i = 0; i < files.length; i += 20) {
      const batch = files.slice(i, i + 20)
      out.push(
        ...(await new Promise<number[]>((resolve) => {
          w.onmessage = (e: MessageEvent<number[]>) => resolve(e.data)
          w.postMessage(batch)
        }))
      )
    }
  } finally {
    w.terminate()
  }
  return out
}

/** A small pool sized to the machine: the page's own thread stays free for the UI. */
export const poolSize = () =>
  Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2))

/**
 * Web Workers that read and analyse log files one at a time each, largest
 * first (so they finish together). `stop()` ends every worker at once:
 * Cancel takes effect mid-file.
 */
export class FleetPool {
  private workers: Worker[] = []
  private seq = 0
  /** Rejects every pending question (stop). */
  private pending = new Set<(e: Error) => void>()

  constructor(private size = poolSize()) {}

  private spawn(): Worker {
    return new Worker(new URL("./fleet.worker.ts", import.meta.url), {
      type: "module",
    })
  }

  private ask(w: Worker, msg: FleetWorkerRequest): Promise<Reply> {
    return new Promise((resolve, reject) => {
      this.pending.add(reject)
      const onMessage = (e: MessageEvent<Reply>) => {
        if (e.data.id !== msg.id) return
        w.removeEventListener("message", onMessage)
        this.pending.delete(reject)
        resolve(e.data)
      }
      w.addEventListener("message", onMessage)
      w.onerror = (e) =>
        resolve({ id: msg.id, error: e.message || "the worker failed" })
      w.postMessage(msg)
    })
  }

  /**
   * Runs `job` on every file; `done` gets each result as it arrives. Starts
   * in the given order at once; when the sizes are known (`onSizes`, read
   * in a worker of their own), the rest goes largest first so the workers
   * finish together.
   */
  async run(
    files: readonly File[],
    job: FleetJob,
    done: (
      index: number,
      r: FleetJobResult | { error: string },
      ms: { size: number; read: number; work: number }
    ) => void,
    onSizes?: (sizes: number[]) => void,
    known?: number[]
  ): Promise<void> {
    while (this.workers.length < this.size) this.workers.push(this.spawn())
    const queue = files.map((_, i) => i)
    let next = 0
    void (known ? Promise.resolve(known) : fileSizes(files)).then((sizes) => {
      const rest = queue.splice(next).sort((a, b) => sizes[b]! - sizes[a]!)
      queue.push(...rest)
      onSizes?.(sizes)
    })
    const drain = async (w: Worker) => {
      while (next < queue.length) {
        const i = queue[next++]!
        const id = ++this.seq
        const r = await this.ask(w, { kind: "job", id, file: files[i]!, job })
        done(i, r.result ?? { error: r.error ?? "the worker failed" }, {
          size: r.size ?? 0,
          read: r.readMs ?? 0,
          work: r.workMs ?? 0,
        })
      }
    }
    await Promise.all(this.workers.map(drain))
  }

  /** Imports one log in a worker, for the playground. */
  async open(file: File) {
    const w = this.workers[0] ?? this.spawn()
    if (!this.workers[0]) this.workers.push(w)
    const r = await this.ask(w, { kind: "open", id: ++this.seq, file })
    if (!r.open) throw new Error(r.error ?? "the worker failed")
    return r.open
  }

  stop(): void {
    for (const w of this.workers) w.terminate()
    this.workers = []
    for (const reject of this.pending) reject(new Error("cancelled"))
    this.pending.clear()
  }
}
