// The BPE refinement worker: counts texts with the Claude BPE ranks of
// @anthropic-ai/tokenizer in pure-JS js-tiktoken (no WASM), times the
// content-class factor. The ranks (≈700 KB) load here only, never in the
// page's first-load JS. Counts are memoised by content in the piece cache
// and by the page's table, so a text is never counted twice.
import claude from "@anthropic-ai/tokenizer/claude.json"
import { Tiktoken } from "js-tiktoken/lite"

import { createBpeCounter, refinedRaw } from "@/lib/tokens"

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
const count = createBpeCounter({
  countPiece: (piece) => enc.encode(piece, "all").length,
  pattern: new RegExp(claude.pat_str, "gu"),
})

self.onmessage = (e: MessageEvent<CountRequest>) => {
  const t0 = performance.now()
  const counts = e.data.texts.map((t) => refinedRaw(t, count(t)))
  const answer: CountAnswer = {
    id: e.data.id,
    counts,
    ms: performance.now() - t0,
  }
  self.postMessage(answer)
}
