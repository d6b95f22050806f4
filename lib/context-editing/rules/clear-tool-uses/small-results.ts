/**
 * Which tool results are too small to clear (docs/semantics.md#small-results):
 * a result whose text is at most `smallResultChars` characters is never
 * cleared and takes no `keep` slot. OBS (the cookbook's clearing and "all
 * three" runs): a 36-character `record_finding` result neither was cleared
 * nor held a keep slot, while 56- and 59-character `search_files` results
 * held slots. The size is read in characters: the runs separate there (36
 * against 56), not in the estimate's tokens. An input that clear_tool_inputs
 * clears with the result counts in the size.
 */
import type { Assumptions } from "../../types"

/** A size no limit reaches: the result holds more than text. */
const LARGE = Number.POSITIVE_INFINITY

/** Characters of one content block (text only; anything else is large). */
function blockChars(b: unknown): number {
  if (typeof b !== "object" || b === null) return LARGE
  const x = b as Record<string, unknown>
  return x.type === "text" && typeof x.text === "string" ? x.text.length : LARGE
}

/**
 * Characters of a result block's content: a string's length, the sum of
 * text blocks (any image, document or search result makes it large), the
 * JSON of any other value, 0 when there is none.
 */
export function resultChars(block: Record<string, unknown>): number {
  const c = block.content
  if (c === undefined || c === null) return 0
  if (typeof c === "string") return c.length
  if (Array.isArray(c)) {
    let n = 0
    for (const b of c) {
      n += blockChars(b)
      if (n === LARGE) return LARGE
    }
    return n
  }
  return JSON.stringify(c).length
}

/** The switch as a number of characters (0: no result is small). */
export const smallLimit = (A: Assumptions): number => {
  const n = Number(A.smallResultChars)
  return Number.isFinite(n) && n > 0 ? n : 0
}

/**
 * Whether a pair is too small to clear under `limit`: what clearing would
 * remove, its result and (when clear_tool_inputs covers it) its input, is
 * at most `limit` characters. A large input cleared with a tiny result
 * (a file write) is worth clearing.
 */
export function isSmallPair(
  result: Record<string, unknown>,
  use: Record<string, unknown>,
  inputCleared: boolean,
  limit: number
): boolean {
  if (limit <= 0) return false
  const n = resultChars(result)
  if (n > limit) return false
  return !inputCleared || n + JSON.stringify(use.input ?? {}).length <= limit
}
