/**
 * The counted estimate, as the page shows it once every number is marked
 * "counted": simulate() with the refined estimator, every string it still
 * had to estimate counted by the Claude BPE (the ranks of
 * @anthropic-ai/tokenizer in js-tiktoken, merged per piece like the page's
 * worker, components/tokens/bpe.worker.ts) times its content class's factor
 * (refinedRaw), and simulate() again until nothing is left to count.
 */
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"

import { Tiktoken } from "js-tiktoken/lite"

import { simulate } from "@/lib/context-editing"
import {
  type BpeCounter,
  countPieceByRanks,
  createBpeCounter,
} from "@/lib/tokens/bpe"
import {
  createRefinedEstimator,
  createRefineTable,
  refinedRaw,
} from "@/lib/tokens/refine"

let counter: BpeCounter | null = null

/** The page worker's BPE counter (ranks loaded once). */
export function bpeCounter(): BpeCounter {
  if (counter) return counter
  const require = createRequire(import.meta.url)
  const claude = JSON.parse(
    readFileSync(require.resolve("@anthropic-ai/tokenizer/claude.json"), "utf8")
  ) as {
    bpe_ranks: string
    special_tokens: Record<string, number>
    pat_str: string
  }
  const enc = new Tiktoken(claude)
  const ranks = (enc as unknown as { rankMap: ReadonlyMap<string, number> })
    .rankMap
  counter = createBpeCounter({
    countPiece: (p) => countPieceByRanks(p, ranks),
    pattern: new RegExp(claude.pat_str, "gu"),
  })
  return counter
}

/** One table for a whole run: texts repeat across artifacts. */
const table = createRefineTable()

/**
 * `simulate(request).original_input_tokens` once every text is counted
 * (null when simulate() rejects the request).
 */
export function countedEstimate(request: unknown): number | null {
  const count = bpeCounter()
  for (let round = 0; round < 4; round++) {
    const result = simulate(structuredClone(request) as never, {
      estimator: createRefinedEstimator(table),
    })
    if (!result.ok) return null
    if (table.misses.size === 0) return result.original_input_tokens
    for (const [key, text] of table.misses)
      table.counts.set(key, refinedRaw(text, count))
    table.misses.clear()
  }
  return null
}
