// Estimate ÷ real of the synchronous engine (simulate(request).original_input_tokens,
// no worker, no calibration) over recorded real exchanges: test/real/**/*.json
// (or REAL_DIR). Prints n, median, p10, p90 overall and per feature.
// Run: node bench/tokens/fidelity.mjs [dir]
import "../lib/register-ts.mjs"

import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"

const { simulate } = await import("@/lib/context-editing")

const dir = process.argv[2] ?? process.env.REAL_DIR ?? "test/real"
const MIN_REAL = Number(process.env.MIN_REAL ?? 100)

function* files(d) {
  for (const name of readdirSync(d)) {
    const p = join(d, name)
    if (statSync(p).isDirectory()) yield* files(p)
    else if (name.endsWith(".json")) yield p
  }
}

/** Features of a request that change its hidden tokens (for the per-feature table). */
export function featuresOf(req) {
  const f = new Set()
  for (const t of Array.isArray(req.tools) ? req.tools : []) {
    const type = typeof t?.type === "string" ? t.type : "custom"
    f.add(type === "custom" ? "custom tools" : type.replace(/_\d{8}$/, ""))
  }
  if (req.tool_choice?.type && req.tool_choice.type !== "auto")
    f.add(`tool_choice ${req.tool_choice.type}`)
  if (req.output_format || req.output_config?.format) f.add("structured output")
  if (req.mcp_servers?.length) f.add("mcp_servers")
  if (req.thinking?.type && req.thinking.type !== "disabled")
    f.add(`thinking ${req.thinking.type}`)
  const json = JSON.stringify(req.messages ?? [])
  for (const t of ["document", "search_result", "image"])
    if (json.includes(`"type":"${t}"`)) f.add(t)
  if (f.size === 0) f.add("plain")
  return [...f]
}

const quantile = (xs, q) => {
  if (xs.length === 0) return NaN
  const s = [...xs].sort((a, b) => a - b)
  const at = (s.length - 1) * q
  const lo = Math.floor(at)
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (at - lo)
}

const rows = []
for (const p of files(dir)) {
  let rec
  try {
    rec = JSON.parse(readFileSync(p, "utf8"))
  } catch {
    continue
  }
  const real = rec?.real?.input_tokens
  if (!rec?.request || typeof real !== "number" || real < MIN_REAL) continue
  const r = simulate(rec.request)
  if (!r.ok) {
    rows.push({ p, error: r.error.message })
    continue
  }
  rows.push({
    p,
    ratio: r.original_input_tokens / real,
    real,
    est: r.original_input_tokens,
    features: featuresOf(rec.request),
  })
}

const ok = rows.filter((r) => r.ratio !== undefined)
const line = (name, xs) =>
  `${name.padEnd(28)} n=${String(xs.length).padStart(3)}  median ${quantile(xs, 0.5).toFixed(2)}  p10 ${quantile(xs, 0.1).toFixed(2)}  p90 ${quantile(xs, 0.9).toFixed(2)}`
console.log(`estimate ÷ real over ${dir} (real ≥ ${MIN_REAL} tokens)`)
console.log(
  line(
    "all",
    ok.map((r) => r.ratio)
  )
)
const by = new Map()
for (const r of ok)
  for (const f of r.features) by.set(f, [...(by.get(f) ?? []), r.ratio])
for (const [f, xs] of [...by].sort((a, b) => b[1].length - a[1].length))
  console.log(line(`  ${f}`, xs))
for (const r of rows.filter((r) => r.error))
  console.log(`  rejected: ${r.p}: ${r.error.slice(0, 100)}`)
if (process.env.VERBOSE)
  for (const r of ok.sort((a, b) => a.ratio - b.ratio))
    console.log(
      `${r.ratio.toFixed(2)}  est ${r.est}  real ${r.real}  ${r.features.join(",")}  ${r.p}`
    )
