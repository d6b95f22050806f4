"use client"

import type { SimulateOptions } from "@/lib/context-editing"
import { analyseLog, type FileAnalysis } from "@/lib/fleet/analyse"
import type { FleetEdits } from "@/lib/fleet/config"
import type { FleetJob, FleetJobResult } from "@/lib/fleet/jobs"
import { classifyPath } from "@/lib/fleet/layout"
import { buildReportInSlices, type FileResult } from "@/lib/fleet/report"
import { fleetSpace, tuneFleet } from "@/lib/fleet/tune"
import type { FileScores } from "@/lib/fleet/tune-eval"

import { fleetSignal } from "./fleet-signal"
import { fleetStore, type Progress } from "./fleet-store"
import { FleetPool } from "./worker-pool"
import type { FleetFile } from "./read-folder"

let pool: FleetPool | null = null
let generation = 0
/** Bumped when the analysis shown is put aside: a run of an older one writes nothing more. */
let runs = 0
/** The files' sizes once a pass learnt them (later passes need not ask again). */
const sizesOf = new WeakMap<FleetFile[], number[]>()

const nextTask = () => new Promise<void>((r) => setTimeout(r, 0))

/** Stops whatever the workers are doing (Cancel). */
export function stopWorkers(): void {
  generation++
  pool?.stop()
  pool = null
}

// Sizes come from the workers: reading File.size here would stat every
// picked file on the page's thread.
const freshProgress = (files: FleetFile[]): Progress => ({
  files: files.length,
  filesDone: 0,
  bytes: 0,
  bytesDone: 0,
  sessions: 0,
  readMs: 0,
  workMs: 0,
  startedAt: performance.now(),
  now: performance.now(),
  endedAt: null,
})

/**
 * One pass of `job` over every file, in the pool, with live progress
 * (published at most every 100 ms: the page's thread stays free). Rejects
 * with "cancelled" when stopped.
 */
async function pass(
  files: FleetFile[],
  job: FleetJob,
  onProgress: (p: Progress) => void,
  onResult: (i: number, r: FleetJobResult | { error: string }) => void
): Promise<Progress> {
  const mine = generation
  pool ??= new FleetPool()
  const p = freshProgress(files)
  let last = 0
  await pool.run(
    files.map((f) => f.file),
    job,
    (i, r, ms) => {
      if (mine !== generation) return
      p.filesDone++
      p.readMs += ms.read
      p.workMs += ms.work
      p.bytesDone += ms.size
      if (classifyPath(files[i]!.path)?.kind === "session") p.sessions++
      onResult(i, r)
      const now = performance.now()
      if (now - last > 100 || p.filesDone === p.files) {
        last = now
        onProgress({ ...p, now })
      }
    },
    (sizes) => {
      p.bytes = sizes.reduce((a, b) => a + b, 0)
      sizesOf.set(files, sizes)
    },
    sizesOf.get(files)
  )
  if (mine !== generation) throw new Error("cancelled")
  const end = performance.now()
  return { ...p, now: end, endedAt: end }
}

/** Reads and analyses every file with the form's config; the report when done. */
export async function analyseFolder(
  files: FleetFile[],
  edits: FleetEdits,
  assumptions: SimulateOptions["assumptions"],
  { keepTune = false } = {}
): Promise<void> {
  stopWorkers()
  const mine = ++runs
  const results: Array<FileResult | undefined> = new Array(files.length)
  const { tune } = fleetStore.get()
  fleetStore.set({
    files,
    status: "reading",
    error: null,
    results,
    report: null,
    config: { edits, assumptions },
    tune: keepTune && tune.status === "done" ? tune : { status: "idle" },
    shared: null,
    progress: freshProgress(files),
  })
  const job: FleetJob = { kind: "analyse", edits, options: { assumptions } }
  try {
    // The page shows that it started before the workers are set up.
    await nextTask()
    const progress = await pass(
      files,
      job,
      (progress) => fleetStore.set({ progress }),
      (i, r) => {
        const path = files[i]!.path
        if ("error" in r) results[i] = { path, analysis: unreadable(r.error) }
        else if (r.kind === "analyse")
          results[i] = { path, analysis: r.analysis }
      }
    )
    const report = await reportOf(results)
    if (mine !== runs) return
    fleetStore.set({ progress, status: "done", report })
    fleetSignal.set({ hasReport: true })
  } catch (e) {
    const cancelled = (e as Error).message === "cancelled"
    const report = await reportOf(results)
    if (mine !== runs) return
    fleetStore.set({
      status: cancelled ? "cancelled" : "error",
      error: cancelled ? null : (e as Error).message,
      // What was read before Cancel still makes a report of those files.
      report,
    })
  }
}

