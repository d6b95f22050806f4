// Worker threads for `npm run report` (main.ts says how many), each
// reading one file at a time with the next one queued; the largest files
// go first so the threads finish together. A file that takes longer than
// the time limit has its thread ended and replaced, and comes back as an
// error with the reason.
import { availableParallelism } from "node:os"
import type { Worker } from "node:worker_threads"

import type { FleetJobResult } from "@/lib/fleet/jobs"

import { ByteLender } from "./file-bytes"
import { received } from "./packed-calls"
import { type EarlyThread, startThread, type ThreadSetup } from "./thread"
import type { WorkerJob, WorkerReply, WorkerRequest } from "./worker-job"

export interface Task {
  path: string
  size: number
}

type Outcome = FleetJobResult | { error: string }
export type Done = (index: number, r: Outcome) => void

/**
 * Files sent to a thread ahead of its answer: the next one is waiting in
 * its queue when it answers, so it never idles on the main thread's reply.
 */
const IN_FLIGHT = 2

/**
 * One thread's files in flight, answered in the order sent (the thread
 * reads one at a time). The file at the head has the time limit; when the
 * thread dies or is ended, the head gets the reason and the rest go back.
 */
class Lane {
  private readonly sent: number[] = []
  private readonly replies = new Map<number, Outcome>()
  private stopped: string | null = null
  private wake: () => void = () => {}

  constructor(
    private readonly w: Worker,
    private readonly lender: ByteLender | null
  ) {
    w.on("message", this.onMessage)
    w.once("exit", this.onExit)
  }

  private readonly onMessage = (m: WorkerReply) => {
    if (!("id" in m)) return
    if (m.bytes) this.lender?.giveBack(m.bytes)
    this.replies.set(
      m.id,
      "result" in m ? received(m.result) : { error: m.error }
    )
    this.wake()
  }

  private readonly onExit = () => {
    this.stopped ??= "its worker thread stopped (out of memory?)"
    this.wake()
  }

  get size(): number {
    return this.sent.length
  }

  /** Sends a file, read here first when the job reads it whole (the bytes are lent: file-bytes.ts). */
  send(id: number, path: string, job: WorkerJob): void {
    this.sent.push(id)
    const lent = job.kind === "bill" ? null : this.lender?.lend(path)
    const m: WorkerRequest = { id, path, job, lent }
    this.w.postMessage(m, lent ? [lent.bytes.buffer as ArrayBuffer] : [])
  }

  /** The first file's answer; `dead`: the thread stopped (or was ended at the time limit) before it. */
  head(timeoutMs: number): Promise<{ id: number; r: Outcome; dead: boolean }> {
    const id = this.sent[0]!
    return new Promise((resolve) => {
      const settle = () => {
        const r = this.replies.get(id)
        if (!r && this.stopped === null) return
        clearTimeout(timer)
        this.wake = () => {}
        this.replies.delete(id)
        this.sent.shift()
        resolve(
          r
            ? { id, r, dead: false }
            : { id, r: { error: this.stopped! }, dead: true }
        )
      }
      const timer = setTimeout(() => {
        this.stopped = `given up after ${timeoutMs / 1000} s (--file-timeout)`
        void this.w.terminate()
        settle()
      }, timeoutMs)
      this.wake = settle
      settle()
    })
  }

  /** The files sent and not begun, once the thread is gone. */
  abandon(): number[] {
    this.w.off("message", this.onMessage)
    this.w.off("exit", this.onExit)
    return this.sent.splice(0)
  }
}

export class ThreadPool {
  private readonly workers: Array<Promise<Worker>> = []

  /**
   * `bundle`: the folder of the built worker entry, worker.mjs (bundle.mjs);
   * `size` threads start now (none: the first as `run` needs it), `early`
   * among them when it was started with this setup (else it is ended).
   */
  constructor(
    private readonly bundle: string,
    size = availableParallelism(),
    private readonly timeoutMs = 60_000,
    private readonly setup: ThreadSetup = {},
    early?: EarlyThread
  ) {
    if (early?.setup === setup) this.workers.push(early.worker)
    else
      void early?.worker.then(
        (w) => w.terminate(),
        () => {}
      )
    if (size > 0) this.grow(size)
  }

  /** Starts threads until there are `size` (at least one). */
  grow(size: number): void {
    while (this.workers.length < Math.max(1, size))
      this.workers.push(this.start())
  }

  private start(): Promise<Worker> {
    return startThread(this.bundle, this.setup)
  }

  /** Runs `job` on every task; `done` gets each result (or error) as it arrives. */
  async run(tasks: readonly Task[], job: WorkerJob, done: Done): Promise<void> {
    if (tasks.length > 0) this.grow(1)
    const order = tasks
      .map((_, i) => i)
      .sort((a, b) => tasks[b]!.size - tasks[a]!.size)
    let next = 0
    // Files a thread had been sent but never began (it died first).
    const again: number[] = []
    const take = () => again.shift() ?? order[next++]
    const lender = new ByteLender()
    const drain = async (slot: number) => {
      let lane = new Lane(await this.workers[slot]!, lender)
      const fill = () => {
        for (let id; lane.size < IN_FLIGHT && (id = take()) !== undefined;)
          lane.send(id, tasks[id]!.path, job)
      }
      fill()
      while (lane.size > 0) {
        const { id, r, dead } = await lane.head(this.timeoutMs)
        if (dead) {
          again.push(...lane.abandon())
          this.workers[slot] = this.start()
          lane = new Lane(await this.workers[slot]!, lender)
        }
        done(id, r)
        fill()
      }
    }
    await Promise.all(this.workers.map((_, slot) => drain(slot)))
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map(async (w) => (await w).terminate()))
  }
}
