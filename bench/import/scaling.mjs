// Importer scaling: for every adversarial input of lib/import/scaling
// (one family per importer), the CPU time of parseImport at n and at 2n,
// and their ratio. Linear ≈ 2, quadratic ≈ 4. Medians of RUNS runs;
// printed, never asserted (the unit test scaling.test.ts asserts < 3).
// Run: node bench/import/scaling.mjs [name filter]
import "../lib/register-ts.mjs"

import { median, ms, time } from "../lib/stats.mjs"

const { parseImport } = await import("@/lib/import")
const { SCALING_INPUTS } = await import("@/lib/import/scaling/inputs.ts")

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const SCALE = Number(process.env.BENCH_SCALE ?? 1)
const filter = process.argv[2] ?? ""
console.log(
  `${"importer: input".padEnd(62)} ${"t(n) ms".padStart(9)} ${"t(2n) ms".padStart(9)}  t(2n)/t(n)`
)
for (const input of SCALING_INPUTS) {
  const name = `${input.importer}: ${input.name}`
  if (!name.includes(filter)) continue
  const n = Math.max(1, Math.round(input.n * SCALE))
  const small = input.make(n)
  const large = input.make(2 * n)
  parseImport(small)
  const a = median(time(RUNS, () => parseImport(small)).cpu)
  const b = median(time(RUNS, () => parseImport(large)).cpu)
  console.log(
    `${name.padEnd(62)} ${ms(a).padStart(9)} ${ms(b).padStart(9)}  ${(b / a).toFixed(2)}`
  )
}
