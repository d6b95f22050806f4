// The data engineer's estimate ÷ real table, run against this worktree's engine.
// Run: node bench/tokens/real-table.mjs [dir with load.ts/ratios.ts]   (VERBOSE=1 lists rows)
import "../lib/register-ts.mjs"
import { resolve } from "node:path"
const dir = resolve(process.argv[2] ?? "test/real")
const { loadArtifacts } = await import(`${dir}/load.ts`)
const { ratioRows, spreadTable } = await import(`${dir}/ratios.ts`)
const rows = ratioRows(loadArtifacts(dir + "/")).filter((r) => r.real >= 100)
for (const s of spreadTable(rows))
  console.log(
    `${s.feature.padEnd(28)} n=${String(s.n).padStart(3)}  median ${s.median.toFixed(2)}  p10 ${s.p10.toFixed(2)}  p90 ${s.p90.toFixed(2)}`
  )
for (const r of rows.filter((r) => r.ratio == null))
  console.log("rejected", r.file, r.error)
if (process.env.VERBOSE)
  for (const r of rows
    .filter((r) => r.ratio != null)
    .sort((a, b) => a.ratio - b.ratio))
    console.log(
      r.ratio.toFixed(2),
      "est",
      r.estimate,
      "real",
      r.real,
      r.model,
      r.features.join(","),
      r.file
    )