/**
 * Before another folder (or a summary link) is read: the analysis shown
 * is kept, never replaced (issue 51, item 5). One still being read or
 * tuned stops as Cancel would, with a report of the files read so far.
 */
export async function keepShown(): Promise<void> {
  const s = fleetStore.get()
  const reading = s.status === "reading" || s.status === "listing"
  if (reading || s.tune.status === "running") {
    stopWorkers()
    runs++
    fleetStore.set({
      ...(reading
        ? { status: "cancelled", report: await reportOf(s.results) }
        : {}),
      ...(s.tune.status === "running" ? { tune: { status: "cancelled" } } : {}),
    })
  }
  fleetStore.keepShown("")
}

const nothing = (n: number): FileScores => ({
  cost: new Float64Array(n),
  peak: new Float64Array(n),
  over: new Uint8Array(n),
  infeasible: new Uint8Array(n),
  fast: false,
})

/** A file the worker could not read (moved, deleted, unreadable), in the report's terms. */
function unreadable(error: string): FileAnalysis {
  return {
    ...analyseLog("", null),
    noCalls: `could not be read by this browser (moved or deleted since it was picked?): ${error}`,
  }
}

/** The report of the files read, built in slices of the page's thread. */
async function reportOf(results: Array<FileResult | undefined>) {
  const done = results.filter((r): r is FileResult => r !== undefined)
  const t0 = performance.now()
  const report =
    done.length > 0 ? await buildReportInSlices(done, nextTask) : null
  performance.measure("fleet: build the report", { start: t0 })
  return report
}

/** Tune across sessions: rounds of candidate configs, each a pass in the pool. */
export async function tuneFolder(): Promise<void> {
  const mine = runs
  const { files, results, config } = fleetStore.get()
  const analyses = results
    .filter((r): r is FileResult => r !== undefined)
    .map((r) => r.analysis as FileAnalysis)
  const options = { assumptions: config?.assumptions }
  // The analysis' workers are warm (their engine code compiled): keep them.
  if (fleetStore.get().status === "reading") stopWorkers()
  try {
    const result = await tuneFleet(
      fleetSpace(analyses),
      async (configs, round) => {
        const scores: FileScores[] = new Array(files.length)
        await pass(
          files,
          { kind: "tune", configs, options },
          (progress) =>
            fleetStore.set({
              tune: {
                status: "running",
                round,
                configs: configs.length,
                progress,
              },
            }),
          (i, r) => {
            // A file that cannot be read counts for nothing, as in the analysis.
            scores[i] =
              "error" in r || r.kind !== "tune"
                ? nothing(configs.length)
                : r.scores
          }
        )
        return scores
      }
    )
    if (mine === runs) fleetStore.set({ tune: { status: "done", result } })
  } catch (e) {
    const cancelled = (e as Error).message === "cancelled"
    if (mine !== runs) return
    fleetStore.set({
      tune: cancelled
        ? { status: "cancelled" }
        : { status: "error", message: (e as Error).message },
    })
  }
}

/** Imports one session's log in a worker of its own (the pool may be busy). */
export async function openSession(file: File) {
  const one = new FleetPool(1)
  try {
    return await one.open(file)
  } finally {
    one.stop()
  }
}
