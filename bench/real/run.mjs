// Real-traffic report: estimate ÷ real per feature over test/real/ (public
// recorded exchanges with the real API; see test/real/README.md). The
// estimate is simulate(request).original_input_tokens (the synchronous
// engine); real is the prompt size the API measured (input + cache creation
// + cache read; the first sampling call's where usage.iterations splits it).
// Prints n / median / p10 / p90 per feature over artifacts of ≥ 100 real
// tokens, for the instant estimate and for the counted one (BPE-refined, as
// the page shows it once every number is marked counted: test/real/counted.ts),
// then the worst artifacts. Run: node bench/real/run.mjs [--all] [dir]
import "../lib/register-ts.mjs"

const { loadArtifacts } = await import("../../test/real/load.ts")
const { ratioRows, spreadOf, spreadTable } =
  await import("../../test/real/ratios.ts")

const dirArg = process.argv.slice(2).find((a) => !a.startsWith("--"))
const artifacts = dirArg
  ? loadArtifacts(
      new URL(`${dirArg.replace(/\/?$/, "/")}`, `file://${process.cwd()}/`)
        .pathname
    )
  : loadArtifacts()
const rows = ratioRows(artifacts, { counted: true })
const table = spreadTable(rows)
const countedTable = new Map(
  spreadTable(rows, 100, "counted").map((s) => [s.feature, s])
)
const counts = {}
for (const a of artifacts) counts[a.kind] = (counts[a.kind] ?? 0) + 1
console.log(
  `artifacts: ${artifacts.length} (${Object.entries(counts)
    .map(([k, n]) => `${k} ${n}`)
    .join(
      ", "
    )}); with a real prompt size: ${rows.length}; ≥ 100 real tokens: ${table[0]?.n}`
)
const f = (x) => (Number.isFinite(x) ? x.toFixed(2) : "  - ")
const minN = process.argv.includes("--all") ? 1 : 3
console.log(
  `\n${"feature".padEnd(24)}   n  instant: median   p10   p90 | counted: median   p10   p90`
)
for (const s of table.filter((s) => s.n >= minN)) {
  const c = countedTable.get(s.feature)
  console.log(
    `${s.feature.padEnd(24)} ${String(s.n).padStart(3)}           ${f(s.median)}  ${f(s.p10)}  ${f(s.p90)} |          ${f(c?.median)}  ${f(c?.p10)}  ${f(c?.p90)}`
  )
}
const byModel = new Map()
for (const r of rows.filter((r) => r.real >= 100))
  byModel.set(r.model, [...(byModel.get(r.model) ?? []), r])
console.log(`\n${"model".padEnd(28)}   n  median   p10   p90`)
for (const [model, rs] of [...byModel].sort(
  (a, b) => b[1].length - a[1].length
)) {
  const s = spreadOf(model, rs)
  if (s.n >= minN)
    console.log(
      `${String(model).padEnd(28)} ${String(s.n).padStart(3)}   ${f(s.median)}  ${f(s.p10)}  ${f(s.p90)}`
    )
}
const rejected = rows.filter((r) => r.ratio == null)
if (rejected.length) {
  console.log(
    `\nrejected by simulate() though the API answered 200: ${rejected.length}`
  )
  for (const r of rejected) console.log(`  ${r.file}: ${r.error}`)
}
const banded = rows.filter((r) => r.ratio != null && r.real >= 100)
const line = (r) =>
  `  ${r.ratio.toFixed(2).padStart(6)}  est ${String(r.estimate).padStart(6)} / real ${String(r.real).padStart(6)}  ${r.file}  [${r.features.filter((t) => !t.startsWith("text_")).join(" ")}]`
const worst = [...banded]
  .sort((a, b) => Math.abs(Math.log(b.ratio)) - Math.abs(Math.log(a.ratio)))
  .slice(0, 10)
console.log("\nworst 10 (≥ 100 real tokens):")
for (const r of worst) console.log(line(r))
const over = banded
  .filter((r) => r.ratio > 1.25)
  .sort((a, b) => b.ratio - a.ratio)
  .slice(0, 5)
if (over.length) {
  console.log("\nworst over-estimates (ratio > 1.25):")
  for (const r of over) console.log(line(r))
}
