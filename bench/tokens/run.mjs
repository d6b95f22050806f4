// Token-counting benchmark (Node): the Claude BPE (js-tiktoken with the
// ranks of @anthropic-ai/tokenizer, as the page's worker runs it) over every
// text of the ≈1M-token engine bench request, with the per-piece cache the
// worker uses and, as the same-run baseline, whole-text encoding of a tenth
// of the texts. Also the ranks' load time. Timings are printed, never asserted.
// Run: node bench/tokens/run.mjs
import "../lib/register-ts.mjs"

import { readFileSync } from "node:fs"
import { createRequire } from "node:module"

import { Tiktoken } from "js-tiktoken/lite"

const { countPieceByRanks, createBpeCounter } = await import("@/lib/tokens/bpe")
const { refinedRaw } = await import("@/lib/tokens/refine")
const { buildRequest } = await import("../engine/request.mjs")

const require = createRequire(import.meta.url)
const ranksPath = require.resolve("@anthropic-ai/tokenizer/claude.json")
let t0 = performance.now()
const claude = JSON.parse(readFileSync(ranksPath, "utf8"))
const enc = new Tiktoken({
  bpe_ranks: claude.bpe_ranks,
  special_tokens: claude.special_tokens,
  pat_str: claude.pat_str,
})
const loadMs = performance.now() - t0

const texts = []
const walk = (v) => {
  if (typeof v === "string") texts.push(v)
  else if (Array.isArray(v)) v.forEach(walk)
  else if (v && typeof v === "object") Object.values(v).forEach(walk)
}
walk(buildRequest(3).messages)
const chars = texts.reduce((n, t) => n + t.length, 0)

const count = createBpeCounter({
  countPiece: (p) => countPieceByRanks(p, enc.rankMap),
  pattern: new RegExp(claude.pat_str, "gu"),
})
t0 = performance.now()
let tokens = 0
for (const t of texts) tokens += refinedRaw(t, count)
const cached = performance.now() - t0

const tenth = texts.slice(0, Math.ceil(texts.length / 10))
t0 = performance.now()
for (const t of tenth) enc.encode(t.normalize("NFKC"), "all")
const whole = (performance.now() - t0) * (texts.length / tenth.length)

console.log(`ranks load: ${loadMs.toFixed(0)} ms`)
console.log(
  `BPE count of the 1M-token bench request (${texts.length} texts, ${(chars / 1e6).toFixed(1)} M chars → ${Math.round(tokens).toLocaleString("en-US")} refined tokens): ` +
    `${cached.toFixed(0)} ms with the piece cache vs ≈${whole.toFixed(0)} ms whole-text (extrapolated from a tenth) → ${(cached / whole).toFixed(2)}× ` +
    `(target in the browser worker ≤ 1,000 ms: ${cached <= 1000 ? "ok" : "OVER"})`
)
