import { lineColumn } from "../bounds"
import { commandLabel, commandWords, outputOf } from "./output"
import { slicePiece, type Piece } from "./piece"
import {
  type Dialect,
  type Heredoc,
  type ShellCommand,
  type ShellWord,
  type Substitution,
} from "./shell-words"
import { parseShell } from "./shell"
import { ShellSyntaxError } from "./quotes"
import { Scanner } from "./shell-words"
import type { ImportNote, Parsed } from "../types"

/** One body the curl command sends, and what to call it in messages. */
export interface CurlBody {
  piece: Piece
  /** "the --data body", "the here-document"… */
  label: string
  heredocs: Heredoc[]
  /**
   * Command substitutions inside the body, kept as written: the body is
   * imported if it is JSON all the same (the text sits in a string), else
   * the import says what the command would have run.
   */
  substitutions?: Substitution[]
}

/** What a curl command carries. Header values are only read to recognise them. */
export interface CurlRequest {
  url?: string
  headers: string[]
  keyFlag: boolean
  bodies: CurlBody[]
  notes: ImportNote[]
}

const DATA_FLAGS = new Set([
  "-d",
  "--data",
  "--data-binary",
  "--data-ascii",
  "--data-raw",
  "--json",
])
/** curl options that take a value we do not use (skipped with it). */
const VALUE_FLAGS = new Set(
  "-o --output -m --max-time -A --user-agent -b --cookie -c --cookie-jar -e --referer -x --proxy -w --write-out --connect-timeout --retry -K --config --cacert --cert --key -F --form -T --upload-file --resolve --max-filesize --limit-rate --data-urlencode -E -r --range --url-query --variable --aws-sigv4 --proxy-user -U".split(
    " "
  )
)
const KEY_FLAGS = new Set(["-u", "--user", "--oauth2-bearer"])

function fail<T>(message: string, text?: string, offset?: number): Parsed<T> {
  return {
    success: false,
    error:
      text !== undefined && offset !== undefined
        ? { message, ...lineColumn(text, offset) }
        : { message },
  }
}

