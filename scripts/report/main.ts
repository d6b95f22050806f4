// `npm run report -- [dir]`: every Claude Code log of a folder, read in
// worker threads with the page's engine (lib/fleet): what was paid, what the
// given config would have cost, and the config that would have cost least.
// stdout holds the report alone (with --json, one JSON document); progress
// and notes go to stderr. With --no-replay, the bill alone, streamed.
import { existsSync, readdirSync, statSync } from "node:fs"
import { open } from "node:fs/promises"
import { availableParallelism, homedir } from "node:os"
import { join, relative, resolve } from "node:path"

import type { FileAnalysis } from "@/lib/fleet/analyse"
import {
  parseReportArgs,
  REPORT_USAGE,
  type ReportArgs,
} from "@/lib/fleet/cli-args"
import { configLabel, type FleetEdits } from "@/lib/fleet/config"
import { withinDays } from "@/lib/fleet/date-range"
import { classifyPath } from "@/lib/fleet/layout"
import { logFolders } from "@/lib/fleet/log-folders"
import { printableJson, printableLines } from "@/lib/fleet/printable"
import { buildReport, type FileResult } from "@/lib/fleet/report"
import { billJson, reportJson } from "@/lib/fleet/report-json"
import { type FailedFile, textReport } from "@/lib/fleet/text-report"
import { EXAMPLE_FOLDER_LABEL } from "@/lib/generate/claude-code-log/example"
import type { SimulateOptions } from "@/lib/context-editing"

import { ReplayHere } from "./here"
import { type Done, type Task, ThreadPool } from "./pool"
import {
  BILL_THREAD,
  type EarlyThread,
  READER_THREAD,
  REPLAY_THREAD,
  replaysHere,
} from "./thread"
import type { WorkerJob } from "./worker-job"

const out = (s: string) => process.stdout.write(s.endsWith("\n") ? s : `${s}\n`)
const err = (s: string) => process.stderr.write(`${printableLines(s)}\n`)

type LogFile = Task & { rel: string }

/** Every log file under the folders, with its path relative to its folder. */
function listLogs(folders: readonly string[]): LogFile[] {
  const files: LogFile[] = []
  for (const dir of folders)
    for (const e of readdirSync(dir, {
      recursive: true,
      withFileTypes: true,
    })) {
      if (!e.isFile()) continue
      const path = join(
        e.parentPath ?? (e as { path?: string }).path ?? dir,
        e.name
      )
      const rel = relative(dir, path).split("\\").join("/")
      if (classifyPath(rel) === null) continue
      let size = 0
      try {
        size = statSync(path).size
      } catch {
        // gone since the listing: the worker says so
      }
      files.push({ path, rel, size })
    }
  return files.sort((a, b) => a.rel.localeCompare(b.rel))
}

function progress(label: string, total: number) {
  let done = 0
  let last = 0
  return () => {
    done++
    if (!process.stderr.isTTY) return
    const now = Date.now()
    if (now - last < 100 && done < total) return
    last = now
    process.stderr.write(
      `\r${label}: ${done} of ${total} files${done === total ? "\n" : ""}`
    )
  }
}

interface Pass {
  /** In the files' order, each with its file. */
  results: Array<FileResult & { file: LogFile }>
  failed: FailedFile[]
}

/** Where the files are read: the pool's threads, or (a replay) here with the pool behind it (here.ts). */
interface Readers {
  pool: ThreadPool
  here: ReplayHere | null
}

async function readAll(
  { pool, here }: Readers,
  files: readonly LogFile[],
  job: WorkerJob,
  label: string
): Promise<Pass> {
  const got: Array<FileAnalysis | undefined> = new Array(files.length)
  const failed: FailedFile[] = []
  const tick = progress(label, files.length)
  const done: Done = (i, r) => {
    tick()
    if ("error" in r) failed.push({ file: files[i]!.rel, reason: r.error })
    else if (r.kind === "analyse") got[i] = r.analysis
  }
  if (here && job.kind === "analyse") await here.run(files, job, done)
  else await pool.run(files, job, done)
  const results = files.flatMap((f, i) =>
    got[i] ? [{ path: f.rel, analysis: got[i], file: f }] : []
  )
  return {
    results,
    failed: failed.sort((a, b) => a.file.localeCompare(b.file)),
  }
}

/** The most of a --config file read: a permalink or an edits file is far smaller. */
const CONFIG_MAX_BYTES = 4 * 1024 * 1024

