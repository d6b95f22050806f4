/**
 * JSON values that start a line of a page (a ```json block, a request
 * pasted in an issue comment, a here-document's body): where each one
 * ends, found without parsing. Linear: a value is scanned once; a value
 * nested in a scanned one is answered from that scan (its closing bracket
 * was recorded, or it fails where the outer scan failed).
 */

/** A JSON value's text range in the page: `[start, end)`. */
export interface JsonSpan {
  start: number
  end: number
}

const OPEN = new Set(["{", "["])
// Characters JSON allows outside strings (besides brackets and quotes).
const BARE = /[\s,:0-9.eE+\-truefalsn]/

/** The first non-blank character of each line that opens `{` or `[`. */
function lineOpeners(text: string, from: number, to: number): number[] {
  const starts: number[] = []
  for (let at = from; at < to;) {
    const nl = text.indexOf("\n", at)
    const end = nl === -1 || nl > to ? to : nl
    let i = at
    while (i < end && (text[i] === " " || text[i] === "\t" || text[i] === ">"))
      i++
    if (OPEN.has(text[i] ?? "")) starts.push(i)
    at = end + 1
  }
  return starts
}

interface Scan {
  /** Where the value that opened at `start` closes (exclusive), if it did. */
  closes: Map<number, number>
  /** Where the scan stopped: the end of the value, or the failure. */
  stop: number
}

/** Scans brackets and strings from `start`; records every bracket pair. */
function scanFrom(text: string, start: number, limit: number): Scan {
  const closes = new Map<number, number>()
  const stack: number[] = []
  let i = start
  while (i < limit) {
    const c = text[i]!
    if (c === '"') {
      i++
      while (i < limit && text[i] !== '"' && text[i] !== "\n")
        i += text[i] === "\\" ? 2 : 1
      if (text[i] !== '"') return { closes, stop: i }
      i++
    } else if (c === "{" || c === "[") {
      stack.push(i)
      i++
    } else if (c === "}" || c === "]") {
      const open = stack.pop()
      if (open === undefined || (text[open] === "{") !== (c === "}"))
        return { closes, stop: i }
      closes.set(open, i + 1)
      i++
      if (stack.length === 0) return { closes, stop: i }
    } else if (BARE.test(c)) i++
    else return { closes, stop: i }
  }
  return { closes, stop: i }
}

/**
 * Every top-level JSON value that starts a line in `text[from, to)`, in
 * order (values inside another are not listed).
 */
export function findJsonSpans(
  text: string,
  from = 0,
  to = text.length
): JsonSpan[] {
  const spans: JsonSpan[] = []
  const openers = lineOpeners(text, from, to)
  let scan: Scan | undefined
  let next = 0 // the first opener not inside a span already found
  for (const start of openers) {
    if (start < next) continue
    if (!scan || start >= scan.stop) scan = scanFrom(text, start, to)
    const end = scan.closes.get(start)
    if (end === undefined) continue // fails where the enclosing scan failed
    spans.push({ start, end })
    next = end
  }
  return spans
}
