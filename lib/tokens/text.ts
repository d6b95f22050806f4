/**
 * Character-ratio text estimates (spec §8.3): ≈3.5 chars/token for prose,
 * ≈3.0 for code/JSON/base64 with the legacy tokenizer. CJK and emoji are
 * counted at ≈1 token per UTF-16 unit, because the ratios above are only
 * valid for Latin-script text.
 *
 * Classification looks at most PROBES evenly spaced characters, so counting
 * a 1 MB string costs the same as counting a short one (this is the hot
 * loop of a first simulation: one call per block).
 */

/** Characters per token for natural-language text (legacy tokenizer). */
export const PROSE_CHARS_PER_TOKEN = 3.5
/** Characters per token for code, JSON and base64 (legacy tokenizer). */
export const CODE_CHARS_PER_TOKEN = 3.0
/** Tokens per UTF-16 unit for CJK / emoji / other wide scripts. */
export const WIDE_TOKENS_PER_UNIT = 1.0

const PROBES = 32

/** How a text reads, decided from a sample. */
export interface TextProfile {
  /** Share of wide (non-Latin) UTF-16 units in the sample, 0..1. */
  wideRatio: number
  /** Whether the sample looks like code/JSON/base64. */
  code: boolean
}

// ASCII class table: 1 = whitespace, 2 = code symbol { } [ ] ( ) < > = ; / \ | _ $ # * ` + & % @ ^ ~ : "
const CLASS = new Uint8Array(128)
for (const c of " \n\t\r") CLASS[c.charCodeAt(0)] = 1
for (const c of '{}[]()<>=;/\\|_$#*`+&%@^~:"') CLASS[c.charCodeAt(0)] = 2

// [sampled, whitespace, code symbols, wide]; module-level to avoid an allocation per call.
const acc = new Float64Array(4)

// Per-probe jitter: keeps periodic text (e.g. "word word …") from aliasing
// with the stride. Precomputed: the probe loop is the hot loop of counting.
const JITTER = new Int32Array(PROBES)
for (let k = 0; k < PROBES; k++) JITTER[k] = (k * 7919) % 13

// Probe tallies by class: 0 other, 1 whitespace, 2 code symbol, 3 wide.
const tally = new Int32Array(4)
const classOf = (c: number): number =>
  c < 128 ? CLASS[c]! : c >= 0x2e80 ? 3 : 0

function sample(text: string): void {
  const n = text.length
  tally[0] = tally[1] = tally[2] = tally[3] = 0
  if (n <= PROBES)
    for (let at = 0; at < n; at++) tally[classOf(text.charCodeAt(at))]!++
  else {
    const step = n / PROBES
    const lastAt = n - 1
    for (let k = 0; k < PROBES; k++) {
      const at = ((k * step) | 0) + JITTER[k]!
      tally[classOf(text.charCodeAt(at > lastAt ? lastAt : at))]!++
    }
  }
  acc[0] = n <= PROBES ? n : PROBES
  acc[1] = tally[1]!
  acc[2] = tally[2]!
  acc[3] = tally[3]!
}

function isCode(): boolean {
  const latin = acc[0]! - acc[3]!
  return (
    latin > 0 &&
    (acc[2]! / latin > 0.06 || (latin >= 24 && acc[1]! / latin < 0.04))
  )
}

/** Samples a string and says whether it is code-like and how much is wide script. */
export function profileText(text: string): TextProfile {
  sample(text)
  if (acc[0] === 0) return { wideRatio: 0, code: false }
  return { wideRatio: acc[3]! / acc[0]!, code: isCode() }
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
  sample(text)
  const wide = acc[3]! / acc[0]!
  const perChar =
    1 / (forceCode || isCode() ? CODE_CHARS_PER_TOKEN : PROSE_CHARS_PER_TOKEN)
  TEXT_OUT[0] = n * (wide * WIDE_TOKENS_PER_UNIT + (1 - wide) * perChar)
}

/** Where textTokensOut leaves its result. */
export const TEXT_OUT = new Float64Array(1)
