// The report's worker threads (scripts/report/pool.ts) with each thread
// holding its next file ahead: every file still gets exactly one answer,
// its own, when a thread hangs past the time limit or dies while another
// file waits in its queue. The threads here run a stand-in job that
// answers at once, hangs or exits, by the file's name.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

import { afterAll, describe, expect, it } from "vitest"

import { ThreadPool } from "../scripts/report/pool"
import { startThread, type ThreadSetup } from "../scripts/report/thread"
import type { WorkerJob } from "../scripts/report/worker-job"

const bundle = mkdtempSync(join(tmpdir(), "cep-report-pool-"))
afterAll(() => rmSync(bundle, { recursive: true, force: true }))

// The pool's protocol (worker-job.ts): { ready } first, then one reply per
// file, in the order sent.
writeFileSync(
  join(bundle, "worker.mjs"),
  `import { parentPort, threadId } from "node:worker_threads"
parentPort.on("message", ({ id, path, lent }) => {
  if (path.startsWith("hang")) for (;;) {}
  if (path.startsWith("exit")) process.exit(1)
  const text = lent ? Buffer.from(lent.bytes).toString("utf8") : null
  parentPort.postMessage({ id, result: { kind: "read", path, thread: threadId, text } })
})
parentPort.postMessage({ ready: true })
`
)

async function answers(
  paths: string[],
  threads: number,
  pool = new ThreadPool(bundle, threads, 400),
  job: WorkerJob = { kind: "bill" }
) {
  const got = new Map<string, unknown[]>()
  try {
    await pool.run(
      paths.map((path, i) => ({ path, size: paths.length - i })),
      job,
      (i, r) => got.set(paths[i]!, [...(got.get(paths[i]!) ?? []), r])
    )
  } finally {
    await pool.close()
  }
  return got
}

describe("the report's thread pool", () => {
  it("answers every file once, with its own answer", async () => {
    const paths = Array.from({ length: 40 }, (_, i) => `file-${i}`)
    const got = await answers(paths, 2)
    expect([...got.keys()].sort()).toEqual([...paths].sort())
    for (const p of paths)
      expect(got.get(p)).toEqual([expect.objectContaining({ path: p })])
  })

  it("gives up a file past the time limit and still answers the file queued behind it", async () => {
    // One thread: "after" is in its queue when "hang" starts.
    const got = await answers(["first", "hang", "after", "last"], 1)
    expect(got.get("hang")).toEqual([
      { error: "given up after 0.4 s (--file-timeout)" },
    ])
    for (const p of ["first", "after", "last"])
      expect(got.get(p)).toEqual([expect.objectContaining({ path: p })])
  })

  it("says a thread stopped for the file it died on, and reads the rest on a new one", async () => {
    const got = await answers(["exit", "after", "exit-again", "last"], 1)
    const stopped = [{ error: "its worker thread stopped (out of memory?)" }]
    expect(got.get("exit")).toEqual(stopped)
    expect(got.get("exit-again")).toEqual(stopped)
    for (const p of ["after", "last"])
      expect(got.get(p)).toEqual([expect.objectContaining({ path: p })])
  })

  it("adopts the thread started ahead when the pool wants its setup, and ends it when not", async () => {
    const setup: ThreadSetup = { engine: false }
    const ahead = { setup, worker: startThread(bundle, setup) }
    const adopted = (await ahead.worker).threadId
    const got = await answers(
      ["a", "b"],
      1,
      new ThreadPool(bundle, 1, 400, setup, ahead)
    )
    for (const p of ["a", "b"])
      expect(got.get(p)).toEqual([
        expect.objectContaining({ path: p, thread: adopted }),
      ])

    const other = { setup: { engine: false }, worker: startThread(bundle, {}) }
    const unwanted = await other.worker
    const ended = new Promise((done) => unwanted.once("exit", done))
    const again = await answers(
      ["c"],
      1,
      new ThreadPool(bundle, 1, 400, setup, other)
    )
    await ended
    expect(again.get("c")).toEqual([
      expect.not.objectContaining({ thread: unwanted.threadId }),
    ])
  })

  it("hands a replay's thread each file read ahead, the bill's none (it streams its own)", async () => {
    const logs = Array.from({ length: 6 }, (_, i) => {
      const path = join(bundle, `log-${i}.jsonl`)
      writeFileSync(path, `{"type":"user","n":${i}}\n`.repeat(i * 100))
      return path
    })
    const replay: WorkerJob = { kind: "analyse", edits: null, options: {} }
    const read = await answers(logs, 1, undefined, replay)
    for (const [i, path] of logs.entries())
      expect(read.get(path)).toEqual([
        expect.objectContaining({
          text: `{"type":"user","n":${i}}\n`.repeat(i * 100),
        }),
      ])
    const billed = await answers(logs, 1)
    for (const path of logs)
      expect(billed.get(path)).toEqual([
        expect.objectContaining({ text: null }),
      ])
  })
})
