// JSON.parse and every recursive walker after it (redaction, secret
// stripping, rendering) would overflow the stack on `[[[[…` nested 100k
// deep, so depth is measured with a flat scan before anything parses.

/** True when `text` nests arrays/objects deeper than `maxDepth` (strings are skipped). */
export function exceedsJsonDepth(text: string, maxDepth: number): boolean {
  let depth = 0
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
      if (++depth > maxDepth) return true
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return false
}

/** Result of `parseJsonBounded`. */
export type ParseJsonResult =
  | { ok: true; value: unknown }
  | { ok: false; reason: "too_deep" | "invalid_json" }

/** Parses JSON after checking its depth; never throws. */
export function parseJsonBounded(
  text: string,
  maxDepth: number
): ParseJsonResult {
  if (exceedsJsonDepth(text, maxDepth)) return { ok: false, reason: "too_deep" }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false, reason: "invalid_json" }
  }
}
