/**
 * Splits the first command of a POSIX shell snippet into words — enough for
 * curl commands copied from docs: quotes ('…', "…", $'…'), backslash line
 * continuations, and here-documents (`<<EOF` … `EOF`). No expansion is done
 * ($VAR stays literal), which is what we want for API-key placeholders.
 */

export interface ShellCommand {
  words: string[]
  /** Body of the first here-document, if any. */
  heredoc?: string
}

const ANSI: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  "\\": "\\",
  "'": "'",
  '"': '"',
  a: "\x07",
  b: "\b",
  e: "\x1b",
  f: "\f",
  v: "\v",
  "0": "\0",
}

/** Words of the first command, or an error saying where quoting broke. */
export function splitShellCommand(
  text: string
):
  | { success: true; command: ShellCommand }
  | { success: false; error: string; offset: number } {
  const words: string[] = []
  let word = ""
  let inWord = false
  let heredoc: { delimiter: string; strip: boolean } | undefined
  let heredocBody: string | undefined
  let i = 0
  const endWord = () => {
    if (inWord) words.push(word)
    word = ""
    inWord = false
  }
  while (i < text.length) {
    const c = text[i] ?? ""
    if (c === "\\" && text[i + 1] === "\n") {
      i += 2
      continue
    }
    if (c === "\\" && text[i + 1] === "\r" && text[i + 2] === "\n") {
      i += 3
      continue
    }
    if (c === "\n" || c === "\r") {
      endWord()
      if (heredoc && heredocBody === undefined) {
        const read = readHeredoc(
          text,
          i + (c === "\r" && text[i + 1] === "\n" ? 2 : 1),
          heredoc.delimiter,
          heredoc.strip
        )
        heredocBody = read.body
        i = read.end
        continue
      }
      // A newline ends the command unless nothing has been read yet.
      if (words.length > 0) break
      i++
      continue
    }
    if (c === " " || c === "\t") {
      endWord()
      i++
      continue
    }
    if ((c === ";" || c === "|" || c === "&") && !inWord) break
    if (c === "<" && text[i + 1] === "<" && !inWord) {
      const m =
        /^<<(-?)[ \t]*(?:'([^'\n]*)'|"([^"\n]*)"|([A-Za-z_][\w]*))/.exec(
          text.slice(i, i + 200)
        )
      if (m) {
        heredoc = {
          strip: m[1] === "-",
          delimiter: m[2] ?? m[3] ?? m[4] ?? "EOF",
        }
        i += m[0].length
        continue
      }
    }
    inWord = true
    if (c === "'") {
      const end = text.indexOf("'", i + 1)
      if (end === -1)
        return { success: false, error: "Unterminated single quote", offset: i }
      word += text.slice(i + 1, end)
      i = end + 1
      continue
    }
    if (c === "$" && text[i + 1] === "'") {
      const read = readAnsi(text, i + 2)
      if (!read)
        return { success: false, error: "Unterminated $'…' quote", offset: i }
      word += read.value
      i = read.end
      continue
    }
    if (c === '"') {
      const read = readDouble(text, i + 1)
      if (!read)
        return { success: false, error: "Unterminated double quote", offset: i }
      word += read.value
      i = read.end
      continue
    }
    if (c === "\\") {
      word += text[i + 1] ?? ""
      i += 2
      continue
    }
    word += c
    i++
  }
  endWord()
  return {
    success: true,
    command:
      heredocBody === undefined ? { words } : { words, heredoc: heredocBody },
  }
}

function readDouble(
  text: string,
  start: number
): { value: string; end: number } | null {
  let value = ""
  for (let i = start; i < text.length; i++) {
    const c = text[i]
    if (c === '"') return { value, end: i + 1 }
    if (c === "\\") {
      const next = text[i + 1] ?? ""
      if (next === "\n") {
        i++
        continue
      }
      if (next === '"' || next === "\\" || next === "$" || next === "`") {
        value += next
        i++
        continue
      }
    }
    value += c
  }
  return null
}

function readAnsi(
  text: string,
  start: number
): { value: string; end: number } | null {
  let value = ""
  for (let i = start; i < text.length; i++) {
    const c = text[i]
    if (c === "'") return { value, end: i + 1 }
    if (c === "\\") {
      const next = text[i + 1] ?? ""
      if (next === "x") {
        const hex = /^[0-9a-fA-F]{1,2}/.exec(text.slice(i + 2, i + 4))
        if (hex) {
          value += String.fromCharCode(Number.parseInt(hex[0], 16))
          i += 1 + hex[0].length
          continue
        }
      }
      value += ANSI[next] ?? `\\${next}`
      i++
      continue
    }
    value += c
  }
  return null
}

function readHeredoc(
  text: string,
  start: number,
  delimiter: string,
  strip: boolean
): { body: string; end: number } {
  const lines: string[] = []
  let pos = start
  while (pos < text.length) {
    const nl = text.indexOf("\n", pos)
    const end = nl === -1 ? text.length : nl
    let line = text.slice(pos, end).replace(/\r$/, "")
    if (strip) line = line.replace(/^\t+/, "")
    pos = nl === -1 ? text.length : nl + 1
    if (line.trim() === delimiter) return { body: lines.join("\n"), end: pos }
    lines.push(line)
  }
  // No terminator: take the rest (people often forget the final EOF line).
  return { body: lines.join("\n"), end: text.length }
}
