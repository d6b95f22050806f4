// JSON.parse and every recursive walker after it would overflow the stack
// on `[[[[…` nested 100k deep, so nesting is measured with a flat scan of
// the text before anything parses it (used by the importers and the share
// codec).

/** Where a flat scan stopped, and why. */
export interface FlatScanStop {
  reason: "too_deep" | "too_many"
  /** Offset of the character that went over the limit. */
  at: number
}

/**
 * One flat scan of JSON text: the first place nesting goes deeper than
 * `maxDepth`, or the count of values (containers plus separators) goes
 * over `maxItems`; strings are skipped. null when neither happens.
 */
export function flatScanJson(
  text: string,
  maxDepth: number,
  maxItems = Infinity
): FlatScanStop | null {
  let depth = 0
  let items = 1
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: skip the escaped character
      else if (c === 0x22) inString = false
      continue
    }
    if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) return { reason: "too_deep", at: i }
      if (++items > maxItems) return { reason: "too_many", at: i }
    } else if (c === 0x7d || c === 0x5d) depth--
    else if (c === 0x2c && ++items > maxItems)
      return { reason: "too_many", at: i }
  }
  return null
}
