/**
 * Character-ratio text estimates (docs/semantics.md#tokenizers, fitted in
 * docs/tokens.md): ≈4.6 chars/token for prose, ≈2.7 for code/JSON/base64
 * with the legacy tokenizer. The ratios are for Latin script: wide scripts
 * (CJK, kana, Hangul, emoji) are counted per UTF-16 unit and the other
 * alphabets (Greek, Cyrillic, Hebrew, Arabic, Indic, Thai…) at their own
 * chars per token.
 *
 * Classification looks at most PROBES evenly spaced characters, so counting
 * a 1 MB string costs the same as counting a short one (this is the hot
 * loop of a first simulation: one call per block).
 */

/** Characters per token for natural-language text (legacy tokenizer). */
export const PROSE_CHARS_PER_TOKEN = 4.6
/** Characters per token for code, JSON and base64 (legacy tokenizer). */
export const CODE_CHARS_PER_TOKEN = 2.7
/**
 * Tokens per UTF-16 unit of wide scripts (CJK, kana, Hangul, emoji). OBS a
 * recorded Japanese prompt of 19 characters counts 18 beyond the one-message
 * framing (Claude 3.5 Haiku), the Claude BPE's own count; the BPE counts
 * 1.05–1.35 per unit of Japanese, Korean and Chinese prose: ≈1
 * (docs/tokens.md, "Text per script").
 */
export const WIDE_TOKENS_PER_UNIT = 1
/**
 * Characters per token of the other non-Latin alphabets (Greek, Cyrillic,
 * Armenian, Hebrew, Arabic, Indic, Thai, Georgian…, U+0370–U+1FFF): the
 * Claude BPE's own rate on Cyrillic prose (≈2.0; Arabic ≈1.1). No real
 * counts yet: the BPE's rate, never the Latin 4.6.
 */
export const ALPHA_CHARS_PER_TOKEN = 2

const PROBES = 32
const PER_CODE_CHAR = 1 / CODE_CHARS_PER_TOKEN
const PER_PROSE_CHAR = 1 / PROSE_CHARS_PER_TOKEN
const PER_ALPHA_CHAR = 1 / ALPHA_CHARS_PER_TOKEN

/** How a text reads, decided from a sample. */
export interface TextProfile {
  /** Share of wide (CJK, kana, Hangul, emoji) UTF-16 units in the sample, 0..1. */
  wideRatio: number
  /** Share of units of the other non-Latin alphabets (U+0370–U+1FFF), 0..1. */
  alphaRatio: number
  /** Whether the sample looks like code/JSON/base64. */
  code: boolean
}

// ASCII class table: 1 = whitespace, 2 = code symbol { } [ ] ( ) < > = ; / \ | _ $ # * ` + & % @ ^ ~ : "
const CLASS = new Uint8Array(128)
for (const c of " \n\t\r") CLASS[c.charCodeAt(0)] = 1
for (const c of '{}[]()<>=;/\\|_$#*`+&%@^~:"') CLASS[c.charCodeAt(0)] = 2

// A sample's tallies packed in one small integer (each count is at most
// PROBES, so 8 bits each): whitespace, code symbols, wide units, units of
// the other non-Latin alphabets. One add per
// character into a local, instead of a typed-array increment, and the tally
// is returned as a small integer (no allocation, no shared state).
const WS = 1
const SYM = 1 << 8
const WIDE = 1 << 16
const ALPHA = 1 << 24
const tallyOf = (t: number, k: number): number => (t >> (8 * k)) & 255
const PACKED = new Int32Array(128)
for (let c = 0; c < 128; c++)
  PACKED[c] = CLASS[c] === 1 ? WS : CLASS[c] === 2 ? SYM : 0
/** The tally of a non-ASCII code unit: wide, another alphabet, or Latin. */
const beyondAscii = (c: number): number =>
  c >= 0x2e80 ? WIDE : c >= 0x370 && c < 0x2000 ? ALPHA : 0

// Per-probe jitter: keeps periodic text (e.g. "word word …") from aliasing
// with the stride. Precomputed: the probe loop is the hot loop of counting.
const JITTER = new Int32Array(PROBES)
for (let k = 0; k < PROBES; k++) JITTER[k] = (k * 7919) % 13

/** Packed tallies of the sampled characters (all of them when ≤ PROBES). */
function sample(text: string): number {
  const n = text.length
  let t = 0
  if (n <= PROBES)
    for (let at = 0; at < n; at++) {
      const c = text.charCodeAt(at)
      t += c < 128 ? PACKED[c]! : beyondAscii(c)
    }
  else {
    const step = n / PROBES
    const lastAt = n - 1
    for (let k = 0; k < PROBES; k++) {
      const at = ((k * step) | 0) + JITTER[k]!
      const c = text.charCodeAt(at > lastAt ? lastAt : at)
      t += c < 128 ? PACKED[c]! : beyondAscii(c)
    }
  }
  return t
}

