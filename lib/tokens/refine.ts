/**
 * Refinement: the instant heuristic is the first answer; every string it
 * counted is then counted again with the Claude BPE (off the main thread)
 * times a factor for its content class, and the engine re-runs with those
 * counts (memoised by content: an edit or a config change recounts only
 * strings never seen). Factors and how they were fitted: docs/tokens.md.
 */
import type { BpeCounter, ScriptParts } from "./bpe"
import { createHeuristicEstimator } from "./heuristic-estimator"
import { type LineRun, tableRuns } from "./table-lines"
import {
  isCodeDense,
  profileText,
  rawTextTokens,
  type RefineTable,
} from "./text"
import type { TokenEstimator } from "./types"

export { contentKey, type RefineTable } from "./text"

/** Content classes of a text, as the heuristic's sampler decides them. */
export type ContentClass = "prose" | "code" | "wide" | "alpha"

/**
 * Real tokens ÷ Claude-BPE tokens per content class (legacy family); every
 * number's evidence is in docs/tokens.md ("Refined count").
 * prose: the BPE lands within 1–3 % of real counts of English prose
 *   (OBS: 1,108 vs 1,114; 1,301 vs 1,343; 1,490 vs 1,532) → 1.02.
 * code / JSON: on real code-heavy Claude Code sessions the BPE counts 0.59–
 *   0.86 of the real growth (OBS, 8 sessions): 1 / 0.72 ≈ 1.35.
 * table: markdown table rows (table-lines.ts). OBS the cookbook's eight
 *   documents (Sonnet 4.6, count_tokens 41,012–41,260 each): the rows are
 *   ≈84 % of each document's BPE tokens, and with the other lines at the
 *   prose factor the rows need ≈1.17.
 * wide (CJK, kana, Hangul, emoji) and alpha (Cyrillic, Greek, Arabic,
 *   Hebrew, Indic…): per BPE piece of that script, whatever the class of the
 *   text around it. OBS a Japanese prompt of 19 characters (Claude 3.5 Haiku,
 *   real 25 = the 7 every one-message request has + 18): the BPE's 18, as
 *   is → 1. Before, a text's pieces all took its class's factor, so Japanese
 *   or Cyrillic inside JSON or code took the code factor (1.35). Other
 *   alphabets: no recording yet; the BPE as is.
 */
export const CLASS_FACTOR: Record<ContentClass | "table", number> = {
  prose: 1.02,
  code: 1.35,
  table: 1.17,
  wide: 1,
  alpha: 1,
}

/** The content class of a text (share of wide units first, then code-likeness). */
export function contentClass(text: string): ContentClass {
  const p = profileText(text)
  if (p.wideRatio > 0.3) return "wide"
  if (p.alphaRatio > 0.3) return "alpha"
  return p.code ? "code" : "prose"
}

/**
 * The Latin pieces' factor of a text without its table rows: code or prose,
 * decided on a dense sample (the worker can afford it; isCodeDense).
 */
const latinFactor = (text: string): number =>
  isCodeDense(text) ? CLASS_FACTOR.code : CLASS_FACTOR.prose

/** parts × factors: Latin pieces by `latin`, the other scripts by their own. */
const weigh = (p: ScriptParts, latin: number): number =>
  p.latin * latin + p.wide * CLASS_FACTOR.wide + p.alpha * CLASS_FACTOR.alpha

/**
 * A text with markdown table rows: the rows at the table factor, the other
 * lines at the factor of their own class, decided without the rows (a
 * report whose appendix is tables is still prose).
 */
function weighWithTables(
  text: string,
  runs: LineRun[],
  count: BpeCounter
): number {
  let rest = ""
  for (const r of runs) if (!r.table) rest += text.slice(r.from, r.to)
  const restFactor = latinFactor(rest)
  let total = 0
  for (const r of runs) {
    const part = count.parts(text.slice(r.from, r.to))
    total += weigh(part, r.table ? CLASS_FACTOR.table : restFactor)
  }
  return total
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
 * Raw refined count of a text: its Claude-BPE pieces, each by its factor
 * (Latin pieces by the text's class, table rows by the table factor, wide
 * and alpha pieces by their script's), or the heuristic's count for an
 * opaque blob.
 */
export function refinedRaw(text: string, count: BpeCounter): number {
  if (isOpaqueBlob(text)) return rawTextTokens(text)
  const runs = tableRuns(text)
  if (runs) return weighWithTables(text, runs, count)
  return weigh(count.parts(text), latinFactor(text))
}

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
