/**
 * The tokens of a PDF content stream, read forward one at a time: each
 * character is looked at a bounded number of times (a run of 80,000 spaces
 * is skipped once, not rescanned from every position), arrays are built
 * with an explicit stack (no recursion, however deep they nest).
 */

/** An operand: a string's bytes, a number, a name, or an array of them. */
export type Operand = string | number | { name: string } | Operand[]

/** One step: an operand was pushed, or an operator was read. */
export interface Token {
  /** Where reading goes on. */
  end: number
  operator?: string
}

const isWhite = (c: number) =>
  c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 0
/** `( ) < > [ ] { } / %`: characters that end a name, number or operator. */
const isDelimiter = (c: number) =>
  c === 40 ||
  c === 41 ||
  c === 60 ||
  c === 62 ||
  c === 91 ||
  c === 93 ||
  c === 123 ||
  c === 125 ||
  c === 47 ||
  c === 37

/** Past whitespace and comments. */
function skipBlank(s: string, at: number): number {
  while (at < s.length) {
    const c = s.charCodeAt(at)
    if (isWhite(c)) at++
    else if (c === 37) {
      while (at < s.length && s[at] !== "\n" && s[at] !== "\r") at++
    } else break
  }
  return at
}

/** The end of a run of regular characters (a name, number or operator). */
function regularEnd(s: string, at: number): number {
  while (at < s.length) {
    const c = s.charCodeAt(at)
    if (isWhite(c) || isDelimiter(c)) break
    at++
  }
  return at
}

const ESCAPES: Record<string, string> = {
  n: "\n",
  r: "\r",
  t: "\t",
  b: "\b",
  f: "\f",
}

/** A literal string `( … )` starting at `at`: its bytes and where it ends. */
function literalAt(s: string, at: number): [string, number] {
  let out = ""
  let depth = 0
  for (let i = at; i < s.length; i++) {
    const c = s[i]!
    if (c === "\\") {
      const e = s[++i] ?? ""
      const oct = /^[0-7]{1,3}/.exec(s.slice(i, i + 3))
      if (oct) {
        out += String.fromCharCode(parseInt(oct[0], 8) & 255)
        i += oct[0].length - 1
      } else out += ESCAPES[e] ?? (e === "\n" || e === "\r" ? "" : e)
    } else if (c === "(") {
      if (depth++ > 0) out += c
    } else if (c === ")") {
      if (--depth === 0) return [out, i + 1]
      out += c
    } else out += c
  }
  return [out, s.length]
}

/** A hex string `< … >` starting at `at`: its bytes and where it ends. */
function hexAt(s: string, at: number): [string, number] {
  const close = s.indexOf(">", at)
  const end = close < 0 ? s.length : close
  const hex = s.slice(at + 1, end).replace(/[^0-9A-Fa-f]+/g, "")
  let out = ""
  for (let i = 0; i < hex.length; i += 2)
    out += String.fromCharCode(parseInt(hex.slice(i, i + 2).padEnd(2, "0"), 16))
  return [out, close < 0 ? s.length : close + 1]
}

/** One value at `at` (not an array bracket): the value, or an operator word. */
function valueAt(
  s: string,
  at: number
): { value?: Operand; word?: string; end: number } {
  const c = s[at]!
  if (c === "(") {
    const [value, end] = literalAt(s, at)
    return { value, end }
  }
  if (c === "<" && s[at + 1] === "<") {
    // An inline dictionary (marked-content properties): skipped.
    const close = s.indexOf(">>", at + 2)
    return { end: close < 0 ? s.length : close + 2 }
  }
  if (c === "<") {
    const [value, end] = hexAt(s, at)
    return { value, end }
  }
  if (c === "/") {
    const end = regularEnd(s, at + 1)
    return { value: { name: s.slice(at + 1, end) }, end }
  }
  const end = regularEnd(s, at)
  if (end === at) return { end: at + 1 } // a stray `)`, `>`, `{` or `}`
  const word = s.slice(at, end)
  if (/^[-+.\d]/.test(word)) return { value: Number(word) || 0, end }
  return { word, end }
}

/**
 * Reads from `at`: pushes the next operand onto `operands` (an array whole),
 * or returns the next operator; null at the end of the stream. An operator
 * word inside an array is dropped.
 */
export function nextToken(
  s: string,
  at: number,
  operands: Operand[]
): Token | null {
  const open: Operand[][] = []
  for (;;) {
    at = skipBlank(s, at)
    if (at >= s.length) return null
    const c = s[at]
    if (c === "[") {
      open.push([])
      at++
      continue
    }
    let value: Operand | undefined
    if (c === "]") {
      at++
      value = open.pop()
    } else {
      const read = valueAt(s, at)
      at = read.end
      if (read.word !== undefined && open.length === 0)
        return { end: at, operator: read.word }
      value = read.value
    }
    if (value === undefined) continue
    const into = open.at(-1)
    if (into) into.push(value)
    else {
      operands.push(value)
      return { end: at }
    }
  }
}