async function configText(
  arg: string
): Promise<{ text: string; file: boolean }> {
  if (!existsSync(arg) || !statSync(arg).isFile())
    return { text: arg, file: false }
  const f = await open(arg, "r")
  try {
    const buf = Buffer.alloc(CONFIG_MAX_BYTES + 1)
    const { bytesRead } = await f.read(buf, 0, buf.length, 0)
    if (bytesRead > CONFIG_MAX_BYTES)
      throw new Error(`${arg} is over 4 MB: not a config`)
    return { text: buf.toString("utf8", 0, bytesRead), file: true }
  } finally {
    await f.close()
  }
}

async function readConfig(arg: string | null) {
  // The reader of configs (permalinks, presets) loads only for one.
  if (arg === null)
    return { edits: null as FleetEdits, label: configLabel(null) }
  const { readConfigInput } = await import("@/lib/fleet/config-input")
  const { text, file } = await configText(arg)
  const c = await readConfigInput(text, file ? arg : "the permalink")
  if ("error" in c) throw new Error(c.error)
  return {
    edits: c.edits as FleetEdits,
    assumptions: c.assumptions,
    label: `${configLabel(c.edits)} (from ${c.source})`,
  }
}

async function tune(
  pool: ThreadPool,
  files: LogFile[],
  analyses: FileAnalysis[],
  options: SimulateOptions
) {
  const { fleetSpace, tuneFleet } = await import("@/lib/fleet/tune")
  return tuneFleet(fleetSpace(analyses), async (configs, round) => {
    const scores = new Array(files.length)
    const tick = progress(
      `tune, round ${round + 1} (${configs.length} configs)`,
      files.length
    )
    await pool.run(files, { kind: "tune", configs, options }, (i, r) => {
      tick()
      if ("error" in r) {
        // Left out of the tuner: every config scores nothing on it.
        err(`tune: ${files[i]!.rel} left out (${r.error})`)
        const none = new Float64Array(configs.length)
        scores[i] = {
          cost: none,
          peak: none,
          over: new Uint8Array(configs.length),
          infeasible: new Uint8Array(configs.length),
          fast: false,
        }
      } else if (r.kind === "tune") scores[i] = r.scores
    })
    return scores
  })
}

/**
 * One thread per core for the bill; one fewer to replay (at least one),
 * whose garbage collector works on other threads: on two cores, a second
 * replay thread took 33 % more CPU time and finished no sooner. The tuner
 * then has every core.
 */
function defaultThreads(replay: boolean): number {
  const cores = availableParallelism()
  return replay ? Math.max(1, cores - 1) : cores
}

/**
 * Runs the command (`bundle`: the built worker entry's folder; `early`: a
 * thread started before, thread.ts); the process's exit code.
 */
export async function main(
  argv: string[],
  bundle: string,
  early?: EarlyThread
): Promise<number> {
  const args = parseReportArgs(argv)
  if ("error" in args) return (err(args.error), 2)
  if (args.help) return (out(REPORT_USAGE), 0)
  // Loaded only when asked: the generator is no part of a report's start.
  const example = args.example
    ? (await import("./example-folder")).writeExampleFolder()
    : null
  try {
    const where = example
      ? { folders: [example.dir] }
      : logFolders({
          dir: args.dir === null ? null : resolve(args.dir),
          configDir: process.env.CLAUDE_CONFIG_DIR,
          home: homedir(),
          isDir: (p) => existsSync(p) && statSync(p).isDirectory(),
          join,
        })
    if ("error" in where) return (err(where.error), 2)
    return await reportFolders(args, where.folders, bundle, early)
  } finally {
    example?.remove()
  }
}

/** The report of `folders`, on the threads the arguments ask for. */
async function reportFolders(
  args: ReportArgs,
  folders: string[],
  bundle: string,
  early?: EarlyThread
): Promise<number> {
  // One thread starts (and loads the engine) while the files are listed;
  // the others once there are files for them. A replay here (here.ts)
  // starts none: the pool starts one if a file needs it.
  const threads = args.workers ?? defaultThreads(args.replay)
  const here = args.replay && replaysHere(args.workers)
  const timeoutMs = args.fileTimeout * 1000
  // The thread started early to read ahead for a replay here (thread.ts).
  const reader = early?.setup === READER_THREAD ? early.worker : null
  const pool = new ThreadPool(
    bundle,
    here ? 0 : 1,
    timeoutMs,
    args.replay ? REPLAY_THREAD : BILL_THREAD,
    reader ? undefined : early
  )
  try {
    const readers = {
      pool,
      here: here ? new ReplayHere(pool, timeoutMs, { reader }) : null,
    }
    return await report(args, folders, readers, threads)
  } finally {
    // Not awaited: ending a thread frees its heap, which takes as long as
    // building the report; the command exits without waiting for it.
    void pool.close()
  }
}

