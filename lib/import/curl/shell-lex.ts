import { PieceWriter } from "./piece"
import { ShellSyntaxError, type Cursor } from "./quotes"
import type { Dialect, Heredoc, Substitution } from "./shell-types"

/** Small lexical pieces of `parseShell` (shell.ts), per dialect. */

/** Characters that end a word outside quotes. */
export const BREAKS = " \t\r\n;&|<>"
/** A run of characters with no special meaning, per dialect. */
export const RUNS: Record<Dialect, RegExp> = {
  posix: /[^ \t\r\n;&|<>'"\\$`)]+/y,
  cmd: /[^ \t\r\n&|<>"\\^]+/y,
  powershell: /[^ \t\r\n;&|<>'"`)$@]+/y,
}
const CONTINUATION: Record<Dialect, string> = {
  posix: "\\",
  cmd: "^",
  powershell: "`",
}
/** A prompt copied with the command: `$ `, `% `, `PS C:\> `, `C:\> `. */
export const PROMPT =
  /^(?:\$|%|PS(?: [^\n>]*)?>|[A-Za-z]:\\[^\n>]*>)[ \t]+(?=\S)/
/** A redirection operator, with an optional file descriptor. */
export const REDIRECT = /^(?:\d+|&)?(<<<|<<-|<<|>>|>&|<&|>\||<>|>|<)/

/**
 * Length of a line continuation at `cur.pos` (0 when there is none). One
 * followed by spaces before the line end is accepted and reported in
 * `repairs` (the shell would not continue the line; the intent is plain).
 */
export function continuationLength(
  cur: Cursor,
  dialect: Dialect,
  repairs: string[]
): number {
  const { text, pos } = cur
  const mark = CONTINUATION[dialect]
  if (text[pos] !== mark) return 0
  let i = pos + 1
  while (text[i] === " " || text[i] === "\t") i++
  if (text[i] === "\r") i++
  if (text[i] !== "\n") return 0
  if (i > pos + 2 || (i === pos + 2 && text[pos + 1] !== "\r"))
    repairs.push(
      `Read "${mark}" followed by spaces at a line end as a line continuation`
    )
  return i + 1 - pos
}

/**
 * Where a comment starting at `cur.pos` ends (the newline is not part of
 * it), or -1 when there is none: `#…` (sh, PowerShell), `<#…#>`
 * (PowerShell), `REM …` and `:: …` at a command start (cmd).
 */
export function commentEnd(
  cur: Cursor,
  dialect: Dialect,
  atCommandStart: boolean
): number {
  const { text, pos } = cur
  if (dialect === "powershell" && text.startsWith("<#", pos)) {
    const close = text.indexOf("#>", pos + 2)
    return close === -1 ? text.length : close + 2
  }
  const starts =
    dialect === "cmd"
      ? atCommandStart &&
        /^(?:rem(?=[ \t\r\n]|$)|::)/i.test(text.slice(pos, pos + 4))
      : text[pos] === "#"
  if (!starts) return -1
  const nl = text.indexOf("\n", pos)
  return nl === -1 ? text.length : nl
}

/** `` `…` `` (sh): kept as text, never run; says what it would run. */
export function readBacktick(cur: Cursor, w: PieceWriter): Substitution {
  const { text } = cur
  const start = cur.pos
  let i = start + 1
  while (i < text.length && text[i] !== "`") i += text[i] === "\\" ? 2 : 1
  if (i >= text.length)
    throw new ShellSyntaxError("Unterminated ` quote", start)
  cur.pos = i + 1
  w.add(text.slice(start, cur.pos), start)
  const name = /^`\s*([\w./-]+)/.exec(text.slice(start, start + 64))
  const command = name?.[1]?.split("/").pop()
  return {
    command: command ? `\`${command}\`` : "a command",
    start,
    end: cur.pos,
  }
}

/**
 * Reads a here-document's lines from `cur.pos` (the line after `<<EOF`) up
 * to its delimiter line, into `doc`. Without one it takes the rest of the
 * text and leaves `doc.terminated` false.
 */
export function readHeredocBody(
  cur: Cursor,
  doc: Heredoc,
  track: boolean
): void {
  const { text } = cur
  const w = new PieceWriter(track)
  let pos = cur.pos
  let lastEnd = -1
  while (pos < text.length) {
    const nl = text.indexOf("\n", pos)
    const lineEnd = nl === -1 ? text.length : nl
    const contentEnd =
      lineEnd > pos && text[lineEnd - 1] === "\r" ? lineEnd - 1 : lineEnd
    let from = pos
    if (doc.strip) while (from < contentEnd && text[from] === "\t") from++
    pos = nl === -1 ? text.length : nl + 1
    if (text.slice(from, contentEnd).trim() === doc.delimiter) {
      doc.terminated = true
      break
    }
    if (lastEnd !== -1) w.add("\n", lastEnd)
    w.add(text.slice(from, contentEnd), from)
    lastEnd = contentEnd
  }
  doc.value = w.value
  doc.spans = w.spans
  doc.end = pos
  cur.pos = pos
}
