// Worker threads for `npm run report`: one per core (or --workers), each
// reading one file at a time; the largest files go first so the threads
// finish together. A file that takes longer than the time limit has its
// thread ended and replaced, and comes back as an error with the reason.
import { availableParallelism } from "node:os"
import { join } from "node:path"
import { Worker } from "node:worker_threads"

import type { FleetJobResult } from "@/lib/fleet/jobs"

import type { WorkerJob, WorkerReply } from "./worker-job"

export interface Task {
  path: string
  size: number
}

type Done = (index: number, r: FleetJobResult | { error: string }) => void

export class ThreadPool {
  private readonly workers: Array<Promise<Worker>>

  /**
   * `bundle`: the folder of the built worker entry, worker.mjs (bundle.mjs);
   * `youngMb`: each thread's young generation (a replay keeps a whole file's
   * entries: a larger one scavenges less often), default V8's.
   */
  constructor(
    private readonly bundle: string,
    size = availableParallelism(),
    private readonly timeoutMs = 60_000,
    private readonly youngMb?: number
  ) {
    this.workers = Array.from({ length: Math.max(1, size) }, () => this.start())
  }

  private start(): Promise<Worker> {
    return new Promise<Worker>((resolve, reject) => {
      const w = new Worker(
        join(this.bundle, "worker.mjs"),
        this.youngMb
          ? { resourceLimits: { maxYoungGenerationSizeMb: this.youngMb } }
          : {}
      )
      const onReady = (m: WorkerReply) => {
        if (!("ready" in m)) return
        w.off("message", onReady)
        // A thread that fails later (out of memory) exits: `ask` answers for its file.
        w.on("error", () => {})
        resolve(w)
      }
      w.on("message", onReady)
      w.once("error", reject)
    })
  }

  /** Runs `job` on one file in `w`: its reply, or an error once the time limit passed or the thread died. */
  private ask(w: Worker, id: number, path: string, job: WorkerJob) {
    return new Promise<FleetJobResult | { error: string; dead?: true }>(
      (resolve) => {
        const finish = (r: FleetJobResult | { error: string; dead?: true }) => {
          clearTimeout(timer)
          w.off("message", onMessage)
          w.off("exit", onExit)
          resolve(r)
        }
        const onMessage = (m: WorkerReply) => {
          if ("id" in m && m.id === id)
            finish("result" in m ? m.result : { error: m.error })
        }
        const onExit = () =>
          finish({
            error: "its worker thread stopped (out of memory?)",
            dead: true,
          })
        const timer = setTimeout(() => {
          void w.terminate()
          finish({
            error: `given up after ${this.timeoutMs / 1000} s (--file-timeout)`,
            dead: true,
          })
        }, this.timeoutMs)
        w.on("message", onMessage)
        w.once("exit", onExit)
        w.postMessage({ id, path, job })
      }
    )
  }

  /** Runs `job` on every task; `done` gets each result (or error) as it arrives. */
  async run(tasks: readonly Task[], job: WorkerJob, done: Done): Promise<void> {
    const order = tasks
      .map((_, i) => i)
      .sort((a, b) => tasks[b]!.size - tasks[a]!.size)
    let next = 0
    const drain = async (slot: number) => {
      let w = await this.workers[slot]!
      while (next < order.length) {
        const id = order[next++]!
        const r = await this.ask(w, id, tasks[id]!.path, job)
        if ("dead" in r) {
          this.workers[slot] = this.start()
          w = await this.workers[slot]!
        }
        done(id, "dead" in r ? { error: r.error } : r)
      }
    }
    await Promise.all(this.workers.map((_, slot) => drain(slot)))
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map(async (w) => (await w).terminate()))
  }
}
