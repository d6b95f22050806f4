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

const bundle = mkdtempSync(join(tmpdir(), "cep-report-pool-"))
afterAll(() => rmSync(bundle, { recursive: true, force: true }))

// The pool's protocol (worker-job.ts): { ready } first, then one reply per
// file, in the order sent.
writeFileSync(
  join(bundle, "worker.mjs"),
  `import { parentPort } from "node:worker_threads"
parentPort.on("message", ({ id, path }) => {
  if (path.startsWith("hang")) for (;;) {}
  if (path.startsWith("exit")) process.exit(1)
  parentPort.postMessage({ id, result: { kind: "read", path, thread: process.pid } })
})
parentPort.postMessage({ ready: true })
`
)

async function answers(paths: string[], threads: number) {
  const pool = new ThreadPool(bundle, threads, 400)
  const got = new Map<string, unknown[]>()
  try {
    await pool.run(
      paths.map((path, i) => ({ path, size: paths.length - i })),
      { kind: "bill" },
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
})
