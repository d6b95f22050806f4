import { CODE_CHARS_PER_TOKEN, rawTextTokens } from "./text"

const MAX_DEPTH = 64
// A value nested deeper than MAX_DEPTH (or cyclic) is counted as this much.
const DEEP_VALUE_TOKENS = 16

/** String(n).length, without building the string for plain integers. */
function numberLength(n: number): number {
  if (!Number.isInteger(n) || Math.abs(n) >= 1e21) return String(n).length
  let len = n < 0 ? 2 : 1
  for (let a = Math.abs(n); a >= 10; a = Math.floor(a / 10)) len++
  return len
}

/**
 * Raw token estimate of a JSON value as the model would see it serialised:
 * string values by their own profile (prose or code), keys and punctuation
 * as code. Walks instead of JSON.stringify so no big string is built, and is
 * depth-limited so cyclic or absurdly deep input cannot overflow the stack.
 */
export function rawJsonTokens(value: unknown, depth = 0): number {
  if (typeof value === "string")
    return rawTextTokens(value) + 2 / CODE_CHARS_PER_TOKEN
  if (typeof value === "number")
    return numberLength(value) / CODE_CHARS_PER_TOKEN
  if (typeof value === "boolean" || value === null) return 1
  if (typeof value !== "object") return 0
  if (depth >= MAX_DEPTH) return DEEP_VALUE_TOKENS
  if (Array.isArray(value)) {
    let t = (1 + value.length) / CODE_CHARS_PER_TOKEN
    for (const v of value) t += rawJsonTokens(v, depth + 1)
    return t
  }
  // Keys are mostly single dictionary words: ≈1 token plus one per 5 chars
  // for the long ones, plus the quote/colon/comma around them.
  let t = 2 / CODE_CHARS_PER_TOKEN
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue
    t += 1 + key.length / 5
    t += rawJsonTokens((value as Record<string, unknown>)[key], depth + 1)
  }
  return t
}