// Any wide unit (the same test as the loops': code unit ≥ 0x2e80).
const ANY_WIDE = /[\u2e80-\uffff]/

/** Wide units among the sampled characters (forced code needs no more). */
function sampleWide(text: string): number {
  const n = text.length
  // Long ones are rare: the full sample's wide tally, same probes.
  if (n > PROBES) return tallyOf(sample(text), 2)
  // Ids and names are almost always plain ASCII: one native scan says so.
  if (!ANY_WIDE.test(text)) return 0
  let w = 0
  for (let at = 0; at < n; at++) if (text.charCodeAt(at) >= 0x2e80) w++
  return w
}

/**
 * Whether sampled counts read as code: many code symbols, or (in a full
 * sample) almost no whitespace. Exported for the test of isCode's tables.
 */
export const codeByRatios = (latin: number, sym: number, ws: number): boolean =>
  latin > 0 && (sym / latin > 0.06 || (latin >= 24 && ws / latin < 0.04))

// isCode without a division per call: both ratios grow with their count, so
// for each Latin count the test is "sym ≥ SYM_MIN" or "ws < WS_LIMIT",
// thresholds found once by evaluating codeByRatios itself (same answers).
const SYM_MIN = new Uint8Array(PROBES + 1)
const WS_LIMIT = new Uint8Array(PROBES + 1)
for (let latin = 0; latin <= PROBES; latin++) {
  let sym = 0
  while (sym <= PROBES && !(latin > 0 && sym / latin > 0.06)) sym++
  SYM_MIN[latin] = sym
  let ws = 0
  while (ws <= PROBES && latin >= 24 && ws / latin < 0.04) ws++
  WS_LIMIT[latin] = ws
}

/** codeByRatios by the tables (latin, sym, ws ≤ PROBES). */
export const codeByTables = (latin: number, sym: number, ws: number): boolean =>
  latin > 0 && (sym >= SYM_MIN[latin]! || ws < WS_LIMIT[latin]!)

const isCode = (sampled: number, t: number): boolean =>
  codeByTables(
    sampled - tallyOf(t, 2) - tallyOf(t, 3),
    tallyOf(t, 1),
    tallyOf(t, 0)
  )

/** Probes of isCodeDense: enough for a stable share, bounded for long texts. */
const DENSE_PROBES = 4096
/** Texts longer than this are classified on LONG_PROBES probes, not PROBES. */
const LONG_TEXT = 4096
const LONG_PROBES = 256

/**
 * A profile over up to `probes` evenly spaced characters (all of a shorter
 * text): a 32-character sample of a long mixed text (a report with tables,
 * prose with bold and links) flips between code and prose from one text to
 * the next (the cookbook's eight documents: seven code, one prose, ×0.58).
 */
export function denseProfile(text: string, probes: number): TextProfile {
  const n = text.length
  const k = n < probes ? n : probes
  const step = n / (k || 1)
  let ws = 0
  let sym = 0
  let wide = 0
  let alpha = 0
  // Jittered like sample(): periodic text must not alias with the stride.
  const jitter = n > probes ? 13 : 1
  for (let i = 0; i < k; i++) {
    const at = ((i * step) | 0) + ((i * 7919) % jitter)
    const c = text.charCodeAt(at < n ? at : n - 1)
    if (c >= 128) {
      const b = beyondAscii(c)
      if (b === WIDE) wide++
      else if (b === ALPHA) alpha++
    } else if (CLASS[c] === 1) ws++
    else if (CLASS[c] === 2) sym++
  }
  if (k === 0) return { wideRatio: 0, alphaRatio: 0, code: false }
  return {
    wideRatio: wide / k,
    alphaRatio: alpha / k,
    code: codeByRatios(k - wide - alpha, sym, ws),
  }
}

/**
 * isCode's test on a dense sample (DENSE_PROBES): for the BPE refinement
 * off the main thread.
 */
export const isCodeDense = (text: string): boolean =>
  denseProfile(text, DENSE_PROBES).code

/** Samples a string and says whether it is code-like and how much is wide script. */
export function profileText(text: string): TextProfile {
  const t = sample(text)
  const sampled = text.length <= PROBES ? text.length : PROBES
  if (sampled === 0) return { wideRatio: 0, alphaRatio: 0, code: false }
  return {
    wideRatio: tallyOf(t, 2) / sampled,
    alphaRatio: tallyOf(t, 3) / sampled,
    code: isCode(sampled, t),
  }
}

/**
 * Raw (legacy-tokenizer, uncalibrated) token estimate of a string; fractional.
 * @param forceCode treat as code/JSON regardless of the sample
 */
export function rawTextTokens(text: string, forceCode = false): number {
  textTokensOut(text, forceCode)
  return TEXT_OUT[0]!
}

