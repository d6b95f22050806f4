// How a worker thread of `npm run report` starts (pool.ts starts them),
// and the first one, started by scripts/report.mjs before the command's
// own modules load: its engine loads while the main thread reads the
// arguments and lists the files, and the pool adopts it.
import { availableParallelism } from "node:os"
import { join } from "node:path"
import { Worker } from "node:worker_threads"

import type { WorkerReply } from "./worker-job"

/** How each thread starts. */
export interface ThreadSetup {
  /** Each thread's young generation (a replay keeps a whole file's entries: a larger one scavenges less often), default V8's. */
  youngMb?: number
  /** The job will replay: each thread loads the engine as it starts. */
  engine?: boolean
  /** The thread reads files ahead for a replay here (read-ahead.ts), nothing else. */
  reader?: boolean
}

/** A replay's threads. */
export const REPLAY_THREAD: ThreadSetup = Object.freeze({
  youngMb: 64,
  engine: true,
})

/** The bill's threads (`--no-replay`). */
export const BILL_THREAD: ThreadSetup = Object.freeze({})

/** The thread that reads ahead for a replay here. */
export const READER_THREAD: ThreadSetup = Object.freeze({ reader: true })

/** A thread started ahead, with the setup it was started with. */
export interface EarlyThread {
  setup: ThreadSetup
  worker: Promise<Worker>
}

/** A thread of the bundle in `bundle` (its worker.mjs), resolved once it says it is ready. */
export function startThread(
  bundle: string,
  setup: ThreadSetup
): Promise<Worker> {
  return new Promise<Worker>((resolve, reject) => {
    const { youngMb, engine = false, reader = false } = setup
    const w = new Worker(join(bundle, reader ? "reader.mjs" : "worker.mjs"), {
      workerData: { engine },
      ...(youngMb
        ? { resourceLimits: { maxYoungGenerationSizeMb: youngMb } }
        : {}),
    })
    const onReady = (m: WorkerReply) => {
      if (!("ready" in m)) return
      w.off("message", onReady)
      // A thread that fails later (out of memory) exits: the pool answers for its file.
      w.on("error", () => {})
      resolve(w)
    }
    w.on("message", onReady)
    w.once("error", reject)
  })
}

/**
 * Whether a replay runs on the command's own thread (here.ts): one thread
 * is all it would get (two cores or fewer; main.ts's defaultThreads) and
 * no number of threads was asked for (`workers`: --workers, or null).
 */
export const replaysHere = (workers: number | null): boolean =>
  workers === null && availableParallelism() <= 2

/**
 * The first thread, started before the arguments are parsed: the setup
 * they will most likely ask for: the bill's with `--no-replay`, the reader
 * when the replay runs here and no tuner follows (here.ts), else a
 * replay's. The pool adopts a bill's or a replay's when the setup is right
 * and ends it otherwise; when nothing adopts it (--help, a bad argument)
 * the process ends it as it exits (scripts/report.mjs).
 */
export function startEarly(
  bundle: string,
  argv: readonly string[]
): EarlyThread {
  const bill = argv.includes("--no-replay")
  const asked = argv.some(
    (a) => a === "--workers" || a.startsWith("--workers=")
  )
  const here =
    !bill && argv.includes("--no-tune") && replaysHere(asked ? 1 : null)
  const setup = bill ? BILL_THREAD : here ? READER_THREAD : REPLAY_THREAD
  const worker = startThread(bundle, setup)
  // A thread that fails to start fails the pool that adopts it (or nothing).
  worker.catch(() => {})
  return { setup, worker }
}
