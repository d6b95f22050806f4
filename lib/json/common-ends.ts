const CHUNK = 4096

/**
 * Lengths of the common prefix and suffix of two texts (never overlapping):
 * where an edit starts and ends. Whole chunks are compared natively first,
 * so two 4 MB texts that differ in a few characters take about a millisecond.
 */
export function commonEnds(a: string, b: string): [number, number] {
  const max = Math.min(a.length, b.length)
  let p = 0
  while (p + CHUNK <= max && a.substr(p, CHUNK) === b.substr(p, CHUNK))
    p += CHUNK
  while (p < max && a.charCodeAt(p) === b.charCodeAt(p)) p++
  const room = max - p
  let s = 0
  while (
    s + CHUNK <= room &&
    a.substr(a.length - s - CHUNK, CHUNK) ===
      b.substr(b.length - s - CHUNK, CHUNK)
  )
    s += CHUNK
  while (
    s < room &&
    a.charCodeAt(a.length - 1 - s) === b.charCodeAt(b.length - 1 - s)
  )
    s++
  return [p, s]
}

/**
 * Index just past the JSON string whose opening quote is at `i` (the text's
 * length when it never closes). Jumps from quote to quote natively.
 */
export function skipJsonString(text: string, i: number): number {
  let j = i + 1
  for (;;) {
    const q = text.indexOf('"', j)
    if (q < 0) return text.length
    let backslashes = 0
    while (text.charCodeAt(q - 1 - backslashes) === 92) backslashes++
    if (backslashes % 2 === 0) return q + 1
    j = q + 1
  }
}

/**
 * The element of the JSON array starting at `arrayStart` (its `[`) that
 * holds `offset`: its index and where its text starts. Null when the offset
 * is outside the array or between elements.
 */
export function arrayElementAt(
  text: string,
  arrayStart: number,
  offset: number
): { index: number; start: number } | null {
  let depth = 0
  let index = 0
  let start = -1
  for (let i = arrayStart; i < text.length && i <= offset; i++) {
    const c = text.charCodeAt(i)
    if (c === 34 /* " */) {
      if (depth === 1 && start < 0) start = i
      const end = skipJsonString(text, i)
      if (offset < end) break
      i = end - 1
    } else if (c === 123 || c === 91 /* { [ */) {
      if (depth === 1 && start < 0) start = i
      depth++
    } else if (c === 125 || c === 93 /* } ] */) {
      depth--
      if (depth === 0) return null
    } else if (c === 44 /* , */ && depth === 1) {
      index++
      start = -1
    } else if (depth === 1 && start < 0 && c > 32) start = i
  }
  return start >= 0 ? { index, start } : null
}
