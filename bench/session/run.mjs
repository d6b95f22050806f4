// Session engine benchmark, on the engine bench's 2,002-request session
// (bench/engine/request.mjs buildRequest): timeline() of every request, and
// tuneSession()'s whole search, each as a ratio to one first-run simulate()
// of the session's last request (the whole request), measured in the same
// run. Targets: timeline ≤ 10×, tune ≤ 300×. Timings are never asserted.
// Run: node bench/session/run.mjs
import "../lib/register-ts.mjs"

import { performance } from "node:perf_hooks"

import { median, ms, time } from "../lib/stats.mjs"

const { simulate, timeline, tuneSession } =
  await import("@/lib/context-editing")
const { buildRequest } = await import("../engine/request.mjs")

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const TUNE_RUNS = Number(process.env.BENCH_TUNE_RUNS ?? 2)
const json = JSON.stringify(buildRequest(3))
const fresh = () => JSON.parse(json)

// Warm-up (JIT), then each timed call gets a freshly parsed request.
for (let i = 0; i < 3; i++) {
  simulate(fresh())
  timeline(fresh())
}
const sim = time(RUNS, (_i, req) => simulate(req), fresh)
let check = null
const tl = time(
  RUNS,
  (_i, req) => {
    check = timeline(req)
  },
  fresh
)
const tuneWall = []
let tuned = null
for (let i = 0; i < TUNE_RUNS; i++) {
  const req = fresh()
  const t0 = performance.now()
  tuned = await tuneSession(req)
  tuneWall.push(performance.now() - t0)
}
// The simulate baseline again after the tuner (a busy machine drifts).
const sim2 = time(RUNS, (_i, req) => simulate(req), fresh)
const s = median([...sim.wall, ...sim2.wall])
const line = (name, value, target) =>
  `${name.padEnd(34)} ${value.toFixed(1).padStart(7)}×  (target ≤ ${target}×) ${value <= target ? "ok" : "OVER"}`
console.log(
  `session: ${check.requests} requests, all ${check.points.length} covered (engine: ${check.engine}); no edits $${check.cost.withoutEdits.toFixed(2)}, with the bench's clear_tool_uses $${check.cost.withEdits.toFixed(2)} (input only)`
)
console.log(
  `simulate (first run, last request) median ${ms(s)} ms; timeline median ${ms(median(tl.wall))} ms; tune median ${ms(median(tuneWall))} ms`
)
console.log(line("timeline ÷ simulate", median(tl.wall) / s, 10))
console.log(line("tune ÷ simulate", median(tuneWall) / s, 300))
console.log(
  line(
    "  timeline ÷ simulate, CPU time",
    median(tl.cpu) / median([...sim.cpu, ...sim2.cpu]),
    10
  )
)
console.log(
  `tune: ${tuned.evaluated} configs evaluated, frontier of ${tuned.frontier.length}:`
)
for (const e of tuned.frontier)
  console.log(
    `  $${e.cost.toFixed(2).padStart(7)}  peak ${e.peak.toLocaleString("en-US").padStart(9)}  ${e.overflows.length ? `${e.overflows.length} over the window` : "fits"}  ${e.label}`
  )
console.log(
  `(medians of ${RUNS} runs, tune of ${TUNE_RUNS}; a busy machine inflates wall-clock times)`
)
