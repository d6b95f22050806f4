// JSON.parse and every recursive walker after it (redaction, secret
// stripping, rendering) would overflow the stack on `[[[[…` nested 100k
// deep, so depth is measured with a flat scan before anything parses.

/** True when `text` nests arrays/objects deeper than `maxDepth` (strings are skipped). */
export function exceedsJsonDepth(text: string, maxDepth: number): boolean {
  return scanJson(text, maxDepth, Infinity) === "too_deep"
}

/**
 * One flat scan: nesting deeper than `maxDepth`, or more than `maxItems`
 * values (containers plus separators; strings are skipped). A few KB of
 * deflate can hold millions of tiny values (`[0,0,0,…]`), which parse
 * within the byte cap but then cost the page seconds per pass.
 */
export function scanJson(
  text: string,
  maxDepth: number,
  maxItems: number
): "too_deep" | "too_many" | null {
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
      if (++depth > maxDepth) return "too_deep"
      if (++items > maxItems) return "too_many"
    } else if (c === 0x7d || c === 0x5d) depth--
    else if (c === 0x2c && ++items > maxItems) return "too_many"
  }
  return null
}

/** Result of `parseJsonBounded`. */
export type ParseJsonResult =
  | { ok: true; value: unknown }
  | { ok: false; reason: "too_deep" | "too_many" | "invalid_json" }

/** Parses JSON after checking its depth and size in values; never throws. */
export function parseJsonBounded(
  text: string,
  maxDepth: number,
  maxItems = Infinity
): ParseJsonResult {
  const scanned = scanJson(text, maxDepth, maxItems)
  if (scanned) return { ok: false, reason: scanned }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false, reason: "invalid_json" }
  }
}
