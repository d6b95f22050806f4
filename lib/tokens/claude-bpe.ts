/**
 * The Claude BPE (the ranks of @anthropic-ai/tokenizer in pure-JS
 * js-tiktoken), built on first use: the counter behind the page's
 * *counted* numbers, for code that must keep them (redacted share links).
 * The ranks are ≈700 KB: import this module only from code that loads on
 * demand (a dialog, a worker), never from the first load.
 */
import claude from "@anthropic-ai/tokenizer/claude.json"
import { Tiktoken } from "js-tiktoken/lite"

import { type BpeCounter, countPieceByRanks, createBpeCounter } from "./bpe"

/** The Claude BPE: whole texts, single pre-tokenised pieces, the pre-tokeniser. */
export interface ClaudeBpe {
  count: BpeCounter
  countPiece(piece: string): number
  /** The pre-tokeniser's pattern ("gu" flags): BPE merges never cross its pieces. */
  pattern: RegExp
}

let built: ClaudeBpe | undefined

/** The shared Claude BPE (built once, on the first call). */
export function claudeBpe(): ClaudeBpe {
  if (built) return built
  const enc = new Tiktoken({
    bpe_ranks: claude.bpe_ranks,
    special_tokens: claude.special_tokens,
    pat_str: claude.pat_str,
  })
  // js-tiktoken's parsed rank map; encode() as the fallback (see bpe.worker.ts).
  const ranks = (enc as unknown as { rankMap?: unknown }).rankMap
  const cache = new Map<string, number>()
  const raw =
    ranks instanceof Map
      ? (piece: string) =>
          countPieceByRanks(piece, ranks as ReadonlyMap<string, number>)
      : (piece: string) => enc.encode(piece, "all").length
  const countPiece = (piece: string) => {
    let c = cache.get(piece)
    if (c === undefined) {
      c = raw(piece)
      if (cache.size > 200_000) cache.clear()
      cache.set(piece, c)
    }
    return c
  }
  const pattern = new RegExp(claude.pat_str, "gu")
  built = {
    count: createBpeCounter({ countPiece, pattern }),
    countPiece,
    pattern,
  }
  return built
}
