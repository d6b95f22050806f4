import type { PieceWriter } from "./piece"

/**
 * Quote readers for the shells curl commands are pasted from. Each starts
 * at `cur.pos` on the opening character, appends what the quoted text means
 * to `w` (with where it came from) and leaves `cur.pos` after it.
 */

/** Where reading is (the text and an offset into it). */
export interface Cursor {
  readonly text: string
  pos: number
}

/** A quoting problem at `offset` of the pasted text. */
export class ShellSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number
  ) {
    super(message)
  }
}

const ANSI: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  v: "\v",
}

/** POSIX `'…'`: everything literal up to the next `'`. */
export function readSingle(cur: Cursor, w: PieceWriter): void {
  const end = cur.text.indexOf("'", cur.pos + 1)
  if (end === -1)
    throw new ShellSyntaxError("Unterminated single quote", cur.pos)
  w.add(cur.text.slice(cur.pos + 1, end), cur.pos + 1)
  cur.pos = end + 1
}

/** Bash `$'…'`: backslash escapes (\n, \t, \xHH, \uHHHH, \NNN octal…). */
export function readAnsi(cur: Cursor, w: PieceWriter): void {
  const { text } = cur
  const open = cur.pos
  let i = open + 2
  while (i < text.length) {
    const c = text[i]
    if (c === "'") {
      cur.pos = i + 1
      return
    }
    if (c !== "\\") {
      let j = i + 1
      while (j < text.length && text[j] !== "'" && text[j] !== "\\") j++
      w.add(text.slice(i, j), i)
      i = j
      continue
    }
    const next = text[i + 1] ?? ""
    const code =
      /^(?:x([0-9a-fA-F]{1,2})|u([0-9a-fA-F]{1,4})|U([0-9a-fA-F]{1,8})|([0-7]{1,3}))/.exec(
        text.slice(i + 1, i + 10)
      )
    const hex = code?.[1] ?? code?.[2] ?? code?.[3]
    if (code && hex !== undefined) {
      const point = Number.parseInt(hex, 16)
      w.escape(point <= 0x10ffff ? String.fromCodePoint(point) : "\uFFFD", i)
      i += 1 + code[0].length
    } else if (code?.[4] !== undefined) {
      w.escape(String.fromCharCode(Number.parseInt(code[4], 8) & 0xff), i)
      i += 1 + code[4].length
    } else {
      w.escape(ANSI[next] ?? `\\${next}`, i)
      i += 2
    }
  }
  throw new ShellSyntaxError("Unterminated $'…' quote", open)
}

