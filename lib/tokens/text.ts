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

function sample(text: string): void {
  const n = text.length
  let spaces = 0
  let symbols = 0
  let wide = 0
  let count = n
  if (n <= PROBES) {
    for (let at = 0; at < n; at++) {
      const c = text.charCodeAt(at)
      if (c < 128) {
        const cls = CLASS[c]!
        if (cls === 1) spaces++
        else if (cls === 2) symbols++
      } else if (c >= 0x2e80) wide++
    }
  } else {
    count = PROBES
    const step = n / PROBES
    const lastAt = n - 1
    for (let k = 0; k < PROBES; k++) {
      let at = ((k * step) | 0) + JITTER[k]!
      if (at > lastAt) at = lastAt
      const c = text.charCodeAt(at)
      if (c < 128) {
        const cls = CLASS[c]!
        if (cls === 1) spaces++
        else if (cls === 2) symbols++
      } else if (c >= 0x2e80) wide++
    }
  }
  acc[0] = count
  acc[1] = spaces
  acc[2] = symbols
  acc[3] = wide
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
