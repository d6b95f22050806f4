// A large Claude Code log (bench/claude-code-log/generate.mjs, ≈2.7 MB, Opus 4.6
// with thinking on some answers, compactions, Haiku subagent calls): import,
// timeline, the replay against the log's bill, and Tune's whole search, in ms,
// beside one JSON.parse of the same text's lines (the same run's baseline).
// Run: node bench/claude-code-log/run.mjs
import "../lib/register-ts.mjs"

import { performance } from "node:perf_hooks"

import { buildLog } from "./generate.mjs"

const { timeline, tuneSession } = await import("@/lib/context-editing")
const { parseImport } = await import("@/lib/import")
const { compareWithLog } = await import("@/lib/real-usage/compare")
const { logBill } = await import("@/lib/real-usage/tune-bill")
const { cacheSetup, sessionCaching, writePrice } =
  await import("@/lib/context-editing")

const text = buildLog()
const ms = (f) => {
  const t0 = performance.now()
  const v = f()
  return [performance.now() - t0, v]
}
const [parseMs] = ms(() =>
  text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l))
)
const [importMs, r] = ms(() => parseImport(text))
if (!r.success) throw new Error(r.error.message)
const [timelineMs, t] = ms(() => timeline(r.data))
const [compareMs, c] = ms(() => compareWithLog(t, r.realUsage))
const t0 = performance.now()
const tuned = await tuneSession(r.data)
const tuneMs = performance.now() - t0
// What the Tune tab runs on an imported log: every call of it priced (its bill).
const setup = cacheSetup(r.data)
const tl = { caching: sessionCaching(setup), writePrice: writePrice(setup) }
const t1 = performance.now()
const billed = await tuneSession(r.data, {
  timeline: tl,
  bill: logBill(r.data, r.realUsage, tl),
})
const billMs = performance.now() - t1
console.log(
  `log: ${(text.length / 1e6).toFixed(2)} MB, ${r.realUsage.length} calls, ${t.requests} requests (engine: ${t.engine}, rejected: ${t.points.filter((p) => !p.ok).length})`
)
console.log(`JSON.parse of its lines  ${parseMs.toFixed(0)} ms (baseline)`)
console.log(
  `import                   ${importMs.toFixed(0)} ms (${(importMs / parseMs).toFixed(1)}×)`
)
console.log(
  `timeline                 ${timelineMs.toFixed(0)} ms (${(timelineMs / parseMs).toFixed(1)}×)`
)
console.log(
  `compareWithLog           ${compareMs.toFixed(0)} ms (${(compareMs / parseMs).toFixed(1)}×)`
)
console.log(
  `tune (whole search)      ${tuneMs.toFixed(0)} ms (${(tuneMs / parseMs).toFixed(1)}×), ${tuned.evaluated} configs, frontier ${tuned.frontier.length}`
)
console.log(
  `tune on the log's bill    ${billMs.toFixed(0)} ms (${(billMs / parseMs).toFixed(1)}×), ${billed.evaluated} configs, recommended: ${billed.recommended?.label ?? "none"} (target: ≤ 5 s)`
)
console.log(
  `bill $${c.realDollars.toFixed(2)}, replay $${c.configDollars.toFixed(2)} (${((c.configDollars / c.realDollars - 1) * 100).toFixed(1)} %)`
)
