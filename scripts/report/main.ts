// `npm run report -- [dir]`: every Claude Code log of a folder, read in
// worker threads with the page's engine (lib/fleet): what was paid, what the
// given config would have cost, and the config that would have cost least.
import { existsSync, statSync } from "node:fs"
import { readdir, readFile } from "node:fs/promises"
import { availableParallelism, homedir } from "node:os"
import { join, relative, resolve } from "node:path"

import type { FileAnalysis } from "@/lib/fleet/analyse"
import { parseReportArgs, REPORT_USAGE } from "@/lib/fleet/cli-args"
import type { FleetEdits } from "@/lib/fleet/config"
import { configLabel, readConfigInput } from "@/lib/fleet/config-input"
import type { FleetJob } from "@/lib/fleet/jobs"
import { classifyPath } from "@/lib/fleet/layout"
import { buildReport } from "@/lib/fleet/report"
import { reportJson } from "@/lib/fleet/report-json"
import { textReport } from "@/lib/fleet/text-report"
import { fleetSpace, type FleetTuneResult, tuneFleet } from "@/lib/fleet/tune"
import type { FileScores } from "@/lib/fleet/tune-eval"
import type { SimulateOptions } from "@/lib/context-editing"

import { type Task, ThreadPool } from "./pool"

const out = (s: string) => process.stdout.write(s.endsWith("\n") ? s : `${s}\n`)
const err = (s: string) => process.stderr.write(s.endsWith("\n") ? s : `${s}\n`)

/** Every log file under `dir`, with its path relative to it. */
async function listLogs(dir: string): Promise<Array<Task & { rel: string }>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const files = entries
    .filter((e) => e.isFile())
    .map((e) =>
      join(e.parentPath ?? (e as { path?: string }).path ?? dir, e.name)
    )
    .map((path) => ({ path, rel: relative(dir, path).split("\\").join("/") }))
    .filter((f) => classifyPath(f.rel) !== null)
    .sort((a, b) => a.rel.localeCompare(b.rel))
  return files.map((f) => ({ ...f, size: statSync(f.path).size }))
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

async function analyse(
  pool: ThreadPool,
  files: Array<Task & { rel: string }>,
  job: FleetJob,
  label: string
) {
  const results: Array<{ path: string; analysis: FileAnalysis }> = new Array(
    files.length
  )
  const tick = progress(label, files.length)
  await pool.run(files, job, (i, r) => {
    tick()
    if ("error" in r) throw new Error(`${files[i]!.rel}: ${r.error}`)
    if (r.kind === "analyse")
      results[i] = { path: files[i]!.rel, analysis: r.analysis }
  })
  return {
    report: buildReport(results),
    analyses: results.map((r) => r.analysis),
  }
}

async function readConfig(arg: string | null) {
  if (arg === null)
    return { edits: null as FleetEdits, label: configLabel(null) }
  const isFile = existsSync(arg) && statSync(arg).isFile()
  const text = isFile ? await readFile(arg, "utf8") : arg
  const c = await readConfigInput(text, isFile ? arg : "the permalink")
  if ("error" in c) throw new Error(c.error)
  return {
    edits: c.edits,
    assumptions: c.assumptions,
    label: `${configLabel(c.edits)} (from ${c.source})`,
  }
}

async function tune(
  pool: ThreadPool,
  files: Task[],
  analyses: FileAnalysis[],
  options: SimulateOptions
) {
  return tuneFleet(fleetSpace(analyses), async (configs, round) => {
    const scores: FileScores[] = new Array(files.length)
    const tick = progress(
      `tune, round ${round + 1} (${configs.length} configs)`,
      files.length
    )
    await pool.run(files, { kind: "tune", configs, options }, (i, r) => {
      tick()
      if ("error" in r) throw new Error(r.error)
      if (r.kind === "tune") scores[i] = r.scores
    })
    return scores
  })
}

function tuneText(t: FleetTuneResult, exact: number | null): string {
  const best = t.frontier[t.best]
  if (!best) return "Tune across sessions: no config could be evaluated."
  const lines = t.frontier.map(
    (e, i) =>
      `${i === t.best ? "→" : " "} $${e.cost.toFixed(2).padStart(10)}  peak ${Math.round(e.peak).toLocaleString("en-US").padStart(9)}  ${e.over > 0 ? `${e.over} over the window  ` : ""}${e.label}`
  )
  const alt = t.alternatives
    .slice(0, 8)
    .map(
      (e) =>
        `  $${e.cost.toFixed(2).padStart(10)}  peak ${Math.round(e.peak).toLocaleString("en-US").padStart(9)}  ${e.label}`
    )
  return [
    `Tune across sessions (${t.evaluated} configs, ${t.rounds} rounds): total input-side cost against the worst session's largest request`,
    ...lines,
    "The cheapest for each number of tool results kept:",
    ...alt,
    `Best config: ${best.label}${exact !== null ? ` — replayed on every session: $${exact.toFixed(2)}` : ""}`,
    `  --config JSON: ${JSON.stringify({ edits: best.edits })}`,
  ].join("\n")
}

/** Runs the command; the process's exit code. */
export async function main(argv: string[]): Promise<number> {
  const args = parseReportArgs(argv)
  if ("error" in args) return (err(args.error), 2)
  if (args.help) return (out(REPORT_USAGE), 0)
  const dir = resolve(args.dir ?? join(homedir(), ".claude", "projects"))
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    return (err(`No folder at ${dir}`), 2)
  let config
  try {
    config = await readConfig(args.config)
  } catch (e) {
    return (err((e as Error).message), 2)
  }
  const files = await listLogs(dir)
  const options: SimulateOptions = config.assumptions
    ? { assumptions: config.assumptions as SimulateOptions["assumptions"] }
    : {}
  const pool = new ThreadPool(
    Math.min(args.workers ?? availableParallelism(), Math.max(1, files.length))
  )
  try {
    const { report, analyses } = await analyse(
      pool,
      files,
      { kind: "analyse", edits: config.edits, options },
      "reading"
    )
    const tuned =
      args.tune && report.total.requests > 0
        ? await tune(pool, files, analyses, options)
        : null
    const best = tuned?.frontier[tuned.best]
    const exact = best
      ? (
          await analyse(
            pool,
            files,
            { kind: "analyse", edits: best.edits, options },
            "replaying the best config"
          )
        ).report.total.configDollars
      : null
    if (args.json)
      out(
        JSON.stringify(
          {
            ...reportJson(report, config.edits),
            ...(tuned ? { tune: { ...tuned, exactDollars: exact } } : {}),
          },
          null,
          2
        )
      )
    else
      out(
        `${textReport(report, { folder: dir, configLabel: config.label, limit: args.top })}${tuned ? `\n\n${tuneText(tuned, exact)}` : ""}`
      )
    return 0
  } finally {
    await pool.close()
  }
}
