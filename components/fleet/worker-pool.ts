"use client"

import type { FleetJob, FleetJobResult } from "@/lib/fleet/jobs"
import type { ImportedRequest, RealUsage } from "@/lib/import/types"

import type { FleetWorkerRequest } from "./fleet.worker"

type Reply = {
  id: number
  result?: FleetJobResult
  open?: { request: ImportedRequest; realUsage: RealUsage[] }
  error?: string
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

  /** Runs `job` on every file; `done` gets each result as it arrives. */
  async run(
    files: readonly File[],
    job: FleetJob,
    done: (index: number, r: FleetJobResult | { error: string }) => void
  ): Promise<void> {
    while (this.workers.length < this.size) this.workers.push(this.spawn())
    const order = files
      .map((_, i) => i)
      .sort((a, b) => files[b]!.size - files[a]!.size)
    let next = 0
    const drain = async (w: Worker) => {
      while (next < order.length) {
        const i = order[next++]!
        const id = ++this.seq
        const r = await this.ask(w, { kind: "job", id, file: files[i]!, job })
        done(i, r.result ?? { error: r.error ?? "the worker failed" })
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
