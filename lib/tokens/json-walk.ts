import { CODE_CHARS_PER_TOKEN, TEXT_OUT, textTokensOut } from "./text"

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

// One accumulator per depth: a value's sum is built in its own slot and then
// added to its parent's, so the additions happen in exactly the order of a
// plain recursive sum, without boxing a double per call (hot loop). Within a
// container the running sum is a local; string children (the common leaf)
// are counted inline instead of through a recursive call, with the same
// value and the same order of additions.
const SUM = new Float64Array(MAX_DEPTH + 2)
const QUOTES = 2 / CODE_CHARS_PER_TOKEN

function walk(value: unknown, depth: number): void {
  let t: number
  if (typeof value === "string") {
    textTokensOut(value)
    t = TEXT_OUT[0]! + QUOTES
  } else if (typeof value === "number")
    t = numberLength(value) / CODE_CHARS_PER_TOKEN
  else if (typeof value === "boolean" || value === null) t = 1
  else if (typeof value !== "object") t = 0
  else if (depth >= MAX_DEPTH) t = DEEP_VALUE_TOKENS
  else if (Array.isArray(value)) {
    let sum = (1 + value.length) / CODE_CHARS_PER_TOKEN
    for (let k = 0; k < value.length; k++) {
      const v: unknown = value[k]
      if (typeof v === "string") {
        textTokensOut(v)
        sum += TEXT_OUT[0]! + QUOTES
      } else if (v === undefined) {
        // A hole or undefined item is sent as null (JSON.stringify).
        sum += 1
      } else {
        walk(v, depth + 1)
        sum += SUM[depth + 1]!
      }
    }
    SUM[depth] = sum
    return
  } else {
    // Keys are mostly single dictionary words: ≈1 token plus one per 5 chars
    // for the long ones, plus the quote/colon/comma around them.
    let sum = QUOTES
    for (const key in value) {
      if (!Object.prototype.hasOwnProperty.call(value, key)) continue
      const v: unknown = (value as Record<string, unknown>)[key]
      // JSON.stringify leaves out an undefined property, key and all.
      if (v === undefined) continue
      sum += 1 + key.length / 5
      if (typeof v === "string") {
        textTokensOut(v)
        sum += TEXT_OUT[0]! + QUOTES
      } else {
        walk(v, depth + 1)
        sum += SUM[depth + 1]!
      }
    }
    SUM[depth] = sum
    return
  }
  SUM[depth] = t
}

/**
 * Raw token estimate of a JSON value as the model would see it serialised:
 * string values by their own profile (prose or code), keys and punctuation
 * as code. Walks instead of JSON.stringify so no big string is built, and is
 * depth-limited so cyclic or absurdly deep input cannot overflow the stack.
 */
export function rawJsonTokens(value: unknown, depth = 0): number {
  const d = depth < 0 ? 0 : depth > MAX_DEPTH ? MAX_DEPTH : depth
  walk(value, d)
  return SUM[d]!
}
