// Import and generator benchmark: how long the playground takes to take in
// a large conversation, as ratios against JSON.parse of the same text in the
// same run (the cost a paste pays anyway).
//  - parseImport of a ≈2M-token (≈7 MB) request pasted as JSON
//  - generateSession of a 1M-token session (the "Generate" preset)
// Budgets (ours, printed, never asserted): import ≤ 3 × JSON.parse of the
// pasted text; generating 1M tokens ≤ 25 × JSON.parse of the generated
// request (≈ the old "well under a second" here). Run: node bench/import/run.mjs
import "../lib/register-ts.mjs"

import { median, ms, time } from "../lib/stats.mjs"

const { parseImport } = await import("@/lib/import")
const { generateSession } = await import("@/lib/generate")

const RUNS = Number(process.env.BENCH_RUNS ?? 9)
const big = JSON.stringify(
  generateSession({ targetTokens: 2_000_000, thinking: true, seed: 3 })
)
const check = parseImport(big)
if (!check.success) throw new Error(check.error.message)
for (let i = 0; i < 3; i++) {
  parseImport(big)
  generateSession({ targetTokens: 1_000_000, thinking: true, seed: i })
}

const parse = time(RUNS, () => JSON.parse(big))
const imp = time(RUNS, () => parseImport(big))
const genOptions = (seed) => ({
  targetTokens: 1_000_000,
  thinking: true,
  serverTools: true,
  parallel: 3,
  seed,
})
const gen = time(RUNS, (i) => generateSession(genOptions(i)))
const genJson = JSON.stringify(generateSession(genOptions(0)))
const genParse = time(RUNS, () => JSON.parse(genJson))
const p = median(parse.wall)
const line = (name, value, target) =>
  `${name.padEnd(36)} ${value.toFixed(3).padStart(8)}  (budget ≤ ${target}) ${value <= target ? "ok" : "OVER"}`
console.log(`request: ${(big.length / 1e6).toFixed(2)} MB JSON`)
for (const [name, t] of [
  ["JSON.parse", parse],
  ["parseImport", imp],
  ["generateSession (1M)", gen],
  ["JSON.parse (generated)", genParse],
])
  console.log(
    `${name.padEnd(24)} median ${ms(median(t.wall))} ms wall  [${t.wall.map(ms).join(", ")}]`
  )
console.log(line("parseImport ÷ JSON.parse", median(imp.wall) / p, 3))
console.log(
  line(
    "generateSession ÷ JSON.parse of it",
    median(gen.wall) / median(genParse.wall),
    25
  )
)
