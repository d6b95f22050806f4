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
  /**
   * An interpolated string in pieces: literal text (escapes read, `{{` of an
   * f-string as `{`) and holes, each the offsets of its expression in the
   * text and, for an f-string, its `!r` conversion and `:spec`.
   */
  parts?: StringPart[]
}

export type StringPart =
  | string
  | {
      start: number
      end: number
      /** Offset just after the hole's closing brace. */
      close: number
      /** The hole as written, braces included (`{name}`, `${name}`). */
      raw: string
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

/** Index of the `}` that closes a hole whose expression starts at `from`. */
function holeEnd(
  text: string,
  from: number,
  close: string,
  multiline: boolean
): number {
  let depth = 0
  for (let i = from; i < text.length; i++) {
    const c = text[i]!
    if (c === "\n" && !multiline) return -1
    if (text.startsWith(close, i)) return -1 // the string ends inside the hole
    if (c === "{" || c === "[" || c === "(") depth++
    else if (c === "]" || c === ")") depth = Math.max(0, depth - 1)
    else if (c === "}") {
      if (depth === 0) return i
      depth--
    }
  }
  return -1
}

/** A string token starting with its quote at `q` (`prefix` before it). */
function readString(text: string, q: number, prefix: string): Token {
  const quote = text[q]!
  const triple = quote !== "`" && text.startsWith(quote.repeat(3), q)
  const close = triple ? quote.repeat(3) : quote
  const raw = /r/i.test(prefix)
  let holes = quote === "`" ? "${" : /f/i.test(prefix) ? "{" : null
  const parts: StringPart[] = []
  let value = ""
  let piece = ""
  let i = q + close.length
  while (i < text.length && !text.startsWith(close, i)) {
    const c = text[i]!
    if (/f/i.test(prefix) && (c === "{" || c === "}") && text[i + 1] === c) {
      value += c + c
      piece += c
      i += 2
      continue
    }
    if (holes !== null && text.startsWith(holes, i)) {
      const from = i + holes.length
      const end = holeEnd(text, from, close, triple || quote === "`")
      // An unclosed hole: the rest is read as text (each character once).
      if (end === -1) holes = null
      else {
        parts.push(piece, {
          start: from,
          end,
          close: end + 1,
          raw: text.slice(i, end + 1),
        })
        piece = ""
        value += text.slice(i, end + 1)
        i = end + 1
        continue
      }
    }
    if (c === "\\" && !raw) {
      const e = escape(text, i + 1)
      value += e.value
      piece += e.value
      i = e.next
      continue
    }
    if (!triple && quote !== "`" && c === "\n") break // unterminated
    value += c
    piece += c
    i++
  }
  const interpolated = parts.length > 0
  if (interpolated) parts.push(piece)
  return {
    kind: "str",
    value,
    start: q - prefix.length,
    end: Math.min(text.length, i + close.length),
    ...(interpolated ? { interpolated, parts } : {}),
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