/** cmd `^` or PowerShell backtick line ends make it that shell; else POSIX. */
export function guessDialect(text: string): Dialect {
  const counts = { posix: 0, cmd: 0, powershell: 0 }
  for (const m of text.matchAll(/(?:^|[ \t])([\\^`])[ \t]*\r?$/gm)) {
    const c = m[1]
    counts[c === "^" ? "cmd" : c === "`" ? "powershell" : "posix"]++
  }
  if (counts.cmd > counts.posix && counts.cmd >= counts.powershell) return "cmd"
  if (counts.powershell > counts.posix) return "powershell"
  return "posix"
}

const isCurl = (w: ShellWord | undefined) =>
  /^(?:.*[\\/])?curl(?:\.exe)?$/i.test(w?.value ?? "")

export function substitutionError<T>(
  text: string,
  label: string,
  sub: Substitution
): Parsed<T> {
  return fail(
    sub.file !== undefined
      ? `${label} comes from $(cat ${sub.file}), which reads the file "${short(sub.file)}"; paste that file's JSON instead.`
      : `${label} is built by ${sub.command} in a command substitution, which the importer does not run; paste the JSON it produces instead.`,
    text,
    sub.start
  )
}

const short = (s: string) => (s.length > 80 ? `${s.slice(0, 77)}…` : s)
/** "the --data body" → "The --data body". */
export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** Finds the curl command in `text` and reads its options and bodies. */
export function readCurlRequest(
  text: string,
  track: boolean,
  which = 0
): Parsed<CurlRequest> {
  const all = readCurlRequests(text, track)
  if (!all.success) return all
  return all.data[Math.min(which, all.data.length - 1)]!
}

/** The notes a parse gives every command (repairs, dialect). */
function parseNotes(
  repairs: readonly string[],
  dialect: Dialect
): ImportNote[] {
  const notes: ImportNote[] = [...new Set(repairs)].map((message) => ({
    level: "info",
    message,
  }))
  if (dialect !== "posix")
    notes.push({
      level: "info",
      message:
        dialect === "cmd"
          ? "Read as a Windows cmd command (^ line continuations)"
          : "Read as a PowerShell command (` line continuations)",
    })
  return notes
}

/**
 * Every curl command of the text (a docs block may hold several), each read
 * on its own; the text is parsed once.
 */
export function readCurlRequests(
  text: string,
  track: boolean
): Parsed<Array<Parsed<CurlRequest>>> {
  const dialect = guessDialect(text)
  const parsed = parseShell(text, { dialect, track })
  if (!parsed.success)
    return fail(
      `Could not read the curl command: ${parsed.error}.`,
      text,
      parsed.offset
    )
  const reads: Array<Parsed<CurlRequest>> = []
  const skipped = new Set<string>()
  for (const pipeline of parsed.script) {
    const names = pipeline.map((cmd) => commandWords(cmd))
    const index = names.findIndex((words) => isCurl(words[0]))
    if (index === -1) {
      if (reads.length === 0) noteSkipped(pipeline, names, skipped)
      continue
    }
    const notes = parseNotes(parsed.repairs, dialect)
    if (reads.length === 0 && skipped.size > 0)
      notes.push({
        level: "info",
        message: `Ignored the shell commands before curl (${[...skipped].join(", ")})`,
      })
    reads.push(readCommand(text, pipeline, index, names[index] ?? [], notes))
  }
  if (reads.length === 0)
    return fail(
      "No `curl` command found. Paste the command itself, starting with `curl`."
    )
  return { success: true, data: reads }
}

/** One curl command read out of a longer text, and where it ends. */
export interface CurlAt {
  read: Parsed<CurlRequest>
  /** Offset (in the text given) just after the command. */
  end: number
}

/**
 * Reads the one pipeline that starts at `at` in `text` (a page: what follows
 * the command is not shell) and its curl command. `inSubst`: the command
 * sits inside `$( … )`, which a `)` closes.
 */
export function readCurlAt(
  text: string,
  at: number,
  inSubst: boolean,
  track: boolean
): CurlAt {
  const dialect = guessDialect(text)
  const scanner = new Scanner(text, dialect, track)
  scanner.pos = at
  let pipeline: ShellCommand[] | undefined
  try {
    pipeline = scanner.list(inSubst, 0, true).pipelines[0]
    scanner.finish()
  } catch (error) {
    const offset = error instanceof ShellSyntaxError ? error.offset : at
    const message = error instanceof Error ? error.message : String(error)
    return {
      read: fail(`Could not read the curl command: ${message}.`, text, offset),
      end: text.length,
    }
  }
  const end = scanner.pos
  const names = (pipeline ?? []).map((cmd) => commandWords(cmd))
  const index = names.findIndex((words) => isCurl(words[0]))
  if (!pipeline || index === -1)
    return { read: fail("No `curl` command found here."), end }
  const notes = parseNotes(scanner.repairs, dialect)
  return {
    read: readCommand(text, pipeline, index, names[index] ?? [], notes),
    end,
  }
}

function noteSkipped(
  pipeline: ShellCommand[],
  names: ShellWord[][],
  skipped: Set<string>
): void {
  names.forEach((words, i) => {
    const assignment = /^[A-Za-z_]\w*(?==)/.exec(
      pipeline[i]?.words[0]?.value ?? ""
    )
    skipped.add(
      words[0] || !assignment
        ? commandLabel(words[0])
        : `\`${assignment[0]}=…\``
    )
  })
}

/** The flags of one curl command: URL, headers, key flags, data pieces. */
function readFlags(words: ShellWord[], request: CurlRequest) {
  const data: Array<{
    word: ShellWord
    piece: Piece
    flag: string
    raw: boolean
  }> = []
  for (let i = 1; i < words.length; i++) {
    const w = words[i]
    if (!w) continue
    const v = w.value
    const next = () => words[++i]
    if (DATA_FLAGS.has(v)) {
      const value = next()
      if (value)
        data.push({
          word: value,
          piece: value,
          flag: v,
          raw: v === "--data-raw",
        })
    } else if (v === "-H" || v === "--header")
      request.headers.push(next()?.value ?? "")
    else if (KEY_FLAGS.has(v)) {
      next()
      request.keyFlag = true
    } else if (v === "-X" || v === "--request") next()
    else if (v === "--url") request.url = next()?.value ?? ""
    else if (VALUE_FLAGS.has(v)) next()
    else if (/^-d./s.test(v))
      data.push({ word: w, piece: slicePiece(w, 2), flag: "-d", raw: false })
    else if (/^-H./s.test(v)) request.headers.push(v.slice(2))
    else if (!v.startsWith("-") && request.url === undefined) request.url = v
  }
  return data
}

/** One curl command (the `index`th command of `pipeline`) → its request. */
function readCommand(
  text: string,
  pipeline: ShellCommand[],
  index: number,
  words: ShellWord[],
  notes: ImportNote[]
): Parsed<CurlRequest> {
  const request: CurlRequest = {
    headers: [],
    keyFlag: false,
    bodies: [],
    notes,
  }
  for (const d of readFlags(words, request)) {
    const label = `the ${d.flag} body`
    const substitutions = d.word.substitutions
    for (const doc of d.word.heredocs)
      notes.push({
        level: "info",
        message: `Read the body from the here-document in $(cat <<${doc.delimiter} …)`,
      })
    if (d.raw || !d.piece.value.startsWith("@")) {
      request.bodies.push({
        piece: d.piece,
        label,
        heredocs: d.word.heredocs,
        ...(substitutions.length > 0 ? { substitutions } : {}),
      })
      continue
    }
    const source = d.piece.value.slice(1)
    if (source !== "-")
      return fail(
        `The body is read from the file "${short(source)}"; paste that file's JSON instead.`
      )
    const stdin = readStdin(text, pipeline, index, notes)
    if (!stdin.success) return stdin
    request.bodies.push(stdin.data)
  }
  return { success: true, data: request }
}

/** The body of `-d @-`: a here-document, a here-string or a pipe. */
function readStdin(
  text: string,
  pipeline: ShellCommand[],
  index: number,
  notes: ImportNote[]
): Parsed<CurlBody> {
  const cmd = pipeline[index]
  const input = cmd?.redirects.find((r) => r.op !== ">")
  const prev = index > 0 ? pipeline[index - 1] : undefined
  if (input?.op === "<<") {
    notes.push({
      level: "info",
      message: "Read the body from the here-document",
    })
    return {
      success: true,
      data: {
        piece: input.heredoc,
        label: "the here-document",
        heredocs: [input.heredoc],
      },
    }
  }
  if (input?.op === "<<<") {
    const sub = input.word.substitutions[0]
    if (sub) return substitutionError(text, "The here-string", sub)
    notes.push({
      level: "info",
      message: "Read the body from the here-string (<<<)",
    })
    return {
      success: true,
      data: {
        piece: input.word,
        label: "the here-string",
        heredocs: input.word.heredocs,
      },
    }
  }
  if (input?.op === "<" && input.target)
    return fail(
      `The body is read from the file "${short(input.target.value)}" (-d @- < file); paste that file's JSON instead.`
    )
  if (!prev)
    return fail(
      "The body is read from standard input (-d @-) but no here-document follows; paste the JSON instead."
    )
  const sub = prev.words.flatMap((w) => w.substitutions)[0]
  if (sub) return substitutionError(text, "The piped-in body", sub)
  const out = outputOf(prev)
  if ("file" in out)
    return fail(
      `The body is piped in from the file "${short(out.file)}"; paste that file's JSON instead.`
    )
  if ("command" in out)
    return fail(
      `The body is piped into curl (-d @-) from ${out.command}, which the importer does not run; paste the JSON it produces instead.`,
      text,
      prev.start
    )
  notes.push({
    level: "info",
    message: out.heredoc
      ? `Read the body from the here-document piped into curl (cat <<${out.heredoc.delimiter} | curl -d @-)`
      : `Read the body from the ${out.how} piped into curl`,
  })
  return {
    success: true,
    data: {
      piece: out.piece,
      label: out.heredoc ? "the here-document" : `the ${out.how} text`,
      heredocs: out.heredoc ? [out.heredoc] : [],
    },
  }
}
