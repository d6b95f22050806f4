// `npm run bench report`: `npm run report` beside ccusage (the cost tool
// many Claude Code users run; a dev dependency) on the same generated folder
// of Claude Code logs (lib/generate/claude-code-log: ≈330 MB, 600 sessions —
// many short ones, a middle, a few of several MB with compactions and
// subagents), in the same run, turn by turn:
//
//   ccusage   `ccusage session --json --offline` with CLAUDE_CONFIG_DIR
//   bill      `node scripts/report.mjs <folder> --json --no-replay`
//   full      `node scripts/report.mjs <folder> --json --no-tune` (bill + replay)
//
// Each is a fresh process, timed wall-clock with its peak memory (the
// process tree's resident memory, threads and child processes included,
// polled); ratios are ours ÷ ccusage's
// median, targets ≤ 3 (bill) and ≤ 5 (full) (issue 53). The totals of the
// three are checked equal (tokens exactly, dollars within a cent).
//
// BENCH_REPORT_MB (300), BENCH_REPORT_SESSIONS (600), BENCH_RUNS (3),
// BENCH_KEEP=1 keeps the folder (printed).
import { spawn } from "node:child_process"
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { performance } from "node:perf_hooks"
import { fileURLToPath } from "node:url"

import { median } from "../lib/stats.mjs"

const root = fileURLToPath(new URL("../../", import.meta.url))
const MB = Number(process.env.BENCH_REPORT_MB ?? 300)
const SESSIONS = Number(process.env.BENCH_REPORT_SESSIONS ?? 600)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)

await import("../lib/register-ts.mjs")
const { generateLogFolder } = await import("@/lib/generate/claude-code-log")

/** Writes the generated folder under `<dir>/projects` (ccusage's layout); its size. */
function writeFolder(dir) {
  let bytes = 0
  let files = 0
  for (const f of generateLogFolder({
    sessions: SESSIONS,
    totalBytes: MB * 1e6,
    seed: 45,
  })) {
    const p = join(dir, "projects", f.path)
    mkdirSync(dirname(p), { recursive: true })
    writeFileSync(p, f.text)
    bytes += Buffer.byteLength(f.text)
    files++
  }
  return { bytes, files }
}

/** Resident memory of a process and its descendants (ccusage's wrapper starts a native binary), MB. */
function treeRss(pid) {
  let total = 0
  try {
    total +=
      Number(
        /VmRSS:\s+(\d+)/.exec(
          readFileSync(`/proc/${pid}/status`, "utf8")
        )?.[1] ?? 0
      ) / 1024
    for (const c of readFileSync(
      `/proc/${pid}/task/${pid}/children`,
      "utf8"
    ).split(" "))
      if (c.trim()) total += treeRss(Number(c))
  } catch {
    // ended
  }
  return total
}

/** Runs a command; its wall time (ms), peak memory (MB, polled) and stdout. */
function timed(cmd, args, env = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now()
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    })
    let peak = 0
    const poll = setInterval(() => {
      peak = Math.max(peak, treeRss(child.pid))
    }, 20)
    const out = []
    child.stdout.on("data", (d) => out.push(d))
    child.on("error", reject)
    child.on("exit", (code) => {
      clearInterval(poll)
      const ms = performance.now() - t0
      if (code !== 0)
        reject(new Error(`${cmd} ${args.join(" ")} exited ${code}`))
      else resolve({ ms, peak, stdout: Buffer.concat(out).toString("utf8") })
    })
  })
}

const ccusageBin = join(root, "node_modules", ".bin", "ccusage")
const report = join(root, "scripts", "report.mjs")
const contenders = (dir) => ({
  ccusage: () =>
    timed(ccusageBin, ["session", "--json", "--offline"], {
      CLAUDE_CONFIG_DIR: dir,
    }),
  bill: () =>
    timed(process.execPath, [
      report,
      join(dir, "projects"),
      "--json",
      "--no-replay",
    ]),
  full: () =>
    timed(process.execPath, [
      report,
      join(dir, "projects"),
      "--json",
      "--no-tune",
    ]),
})

/** The three totals agree: tokens exactly, dollars within a cent. */
function checkTotals(outs) {
  const cc = JSON.parse(outs.ccusage).totals
  for (const name of ["bill", "full"]) {
    const l = JSON.parse(outs[name]).total.logged
    const same =
      l.input === cc.inputTokens &&
      l.output === cc.outputTokens &&
      l.cacheWrite === cc.cacheCreationTokens &&
      l.cacheRead === cc.cacheReadTokens &&
      Math.abs(l.dollars - cc.totalCost) < 0.01
    console.log(
      `  totals, ${name} vs ccusage: ${same ? "equal" : "DIFFERENT"} ($${l.dollars.toFixed(2)} vs $${cc.totalCost.toFixed(2)})`
    )
    if (!same) process.exitCode = 1
  }
}

const dir = mkdtempSync(join(tmpdir(), "cep-bench-report-"))
try {
  const t0 = performance.now()
  const { bytes, files } = writeFolder(dir)
  console.log(
    `folder: ${files} files, ${(bytes / 1e6).toFixed(1)} MB, written in ${((performance.now() - t0) / 1000).toFixed(1)} s${process.env.BENCH_KEEP ? ` (kept: ${dir})` : ""}`
  )
  const run = contenders(dir)
  // Warm-up (untimed): the page cache, and the report's bundle built once.
  const outs = {}
  for (const [name, f] of Object.entries(run)) outs[name] = (await f()).stdout
  checkTotals(outs)
  console.log(
    `machine load (1-min average) at the start: ${loadavg()[0].toFixed(1)}`
  )
  const times = { ccusage: [], bill: [], full: [] }
  const peaks = { ccusage: [], bill: [], full: [] }
  for (let i = 0; i < RUNS; i++)
    for (const [name, f] of Object.entries(run)) {
      const r = await f()
      times[name].push(r.ms)
      peaks[name].push(r.peak)
    }
  const cc = median(times.ccusage)
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`
  const line = (name, target) => {
    const m = median(times[name])
    const ratio =
      name === "ccusage"
        ? ""
        : `  ${(m / cc).toFixed(2)}× ccusage (target ≤ ${target})`
    console.log(
      `${name.padEnd(8)} median ${s(m)} (${times[name].map(s).join(", ")}), peak ${Math.max(...peaks[name]).toFixed(0)} MB${ratio}`
    )
  }
  line("ccusage")
  line("bill", 3)
  line("full", 5)
  console.log(
    `machine load (1-min average) at the end: ${loadavg()[0].toFixed(1)}`
  )
} finally {
  if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true })
}
