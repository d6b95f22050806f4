// Worker threads for `npm run report`: one per core (or --workers), each
// reading one file at a time; the largest files go first so the threads
// finish together.
import { availableParallelism } from "node:os"
import { fileURLToPath } from "node:url"
import { Worker } from "node:worker_threads"

import type { FleetJob, FleetJobResult } from "@/lib/fleet/jobs"

export interface Task {
  path: string
  size: number
}

type Reply = {
  id: number
  result?: FleetJobResult
  error?: string
  ready?: true
}

const WORKER = fileURLToPath(new URL("./worker.mjs", import.meta.url))

export class ThreadPool {
  private workers: Promise<Worker>[]

  constructor(size = availableParallelism()) {
    this.workers = Array.from(
      { length: Math.max(1, size) },
      () =>
        new Promise<Worker>((resolve, reject) => {
          const w = new Worker(WORKER)
          const onReady = (m: Reply) => {
            if (!m.ready) return
            w.off("message", onReady)
            resolve(w)
          }
          w.on("message", onReady)
          w.once("error", reject)
        })
    )
  }

  /** Runs `job` on every task; `done` gets each result (or error) as it arrives. */
  async run(
    tasks: readonly Task[],
    job: FleetJob,
    done: (index: number, r: FleetJobResult | { error: string }) => void
  ): Promise<void> {
    const order = tasks
      .map((_, i) => i)
      .sort((a, b) => tasks[b]!.size - tasks[a]!.size)
    let next = 0
    const drain = async (w: Worker) => {
      while (next < order.length) {
        const id = order[next++]!
        const reply = await new Promise<Reply>((resolve) => {
          const on = (m: Reply) => {
            if (m.id !== id) return
            w.off("message", on)
            resolve(m)
          }
          w.on("message", on)
          w.postMessage({ id, path: tasks[id]!.path, job })
        })
        done(id, reply.result ?? { error: reply.error ?? "the worker failed" })
      }
    }
    await Promise.all(this.workers.map(async (w) => drain(await w)))
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map(async (w) => (await w).terminate()))
  }
}
