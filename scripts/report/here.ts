// A replay on the command's own thread, when one thread is all it would
// get (two cores or fewer, no --workers): there a worker thread cost more
// than it saved — its own start (Node's bootstrap, again, before the first
// file), the copy of every answer and its heap's teardown at exit. With
// the files read ahead by a thread of their own (read-ahead.ts) the report
// ran 5–6 % faster on the bench's 332 MB folder, paired against the worker
// thread (lib/fleet/README.md). What the worker guarded against is kept:
// - a file that runs past the time limit is cut short (node:vm's timeout)
//   and handed, with every file after it, to worker threads: it gets its
//   whole time limit there, and nothing a cut-short replay may have left
//   half-done on this thread is used again;
// - a file over HERE_MAX_BYTES goes to a worker thread from the start, so
//   running out of memory on it ends a thread, not the command.
import { Script } from "node:vm"
import type { Worker } from "node:worker_threads"

import type { FleetJob, FleetJobResult } from "@/lib/fleet/jobs"

import { ByteLender, type Lent } from "./file-bytes"
import type { Done, Task, ThreadPool } from "./pool"
import { ReadAhead } from "./read-ahead"
import {
  reason,
  replayFile,
  type ReplayModules,
  replayModules,
} from "./worker-job"

/** Largest file replayed here (a larger one goes to a worker thread). */
export const HERE_MAX_BYTES = 16 * 1024 * 1024

// The files of one turn run in a script, so that its time limit can
// end them (a timeout ends a script, not a function call).
const TURN = Symbol.for("claude-sessions-report.turn")
const turnScript = new Script(
  `globalThis[Symbol.for("claude-sessions-report.turn")]()`
)

type Outcome = FleetJobResult | { error: string }

export interface HereOptions {
  reader?: Promise<Worker> | null
  replay?: Replay
}

/** What a file's replay does (replayFile; a test's stand-in). */
export type Replay = (
  m: ReplayModules,
  path: string,
  job: FleetJob,
  lent: Lent | null
) => FleetJobResult

/** The replays of one command on its own thread, with the pool behind them. */
export class ReplayHere {
  /** A file was cut short here: from then on every file goes to the pool. */
  private cut = false

  private reader: Promise<Worker> | null

  /** `reader`: a thread to read the files ahead (read-ahead.ts; for one run); `replay`: a test's stand-in. */
  constructor(
    private readonly pool: Pick<ThreadPool, "run">,
    private readonly timeoutMs: number,
    { reader = null, replay = replayFile }: HereOptions = {}
  ) {
    this.reader = reader
    this.replay = replay
  }

  private readonly replay: Replay

  /**
   * Runs `job` on every task, here, in turns of at most a quarter second
   * (between them the event loop runs: progress, the pool's answers); the
   * file a turn's time limit cuts short, and all after it, go to the pool.
   */
  async run(tasks: readonly Task[], job: FleetJob, done: Done): Promise<void> {
    const all = tasks.map((_, i) => i).sort(bySize(tasks))
    if (this.cut) return sendTo(this.pool, tasks, all, job, done)
    // The largest first: the first buffer read serves every later file.
    const here = all.filter((i) => tasks[i]!.size <= HERE_MAX_BYTES)
    const big = all.filter((i) => tasks[i]!.size > HERE_MAX_BYTES)
    const elsewhere = [sendTo(this.pool, tasks, big, job, done)]
    if (here.length === 0) {
      this.endReader()
      await Promise.all(elsewhere)
      return
    }
    // The engine's modules load while the reader starts and reads the first files.
    const [ahead, m] = await Promise.all([
      this.readAhead(here.map((i) => tasks[i]!)),
      replayModules(),
    ])
    const lender = new ByteLender()
    const answer = (i: number): Outcome => {
      const read = ahead?.take() ?? null
      const lent = read ?? lender.lend(tasks[i]!.path)
      try {
        return this.replay(m, tasks[i]!.path, job, lent)
      } catch (e) {
        return { error: reason(e) }
      } finally {
        ahead?.done()
        if (lent && !read) lender.giveBack(lent.bytes.buffer as ArrayBuffer)
      }
    }
    const rest = await this.turns(here, answer, done).finally(() =>
      ahead?.stop()
    )
    if (rest.length > 0) {
      this.cut = true
      elsewhere.push(sendTo(this.pool, tasks, rest, job, done))
    }
    await Promise.all(elsewhere)
  }

  /** The reader's read-ahead of `files`, in order (null: none, the replay reads each file). */
  private async readAhead(files: Task[]): Promise<ReadAhead | null> {
    const reader = await this.reader?.catch(() => null)
    this.reader = null
    if (!reader) return null
    const capacity = Math.max(...files.map((f) => f.size))
    return ReadAhead.start(
      reader,
      files.map((f) => f.path),
      capacity
    )
  }

  /** The reader is not needed: its thread ends once it has started. */
  private endReader(): void {
    void this.reader?.then((w) => w.terminate()).catch(() => {})
    this.reader = null
  }

  /** Answers `ids` in turns; the ids a time limit left unanswered. */
  private async turns(
    ids: number[],
    answer: (i: number) => Outcome,
    done: Done
  ): Promise<number[]> {
    const turn = Math.min(this.timeoutMs / 2, 250)
    // A file's answer counts once it is in `answered` (a cut can fall anywhere).
    const answered: Array<[number, Outcome]> = []
    let begun = 0
    const g = globalThis as unknown as Record<symbol, () => void>
    g[TURN] = () => {
      const start = performance.now()
      for (let k; (k = begun + answered.length) < ids.length;) {
        answered.push([ids[k]!, answer(ids[k]!)])
        if (performance.now() - start >= turn) break
      }
    }
    const settle = () => {
      begun += answered.length
      for (const [i, r] of answered.splice(0)) done(i, r)
    }
    try {
      while (begun < ids.length) {
        turnScript.runInThisContext({ timeout: this.timeoutMs })
        settle()
        await new Promise((r) => setImmediate(r))
      }
      return []
    } catch (e) {
      if ((e as { code?: unknown }).code !== "ERR_SCRIPT_EXECUTION_TIMEOUT")
        throw e
      settle()
      return ids.slice(begun)
    } finally {
      delete g[TURN]
    }
  }
}

const bySize = (tasks: readonly Task[]) => (a: number, b: number) =>
  tasks[b]!.size - tasks[a]!.size

/** The tasks `ids` on the pool's threads, answered under their own indices. */
function sendTo(
  pool: Pick<ThreadPool, "run">,
  tasks: readonly Task[],
  ids: number[],
  job: FleetJob,
  done: Done
): Promise<void> {
  if (ids.length === 0) return Promise.resolve()
  return pool.run(
    ids.map((i) => tasks[i]!),
    job,
    (k, r) => done(ids[k]!, r)
  )
}
