// The BPE refinement worker: counts texts with the Claude BPE ranks of
// @anthropic-ai/tokenizer in pure-JS js-tiktoken (no WASM), times the
// content-class factor. The ranks (≈700 KB) load here only, never in the
// page's first-load JS. Counts are memoised by content in the piece cache
// and by the page's table, so a text is never counted twice.
import claude from "@anthropic-ai/tokenizer/claude.json"
import { Tiktoken } from "js-tiktoken/lite"

import { countPieceByRanks, createBpeCounter } from "@/lib/tokens/bpe"
import { refinedRaw } from "@/lib/tokens/refine"

/** A batch of texts to count. */
export interface CountRequest {
  id: number
  texts: string[]
}

/** Their raw refined counts, in order, and the time the batch took. */
export interface CountAnswer {
  id: number
  counts: number[]
  ms: number
}

const enc = new Tiktoken({
  bpe_ranks: claude.bpe_ranks,
  special_tokens: claude.special_tokens,
  pat_str: claude.pat_str,
})
// js-tiktoken's parsed rank map (bytes joined by "," → rank): counting a
// piece against it skips encode()'s per-call regex compilation (≈ 80 µs a
// call). Falls back to encode() if a js-tiktoken version keeps it elsewhere.
const ranks = (enc as unknown as { rankMap?: unknown }).rankMap
const countPiece =
  ranks instanceof Map
    ? (piece: string) =>
        countPieceByRanks(piece, ranks as ReadonlyMap<string, number>)
    : (piece: string) => enc.encode(piece, "all").length
const count = createBpeCounter({
  countPiece,
  pattern: new RegExp(claude.pat_str, "gu"),
})

self.onmessage = (e: MessageEvent<CountRequest>) => {
  const t0 = performance.now()
  const counts = e.data.texts.map((t) => refinedRaw(t, count))
  const answer: CountAnswer = {
    id: e.data.id,
    counts,
    ms: performance.now() - t0,
  }
  self.postMessage(answer)
}
