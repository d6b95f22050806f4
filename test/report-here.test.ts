// A replay on the report's own thread (scripts/report/here.ts): each file
// gets the page's numbers, a file too large to risk here goes to a worker
// thread, and a file past the time limit is cut short and handed, with
// every file after it, to the worker threads (and so is every later file).
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

import { afterAll, describe, expect, it } from "vitest"

import { analyseLog } from "@/lib/fleet/analyse"
import type { FleetJob, FleetJobResult } from "@/lib/fleet/jobs"

import { HERE_MAX_BYTES, type Replay, ReplayHere } from "../scripts/report/here"
import type { Done, Task } from "../scripts/report/pool"
import { replayFile } from "../scripts/report/worker-job"

const tmp = mkdtempSync(join(tmpdir(), "cep-report-here-"))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const job: FleetJob = { kind: "analyse", edits: null, options: {} }

/** A stand-in for the worker threads: answers each file it is sent with its path. */
function threads() {
  const sent: string[] = []
  return {
    sent,
    run: async (tasks: readonly Task[], _job: unknown, done: Done) => {
      for (const [k, t] of tasks.entries()) {
        sent.push(t.path)
        done(k, { error: `a thread: ${t.path}` })
      }
    },
  }
}

async function answers(here: ReplayHere, tasks: Task[]) {
  const got = new Map<string, Array<FleetJobResult | { error: string }>>()
  const done: Done = (i, r) =>
    got.set(tasks[i]!.path, [...(got.get(tasks[i]!.path) ?? []), r])
  await here.run(tasks, job, done)
  return got
}

const LOGS = [
  "sonnet4-cold-22-calls.jsonl",
  "opus45-warmup-uncached.jsonl",
  "haiku45-webfetch-subagent-prefix.jsonl",
  "sonnet4-viewer-20-calls.jsonl",
]

describe("a replay on the report's own thread", () => {
  it("gives each file the page's numbers, every file once", async () => {
    const tasks = LOGS.map((name) => {
      const path = join(tmp, name)
      copyFileSync(join("test/real/claude-code", name), path)
      return { path, size: readFileSync(path).length }
    })
    const pool = threads()
    const got = await answers(new ReplayHere(pool, 60_000), tasks)
    expect(pool.sent).toEqual([])
    for (const t of tasks) {
      const page = analyseLog(readFileSync(t.path, "utf8"), null)
      expect(page.requests).toBeGreaterThan(0)
      expect(got.get(t.path)).toEqual([{ kind: "analyse", analysis: page }])
    }
  })

  it("sends a file over its size limit to a worker thread", async () => {
    const small = join(tmp, LOGS[0]!)
    copyFileSync(join("test/real/claude-code", LOGS[0]!), small)
    const big = join(tmp, "big.jsonl")
    writeFileSync(big, "")
    const pool = threads()
    const got = await answers(new ReplayHere(pool, 60_000), [
      { path: big, size: HERE_MAX_BYTES + 1 },
      { path: small, size: readFileSync(small).length },
    ])
    expect(pool.sent).toEqual([big])
    expect(got.get(big)).toEqual([{ error: `a thread: ${big}` }])
    expect(got.get(small)).toEqual([
      expect.objectContaining({ kind: "analyse" }),
    ])
  })

  it("cuts a file short at the time limit and hands it and the rest to the worker threads, from then on", async () => {
    const paths = ["first", "hang", "after", "last"].map((n) => {
      const path = join(tmp, n)
      writeFileSync(path, n)
      return path
    })
    // The largest first: the sizes set the order.
    const tasks = paths.map((path, i) => ({ path, size: 10 - i }))
    const replay: Replay = (m, path, j, lent) => {
      if (path.endsWith("hang")) for (;;);
      return replayFile(m, path, j, lent)
    }
    const pool = threads()
    const here = new ReplayHere(pool, 400, { replay })
    const started = performance.now()
    const got = await answers(here, tasks)
    expect(performance.now() - started).toBeLessThan(5_000)
    const [first, hang, after, last] = paths as [string, string, string, string]
    expect(got.get(first)).toEqual([
      expect.objectContaining({ kind: "analyse" }),
    ])
    expect(pool.sent).toEqual([hang, after, last])
    for (const p of [hang, after, last])
      expect(got.get(p)).toEqual([{ error: `a thread: ${p}` }])

    // Nothing runs here again: the thread's state may be half-done.
    const again = await answers(here, [{ path: first, size: 1 }])
    expect(again.get(first)).toEqual([{ error: `a thread: ${first}` }])
  })
})