const CMD_RUN = /[^"\\^&|<> \t\r\n]+/y

/**
 * One argument as Windows sees it, in two passes done together: cmd removes
 * `^` escapes outside its quotes (a `^` at a line end continues the line)
 * and stops at `&`, `|`, `<`, `>`; then curl.exe splits its command line
 * (outside `"…"` a space ends the argument; `\"` is a literal quote, `""`
 * inside quotes too; other backslashes are literal). So Chrome's "Copy as
 * cURL (cmd)" (`^"^{^\^"model^\^"…^}^"`) reads as the JSON it stands for.
 * A `'…'` at the start is read as in sh (people paste sh-style bodies).
 */
export function readCmdWord(cur: Cursor, w: PieceWriter): void {
  const { text } = cur
  if (text[cur.pos] === "'") readSingle(cur, w)
  let cmdQuoted = false
  let quoted = -1 // offset of the open `"` of curl.exe's splitting, or -1
  let slashes: number[] = []
  const flush = () => {
    for (const at of slashes) w.add("\\", at)
    slashes = []
  }
  let i = cur.pos
  while (i < text.length) {
    CMD_RUN.lastIndex = i
    if (CMD_RUN.test(text)) {
      flush()
      w.add(text.slice(i, CMD_RUN.lastIndex), i)
      i = CMD_RUN.lastIndex
      continue
    }
    const c = text[i] ?? ""
    let ch = c
    let at = i
    if (!cmdQuoted && c === "^") {
      const n = text[i + 1]
      const nl = n === "\n" ? 2 : n === "\r" && text[i + 2] === "\n" ? 3 : 0
      if (nl > 0 || n === undefined) {
        i += nl || 1
        continue
      }
      ch = n
      at = i + 1
      i += 2
    } else {
      if (!cmdQuoted && "&|<>".includes(c)) break
      if ((c === "\n" || c === "\r") && quoted === -1) break
      if (c === '"') cmdQuoted = !cmdQuoted
      i++
    }
    if (ch === "\\") {
      slashes.push(at)
      continue
    }
    if (ch === '"') {
      const count = slashes.length
      for (let k = 1; k < count; k += 2) w.add("\\", slashes[k] ?? at)
      slashes = []
      if (count % 2 === 1) w.add('"', at)
      else if (quoted !== -1 && text[i] === '"') {
        w.add('"', i)
        cmdQuoted = !cmdQuoted
        i++
      } else quoted = quoted === -1 ? at : -1
      continue
    }
    flush()
    if ((ch === " " || ch === "\t") && quoted === -1) break
    w.add(ch, at)
  }
  flush()
  if (quoted !== -1)
    throw new ShellSyntaxError("Unterminated double quote", quoted)
  cur.pos = i
}

/** PowerShell `'…'`: literal, `''` is one quote. */
export function readPsSingle(cur: Cursor, w: PieceWriter): void {
  const { text } = cur
  const open = cur.pos
  let i = open + 1
  for (;;) {
    const end = text.indexOf("'", i)
    if (end === -1)
      throw new ShellSyntaxError("Unterminated single quote", open)
    w.add(text.slice(i, end), i)
    if (text[end + 1] !== "'") {
      cur.pos = end + 1
      return
    }
    w.add("'", end + 1)
    i = end + 2
  }
}

const PS_ESCAPES: Record<string, string> = {
  "0": "\0",
  a: "\x07",
  b: "\b",
  e: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
}

/** PowerShell's backtick escape at `at`; returns the offset after it. */
export function psEscape(cur: Cursor, w: PieceWriter, at: number): number {
  const next = cur.text[at + 1]
  if (next === undefined) return at + 1
  const known = PS_ESCAPES[next]
  if (known !== undefined) w.escape(known, at)
  else w.add(next, at + 1)
  return at + 2
}

/**
 * PowerShell `"…"`: backtick escapes, `""` is one quote; `$var` and
 * `$(…)` stay literal (`onSubexpression` is told about the latter).
 */
export function readPsDouble(
  cur: Cursor,
  w: PieceWriter,
  onSubexpression: (start: number, end: number) => void
): void {
  const { text } = cur
  const open = cur.pos
  let i = open + 1
  while (i < text.length) {
    const c = text[i]
    if (c === "`") {
      i = psEscape(cur, w, i)
      continue
    }
    if (c === '"') {
      if (text[i + 1] === '"') {
        w.add('"', i + 1)
        i += 2
        continue
      }
      cur.pos = i + 1
      return
    }
    if (c === "$" && text[i + 1] === "(") {
      let depth = 0
      let j = i + 1
      for (; j < text.length; j++) {
        if (text[j] === "(") depth++
        else if (text[j] === ")" && --depth === 0) break
      }
      w.add(text.slice(i, j + 1), i)
      onSubexpression(i, Math.min(j + 1, text.length))
      i = j + 1
      continue
    }
    let j = i + 1
    while (j < text.length && !'`"$'.includes(text[j] ?? "")) j++
    w.add(text.slice(i, j), i)
    i = j
  }
  throw new ShellSyntaxError("Unterminated double quote", open)
}

/**
 * PowerShell here-string `@'⏎…⏎'@` (or `@"…"@`): the lines between the
 * opening and the closing line, taken literally. False when `cur.pos` is
 * not at one.
 */
export function readPsHereString(cur: Cursor, w: PieceWriter): boolean {
  const { text } = cur
  const m = /^@(['"])[ \t]*\r?\n/.exec(text.slice(cur.pos, cur.pos + 64))
  if (!m) return false
  const quote = m[1] ?? "'"
  const bodyStart = cur.pos + m[0].length
  const close = new RegExp(`\\r?\\n[ \\t]*${quote}@`, "g")
  close.lastIndex = bodyStart - 1
  const found = close.exec(text)
  if (!found)
    throw new ShellSyntaxError(
      `Unterminated here-string: no line starting with ${quote}@`,
      cur.pos
    )
  w.add(text.slice(bodyStart, Math.max(bodyStart, found.index)), bodyStart)
  cur.pos = found.index + found[0].length
  return true
}
