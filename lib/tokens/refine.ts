/**
 * Refinement: the instant heuristic is the first answer; every string it
 * counted is then counted again with the Claude BPE (off the main thread)
 * times a factor for its content class, and the engine re-runs with those
 * counts (memoised by content: an edit or a config change recounts only
 * strings never seen). Factors and how they were fitted: docs/tokens.md.
 */
import { createHeuristicEstimator } from "./heuristic-estimator"
import { profileText, rawTextTokens, type RefineTable } from "./text"
import type { TokenEstimator } from "./types"

export { contentKey, type RefineTable } from "./text"

/** Content classes of a text, as the heuristic's sampler decides them. */
export type ContentClass = "prose" | "code" | "wide" | "alpha"

/**
 * Real tokens ÷ Claude-BPE tokens per content class (legacy family).
 * prose: the BPE lands within 1–3 % of real counts of English prose
 *   (OBS: 1,108 vs 1,114; 1,301 vs 1,343; 1,490 vs 1,532; a 5,400-char
 *   request: BPE 1,101 + framing vs 1,114 real) → 1.02.
 * code / JSON: on real code-heavy Claude Code sessions the BPE counts 0.59–
 *   0.86 of the real growth (OBS, 8 sessions, Sonnet 4 / Opus 4.5–4.6);
 *   the sessions mix code with prose, so code alone sits at the low end:
 *   1 / 0.72 ≈ 1.35 (the middle of the range's inverse).
 * wide (CJK, kana, Hangul, emoji): the Claude 2 vocabulary splits these
 *   scripts into ≈1.05 tokens per character; real Japanese and Korean
 *   requests count 1.30–1.39× below the BPE over the whole request, so the
 *   text alone is at least that far below: 1 / 1.39 ≈ 0.72.
 * alpha (Cyrillic, Greek, Arabic, Hebrew, Indic…): no real counts yet; the
 *   BPE count as is.
 */
export const CLASS_FACTOR: Record<ContentClass, number> = {
  prose: 1.02,
  code: 1.35,
  wide: 0.72,
  alpha: 1,
}

/** The content class of a text (share of wide units first, then code-likeness). */
export function contentClass(text: string): ContentClass {
  const p = profileText(text)
  if (p.wideRatio > 0.3) return "wide"
  if (p.alphaRatio > 0.3) return "alpha"
  return p.code ? "code" : "prose"
}

/** Shortest string taken for an opaque blob (below it, BPE counts it as text). */
const BLOB_MIN_CHARS = 256

/**
 * An opaque blob: a long string with no whitespace at all (base64
 * signatures, encrypted search content, data URLs). The BPE splits random
 * characters into about one token each, which is not what the API counts
 * for them (the real-traffic set's web searches come out at 1.00 with the
 * heuristic's rate), so a blob keeps the heuristic's count.
 */
export function isOpaqueBlob(text: string): boolean {
  if (text.length < BLOB_MIN_CHARS) return false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 32 || c === 10 || c === 9 || c === 13) return false
  }
  return true
}

/**
 * Raw refined count of a text from its BPE count: BPE × class factor, or
 * the heuristic's count for an opaque blob.
 */
export const refinedRaw = (text: string, bpe: number): number =>
  isOpaqueBlob(text)
    ? rawTextTokens(text)
    : bpe * CLASS_FACTOR[contentClass(text)]

/** An empty table (no counts yet, no misses). */
export const createRefineTable = (): RefineTable => ({
  counts: new Map(),
  misses: new Map(),
})

/**
 * An estimator that answers from `table` where a string was counted and
 * from the heuristic elsewhere (recording those strings in table.misses).
 * Make a new one whenever the table gained counts: estimators cache their
 * answers, so a new identity is how the engine knows to count again.
 */
export const createRefinedEstimator = (table: RefineTable): TokenEstimator =>
  createHeuristicEstimator(table)
