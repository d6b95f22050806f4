// Engine benchmark: a deterministic ≈1M-token request with 2,000 tool uses.
// Prints simulate() time ÷ JSON.parse time of the same JSON (≈0.6 on the
// 2-core reference machine is accepted: issue 34 retired the 0.5 target
// with the keep-only re-run shortcut) and the re-run time after changing
// only `keep` ÷ first-run time (for information: the analysis and token
// counts are cached by identity, the edits run in full), as medians over
// several runs, plus raw milliseconds. The user-visible target is the
// browser's keystroke → updated numbers (bench/typing, bench/page).
// Run: node bench/engine/run.mjs   (plain node 20; TypeScript is transpiled
// on the fly by bench/lib/ts-hooks.mjs). Timings are never asserted.
import "../lib/register-ts.mjs"

import { median, ms, time } from "../lib/stats.mjs"

const { simulate } = await import("@/lib/context-editing")
const { buildRequest, TOOL_USES, withKeep } = await import("./request.mjs")

const RUNS = Number(process.env.BENCH_RUNS ?? 9)
// 16 rounds: with 8, `node --trace-opt --trace-deopt` still showed TurboFan
// finishing applyClearToolUses and one decideAll deopt during the timed runs.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 16)

const json = JSON.stringify(buildRequest(3))
const check = simulate(JSON.parse(json))
if (!check.ok) throw new Error(check.error.message)

// Warm up the JIT so all measurements are steady-state.
for (let i = 0; i < WARMUP; i++) {
  const req = JSON.parse(json)
  simulate(req)
  simulate(withKeep(req, 4))
}

const parse = time(RUNS, () => JSON.parse(json))
// Each first run gets a freshly parsed object (nothing cached for it yet).
const first = time(
  RUNS,
  (_i, req) => simulate(req),
  () => JSON.parse(json)
)
// Re-run: same messages array (already simulated once), only `keep` changed.
const rerun = time(
  RUNS,
  (i, req) => simulate(withKeep(req, 4 + (i % 3))),
  () => {
    const req = JSON.parse(json)
    simulate(req)
    return req
  }
)

const p = median(parse.wall)
const f = median(first.wall)
const r = median(rerun.wall)
const line = (name, value, accepted) =>
  `${name.padEnd(36)} ${value.toFixed(3).padStart(7)}${accepted === undefined ? "" : `  (accepted ≈ ${accepted})`}`
console.log(
  `request: ${(json.length / 1e6).toFixed(2)} MB JSON, ${TOOL_USES} tool uses, ≈${check.original_input_tokens.toLocaleString("en-US")} input tokens, ${check.blocks.length} blocks`
)
console.log(
  `applied: ${JSON.stringify(check.context_management.applied_edits)}`
)
for (const [name, t] of [
  ["JSON.parse", parse],
  ["simulate (first run)", first],
  ["simulate (keep changed)", rerun],
])
  console.log(
    `${name.padEnd(24)} median ${ms(median(t.wall))} ms wall, ${ms(median(t.cpu))} ms cpu  [${t.wall.map(ms).join(", ")}]`
  )
console.log(line("simulate ÷ JSON.parse", f / p, 0.6))
console.log(line("re-run (keep changed) ÷ first run", r / f))
console.log(
  line(
    "  same, by CPU time: simulate ÷ parse",
    median(first.cpu) / median(parse.cpu),
    0.6
  )
)
console.log(
  line(
    "  same, by CPU time: re-run ÷ first",
    median(rerun.cpu) / median(first.cpu)
  )
)
console.log(
  `(medians of ${RUNS} runs after ${WARMUP} warm-ups; a busy machine inflates wall-clock times)`
)