async function report(
  args: ReportArgs,
  folders: string[],
  readers: Readers,
  threads: number
): Promise<number> {
  const input = await readInput(args, folders)
  if (typeof input === "number") return input
  const { config, files, options } = input
  if (!readers.here) readers.pool.grow(Math.min(threads, files.length))
  const job: WorkerJob = args.replay
    ? { kind: "analyse", edits: config.edits, options }
    : { kind: "bill" }
  const pass = await readAll(
    readers,
    files,
    job,
    args.replay ? "reading" : "reading the bill"
  )
  // No tuning to follow: the threads end now, freeing their heaps while the
  // report is built (the process cannot exit before they have).
  if (!(args.replay && args.tune)) void readers.pool.close()
  const results = pass.results.flatMap((r) => {
    const a = withinDays(r.analysis, args)
    return a ? [{ path: r.path, analysis: a }] : []
  })
  const built = buildReport(results)
  const tuned =
    args.replay && args.tune && built.total.requests > 0
      ? await tunePass(args, readers, pass, options)
      : null
  await printReport(args, folders, config, built, pass, tuned)
  if (pass.failed.length > 0)
    err(
      `${pass.failed.length} of ${files.length} files could not be read (listed in the report).`
    )
  return 0
}

type Config = Awaited<ReturnType<typeof readConfig>>

/** The config and the files the arguments ask for; an exit code when they cannot be read. */
async function readInput(
  args: ReportArgs,
  folders: string[]
): Promise<
  { config: Config; files: LogFile[]; options: SimulateOptions } | number
> {
  let config
  try {
    config = await readConfig(args.replay ? args.config : null)
  } catch (e) {
    return (err((e as Error).message), 2)
  }
  if (!args.replay && args.config !== null)
    err("--config is not used with --no-replay (the bill alone).")
  let files: LogFile[]
  try {
    files = listLogs(folders)
  } catch (e) {
    return (err(`Could not list the logs: ${(e as Error).message}`), 2)
  }
  const options: SimulateOptions = config.assumptions
    ? { assumptions: config.assumptions as SimulateOptions["assumptions"] }
    : {}
  return { config, files, options }
}

type Tuned = Awaited<ReturnType<typeof tune>> & { exactDollars: number | null }

/** Tune across the replayed files (every core), and the best config replayed exactly. */
async function tunePass(
  args: ReportArgs,
  readers: Readers,
  pass: Pass,
  options: SimulateOptions
): Promise<Tuned> {
  // The tuner's sessions: the files that were replayed.
  const replayed = pass.results.filter((r) => r.analysis.replay)
  // The tuner replays many configs on each file: every core.
  readers.pool.grow(
    Math.min(args.workers ?? availableParallelism(), replayed.length)
  )
  const files = replayed.map((r) => r.file)
  const tuned = await tune(
    readers.pool,
    files,
    replayed.map((r) => r.analysis),
    options
  )
  const best = tuned.frontier[tuned.best]
  // On the tuner's threads, every core's.
  const exactDollars = best
    ? (
        await readAll(
          { ...readers, here: null },
          files,
          { kind: "analyse", edits: best.edits as FleetEdits, options },
          "replaying the best config"
        )
      ).results.reduce((s, r) => s + (r.analysis.config?.dollars ?? 0), 0)
    : null
  return { ...tuned, exactDollars }
}

/** The report on stdout: one JSON document with --json, else the tables. */
async function printReport(
  args: ReportArgs,
  folders: string[],
  config: Config,
  built: ReturnType<typeof buildReport>,
  pass: Pass,
  tuned: Tuned | null
): Promise<void> {
  if (args.json) {
    const doc = {
      ...(args.replay ? reportJson(built, config.edits) : billJson(built)),
      folders,
      failed: pass.failed,
      ...(args.since || args.until
        ? { days: { since: args.since, until: args.until } }
        : {}),
      ...(tuned ? { tune: tuned } : {}),
    }
    out(printableJson(JSON.stringify(doc, null, 2)))
    return
  }
  const folder = args.example ? EXAMPLE_FOLDER_LABEL : folders.join(", ")
  const { tuneText } = await import("./tune-text")
  out(
    `${textReport(built, {
      folder,
      configLabel: config.label,
      limit: args.top,
      replay: args.replay,
      failed: pass.failed,
    })}${tuned ? `\n\n${tuneText(tuned, tuned.exactDollars)}` : ""}`
  )
}