/**
 * rawTextTokens, with the result left in TEXT_OUT[0] instead of returned:
 * the counting loop calls it for every string, and a double returned from a
 * call that is not inlined is a heap allocation.
 */
export function textTokensOut(text: string, forceCode = false): void {
  const n = text.length
  if (n === 0) {
    TEXT_OUT[0] = 0
    return
  }
  const table = REFINING.table
  if (table !== null) {
    // A counted string (BPE × class factor) replaces the sampled estimate.
    const key = contentKey(text)
    const counted = table.counts.get(key)
    if (counted !== undefined) {
      TEXT_OUT[0] =
        FAMILY_NOW.mult === 1 ? counted : withoutWidePremium(text, counted)
      return
    }
    table.misses.set(key, text)
  }
  if (n > LONG_TEXT && !forceCode) {
    longTextTokensOut(text)
    return
  }
  const sampled = n <= PROBES ? n : PROBES
  let wideUnits: number
  let alphaUnits = 0
  let perChar: number
  if (forceCode) {
    wideUnits = sampleWide(text)
    perChar = PER_CODE_CHAR
  } else {
    const t = sample(text)
    wideUnits = tallyOf(t, 2)
    alphaUnits = tallyOf(t, 3)
    perChar = isCode(sampled, t) ? PER_CODE_CHAR : PER_PROSE_CHAR
  }
  if (wideUnits === 0 && alphaUnits === 0) {
    // The formula below with wide = alpha = 0, exactly.
    TEXT_OUT[0] = n * perChar
    return
  }
  const wide = wideUnits / sampled
  const alpha = alphaUnits / sampled
  TEXT_OUT[0] =
    n *
    ((wide * WIDE_TOKENS_PER_UNIT) / FAMILY_NOW.mult +
      alpha * PER_ALPHA_CHAR +
      (1 - wide - alpha) * perChar)
}

/** textTokensOut for a long text: its class from LONG_PROBES probes. */
function longTextTokensOut(text: string): void {
  const p = denseProfile(text, LONG_PROBES)
  const perChar = p.code ? PER_CODE_CHAR : PER_PROSE_CHAR
  TEXT_OUT[0] =
    text.length *
    ((p.wideRatio * WIDE_TOKENS_PER_UNIT) / FAMILY_NOW.mult +
      p.alphaRatio * PER_ALPHA_CHAR +
      (1 - p.wideRatio - p.alphaRatio) * perChar)
}

/**
 * Counted text: raw (legacy-family, uncalibrated) token counts by content,
 * filled by a BPE counter off the main thread; the strings counted while a
 * table was active and not found in it are left in `misses`.
 */
export interface RefineTable {
  /** By contentKey(text). */
  counts: Map<string, number>
  /** contentKey(text) → text. */
  misses: Map<string, string>
}

/** Strings up to this length are their own key. */
const KEY_AS_IS = 4096

/**
 * A Map key for a text's content. V8 hashes a long string by its length
 * alone, so long strings of equal length collide in a Map and every lookup
 * compares them whole (measured: a refined simulate of a 1M-token request
 * took 10× the heuristic's time). Long texts are keyed by their length and
 * a 32-bit FNV-1a hash of every code unit instead.
 */
export function contentKey(text: string): string {
  const n = text.length
  if (n <= KEY_AS_IS) return text
  let h = 0x811c9dc5
  for (let i = 0; i < n; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return `\u0000${n}:${h >>> 0}`
}

/** The table textTokensOut consults, set only while a refined estimator counts. */
export const REFINING: { table: RefineTable | null } = { table: null }

/**
 * The tokenizer-family multiplier the counts being made will be scaled by
 * (set by the estimator before it counts: block-count.ts, setCountingFamily).
 * Wide text (CJK, kana, Hangul, emoji) does not take the newer tokenizer's
 * premium (docs/tokens.md, "Text per script"), so its share of a count is
 * divided by it here and multiplied back by finish(): the family leaves it
 * as it was.
 */
export const FAMILY_NOW = { mult: 1 }

/**
 * A counted (table) value with its wide share freed of the family's
 * premium; the share is the instant estimate's (a 32-character sample).
 */
function withoutWidePremium(text: string, counted: number): number {
  const n = text.length
  const t = sample(text)
  const wideUnits = tallyOf(t, 2)
  if (wideUnits === 0) return counted
  const sampled = n <= PROBES ? n : PROBES
  const wide = wideUnits / sampled
  const alpha = tallyOf(t, 3) / sampled
  const perChar = isCode(sampled, t) ? PER_CODE_CHAR : PER_PROSE_CHAR
  const wideTokens = wide * WIDE_TOKENS_PER_UNIT
  const share =
    wideTokens /
    (wideTokens + alpha * PER_ALPHA_CHAR + (1 - wide - alpha) * perChar)
  return counted * (1 - share + share / FAMILY_NOW.mult)
}

/** Where textTokensOut leaves its result. */
export const TEXT_OUT = new Float64Array(1)
