/**
 * A tokenizer for the literal parts of Python and TypeScript source: strings
 * (every quote style, prefixes, triple quotes, template literals), numbers,
 * identifiers and punctuation; comments and whitespace skipped. Each token
 * is read once from a moving position, so scanning is linear.
 */

export interface Token {
  kind: "str" | "num" | "id" | "punct" | "end"
  /** The string's value, the number's text, the identifier or the character. */
  value: string
  start: number
  end: number
  /** A string with `{…}` / `${…}` holes (f-string, template literal). */
  interpolated?: boolean
}

const ID_START = /[A-Za-z_$]/
const ID_PART = /[\w$]/
const PREFIX = /^[rRbBuUfF]{1,2}$/

/** Index after the comment or whitespace run at `i` (none: `i`). */
function skipSpace(text: string, from: number): number {
  let i = from
  for (;;) {
    const c = text[i]
    if (c === " " || c === "\t" || c === "\n" || c === "\r") i++
    else if (c === "#" || (c === "/" && text[i + 1] === "/")) {
      const nl = text.indexOf("\n", i)
      i = nl === -1 ? text.length : nl + 1
    } else if (c === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2)
      i = close === -1 ? text.length : close + 2
    } else return i
  }
}

const ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  b: "\b",
  f: "\f",
  v: "\v",
  "0": "\0",
}

/** The character(s) an escape at `text[i]` (after the backslash) stands for. */
function escape(text: string, i: number): { value: string; next: number } {
  const c = text[i] ?? ""
  if (c === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5)))
    return {
      value: String.fromCharCode(parseInt(text.slice(i + 1, i + 5), 16)),
      next: i + 5,
    }
  if (c === "x" && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3)))
    return {
      value: String.fromCharCode(parseInt(text.slice(i + 1, i + 3), 16)),
      next: i + 3,
    }
  if (c === "\n") return { value: "", next: i + 1 } // line continuation
  return { value: ESCAPES[c] ?? c, next: i + 1 }
}

/** A string token starting with its quote at `q` (`prefix` before it). */
function readString(text: string, q: number, prefix: string): Token {
  const quote = text[q]!
  const triple = quote !== "`" && text.startsWith(quote.repeat(3), q)
  const close = triple ? quote.repeat(3) : quote
  const raw = /r/i.test(prefix)
  const holes = quote === "`" ? "${" : /f/i.test(prefix) ? "{" : null
  let value = ""
  let i = q + close.length
  while (i < text.length && !text.startsWith(close, i)) {
    const c = text[i]!
    if (c === "\\" && !raw) {
      const e = escape(text, i + 1)
      value += e.value
      i = e.next
      continue
    }
    if (!triple && quote !== "`" && c === "\n") break // unterminated
    value += c
    i++
  }
  const interpolated = holes !== null && value.includes(holes)
  return {
    kind: "str",
    value,
    start: q - prefix.length,
    end: Math.min(text.length, i + close.length),
    ...(interpolated ? { interpolated } : {}),
  }
}

/** The token at or after `from`. */
export function tokenAt(text: string, from: number): Token {
  const i = skipSpace(text, from)
  if (i >= text.length) return { kind: "end", value: "", start: i, end: i }
  const c = text[i]!
  if (c === '"' || c === "'" || c === "`") return readString(text, i, "")
  if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(text[i + 1] ?? ""))) {
    const m = /^[0-9_]*\.?[0-9_]*(?:[eE][+-]?[0-9]+)?/.exec(
      text.slice(i, i + 64)
    )
    const len = Math.max(1, m![0].length)
    return {
      kind: "num",
      value: text.slice(i, i + len),
      start: i,
      end: i + len,
    }
  }
  if (ID_START.test(c)) {
    let j = i + 1
    while (j < text.length && ID_PART.test(text[j]!)) j++
    const word = text.slice(i, j)
    if (PREFIX.test(word) && (text[j] === '"' || text[j] === "'"))
      return readString(text, j, word)
    return { kind: "id", value: word, start: i, end: j }
  }
  return { kind: "punct", value: c, start: i, end: i + 1 }
}
