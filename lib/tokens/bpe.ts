/**
 * A BPE token counter with a cache per pre-tokenised piece. BPE merges
 * never cross the pre-tokeniser's pieces (words, number runs, punctuation
 * runs, whitespace), so a text's count is the sum of its pieces' counts, and
 * natural text repeats its pieces (Zipf): each distinct piece is encoded
 * once. That makes counting several times faster than encoding whole texts
 * (measured in docs/tokens.md). Pure: the encoder is passed in (js-tiktoken
 * with the Claude ranks of @anthropic-ai/tokenizer, loaded in the worker).
 */

/** What the counter needs from a BPE encoder. */
export interface PieceEncoder {
  /** Token count of one pre-tokenised piece. */
  countPiece(piece: string): number
  /** The pre-tokeniser (tiktoken's pat_str), compiled with the "gu" flags. */
  pattern: RegExp
}

/** Distinct pieces kept before the cache starts over (bounds memory). */
const MAX_PIECES = 500_000

/**
 * A text's BPE tokens by the script of the piece they come from: Latin
 * (and everything else), wide (CJK, kana, Hangul, emoji: a code unit ≥
 * U+2E80) and the other alphabets (Greek, Cyrillic, Hebrew, Arabic, Indic…:
 * U+0370–U+1FFF), the same ranges as the instant estimate (text.ts).
 */
export interface ScriptParts {
  latin: number
  wide: number
  alpha: number
}

/** Counts a text (the sum of its pieces) and, with parts(), by script. */
export interface BpeCounter {
  (text: string): number
  parts(text: string): ScriptParts
}

const LATIN = 0
const WIDE = 1
const ALPHA = 2

/** The script of a piece: wide if any unit is, else alpha if any is. */
function scriptOf(piece: string): number {
  let script = LATIN
  for (let i = 0; i < piece.length; i++) {
    const c = piece.charCodeAt(i)
    if (c >= 0x2e80) return WIDE
    if (c >= 0x370 && c < 0x2000) script = ALPHA
  }
  return script
}

/** Counts texts with a piece cache; reuse one counter for a whole session. */
export function createBpeCounter(enc: PieceEncoder): BpeCounter {
  // piece → count × 4 + script: one lookup gives both.
  const cache = new Map<string, number>()
  const re = new RegExp(enc.pattern.source, "gu")
  const sums = new Float64Array(3)
  const tally = (text: string): void => {
    sums.fill(0)
    // @anthropic-ai/tokenizer normalises to NFKC before encoding.
    const s = text.normalize("NFKC")
    re.lastIndex = 0
    for (let m = re.exec(s); m !== null; m = re.exec(s)) {
      const piece = m[0]
      if (piece.length === 0) {
        re.lastIndex++
        continue
      }
      let c = cache.get(piece)
      if (c === undefined) {
        c = enc.countPiece(piece) * 4 + scriptOf(piece)
        if (cache.size >= MAX_PIECES) cache.clear()
        cache.set(piece, c)
      }
      const k = c & 3
      sums[k] = sums[k]! + (c >> 2)
    }
  }
  const count = ((text: string): number => {
    tally(text)
    return sums[LATIN]! + sums[WIDE]! + sums[ALPHA]!
  }) as BpeCounter
  count.parts = (text) => {
    tally(text)
    return { latin: sums[LATIN]!, wide: sums[WIDE]!, alpha: sums[ALPHA]! }
  }
  return count
}

const UTF8 = new TextEncoder()

const keyOf = (bytes: Uint8Array, from: number, to: number): string =>
  bytes.subarray(from, to).join(",")

/**
 * Token count of one pre-tokenised piece by byte-pair merging over `ranks`
 * (byte sequences joined by "," → rank, as js-tiktoken's rank map keeps
 * them): the lowest-ranked adjacent pair merges first until none is left.
 * The same merges as js-tiktoken's encode, without its per-call regex
 * compilation (≈ 80 µs a call, measured in docs/tokens.md).
 */
export function countPieceByRanks(
  piece: string,
  ranks: ReadonlyMap<string, number>
): number {
  const bytes = UTF8.encode(piece)
  const n = bytes.length
  if (n <= 1 || ranks.has(keyOf(bytes, 0, n))) return n === 0 ? 0 : 1
  // Part boundaries: part k is bytes[bounds[k], bounds[k + 1]); pair[k] is
  // the rank of merging parts k and k + 1 (Infinity: not a token). After a
  // merge only the two pairs around it change.
  const bounds: number[] = []
  for (let i = 0; i <= n; i++) bounds.push(i)
  const pairRank = (k: number): number =>
    k + 2 < bounds.length
      ? (ranks.get(keyOf(bytes, bounds[k]!, bounds[k + 2]!)) ?? Infinity)
      : Infinity
  const pair: number[] = []
  for (let k = 0; k + 1 < n; k++) pair.push(pairRank(k))
  for (;;) {
    let best = -1
    let bestRank = Infinity
    for (let k = 0; k < pair.length; k++)
      if (pair[k]! < bestRank) {
        bestRank = pair[k]!
        best = k
      }
    if (best < 0) break
    bounds.splice(best + 1, 1)
    pair.splice(best + 1, 1)
    pair[best] = pairRank(best)
    if (best > 0) pair[best - 1] = pairRank(best - 1)
  }
  return bounds.length - 1
}
