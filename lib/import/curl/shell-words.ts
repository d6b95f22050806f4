/** The scanner behind `parseShell` (shell.ts). */
import { outputOf } from "./output"
import { PieceWriter, slicePiece } from "./piece"
import {
  BREAKS,
  commentEnd,
  continuationLength,
  PROMPT,
  readBacktick,
  readHeredocBody,
  REDIRECT,
  RUNS,
} from "./shell-lex"
import type {
  Dialect,
  Heredoc,
  ShellCommand,
  ShellScript,
  ShellWord,
} from "./shell-types"
import {
  psEscape,
  readAnsi,
  readCmdWord,
  readPsDouble,
  readPsHereString,
  readPsSingle,
  readSingle,
  ShellSyntaxError,
  type Cursor,
} from "./quotes"

export type * from "./shell-types"

const MAX_NESTING = 16

/** The shell reader: commands, words, quotes, here-documents. */
export class Scanner implements Cursor {
  pos = 0
  readonly repairs: string[] = []
  private pending: Heredoc[] = []
  private unterminated: Heredoc | undefined

  constructor(
    readonly text: string,
    private readonly dialect: Dialect,
    private readonly track: boolean
  ) {}

  /**
   * Commands up to the end (or, in `$( )`, up to the closing `)`); with
   * `first`, only up to the end of the first pipeline (one command read out
   * of a page: the text after it is not shell).
   */
  list(
    inSubst: boolean,
    depth: number,
    first = false
  ): { pipelines: ShellScript; closed: boolean } {
    const { text } = this
    const pipelines: ShellScript = []
    let pipeline: ShellCommand[] = []
    let cmd = this.command()
    let piped = false
    const endCommand = () => {
      if (cmd.words.length > 0 || cmd.redirects.length > 0) {
        cmd.end = this.pos
        pipeline.push(cmd)
      }
      cmd = this.command()
    }
    const endPipeline = () => {
      endCommand()
      if (pipeline.length > 0) pipelines.push(pipeline)
      pipeline = []
    }
    while (this.pos < text.length) {
      if (first && pipelines.length > 0) return { pipelines, closed: false }
      const filler = this.skipFiller(cmd)
      if (filler === "newline") {
        if (piped) endCommand()
        else endPipeline()
      }
      if (filler !== null) continue
      const c = text[this.pos] ?? ""
      if (cmd.words.length === 0 && cmd.redirects.length === 0)
        cmd.start = this.pos
      if (c === ")" && inSubst) {
        this.pos++
        endPipeline()
        return { pipelines, closed: true }
      }
      piped = false
      const two = text.slice(this.pos, this.pos + 2)
      if (two === "&&" || two === "||") {
        this.pos += 2
        endPipeline()
      } else if (c === "|") {
        this.pos += two === "|&" ? 2 : 1
        endCommand()
        piped = true
      } else if (two === "&>") {
        this.redirect(cmd, inSubst, depth)
      } else if (
        c === "&" &&
        this.dialect === "powershell" &&
        !cmd.words.length
      )
        this.pos++ // the call operator: `& curl.exe …`
      else if (c === ";" || c === "&") {
        this.pos++
        endPipeline()
      } else if (!this.redirect(cmd, inSubst, depth))
        cmd.words.push(this.word(inSubst, depth))
    }
    endPipeline()
    return { pipelines, closed: false }
  }

  /**
   * Skips what stands between words: a line continuation, blanks, a
   * comment, a prompt before a command; "newline" when a line ended (its
   * here-documents read), null when a word or operator starts here.
   */
  private skipFiller(cmd: ShellCommand): "skipped" | "newline" | null {
    const { text } = this
    const skip = continuationLength(this, this.dialect, this.repairs)
    if (skip > 0) {
      this.pos += skip
      return "skipped"
    }
    const c = text[this.pos] ?? ""
    if (c === "\n" || c === "\r") {
      this.pos += c === "\r" && text[this.pos + 1] === "\n" ? 2 : 1
      this.readHeredocs()
      return "newline"
    }
    if (c === " " || c === "\t" || c === "\uFEFF") {
      this.pos++
      return "skipped"
    }
    const comment = commentEnd(this, this.dialect, cmd.words.length === 0)
    if (comment !== -1) {
      this.pos = comment
      return "skipped"
    }
    if (cmd.words.length > 0 || cmd.redirects.length > 0) return null
    const prompt = PROMPT.exec(text.slice(this.pos, this.pos + 200))
    if (!prompt) return null
    this.pos += prompt[0].length
    return "skipped"
  }

  /** Here-documents opened on a last line that had no newline after it. */
  finish(): void {
    for (const h of this.pending.splice(0)) h.end = this.text.length
  }

  private command(): ShellCommand {
    return { words: [], redirects: [], start: this.pos, end: this.pos }
  }

  /** Reads a redirection (`<<EOF`, `<<< word`, `> file`…) into `cmd`. */
  private redirect(
    cmd: ShellCommand,
    inSubst: boolean,
    depth: number
  ): boolean {
    const m = REDIRECT.exec(this.text.slice(this.pos, this.pos + 12))
    if (!m) return false
    const at = this.pos
    const op = m[1] ?? ""
    this.pos += m[0].length
    while (this.text[this.pos] === " " || this.text[this.pos] === "\t")
      this.pos++
    const target = this.atWordEnd(inSubst)
      ? undefined
      : this.word(inSubst, depth)
    if (op === "<<" || op === "<<-") {
      if (!target || target.value === "")
        throw new ShellSyntaxError(
          "`<<` has no here-document word (like EOF)",
          at
        )
      const heredoc: Heredoc = {
        value: "",
        start: at,
        end: this.pos,
        spans: [],
        delimiter: target.value,
        strip: op === "<<-",
        terminated: false,
      }
      this.pending.push(heredoc)
      cmd.redirects.push({ op: "<<", heredoc })
    } else if (op === "<<<") {
      if (target) cmd.redirects.push({ op, word: target })
    } else
      cmd.redirects.push({
        op: op.startsWith("<") ? "<" : ">",
        ...(target ? { target } : {}),
      })
    return true
  }

  private atWordEnd(inSubst: boolean): boolean {
    const c = this.text[this.pos]
    return c === undefined || BREAKS.includes(c) || (inSubst && c === ")")
  }

  private word(inSubst: boolean, depth: number): ShellWord {
    const { text } = this
    const start = this.pos
    const w = new PieceWriter(this.track)
    const found: Pick<ShellWord, "substitutions" | "heredocs"> = {
      substitutions: [],
      heredocs: [],
    }
    const done = (): ShellWord => ({
      value: w.value,
      start,
      end: this.pos,
      spans: w.spans,
      substitutions: found.substitutions,
      heredocs: found.heredocs,
    })
    const run = RUNS[this.dialect]
    if (this.dialect === "cmd") {
      readCmdWord(this, w)
      return done()
    }
    while (this.pos < text.length) {
      const skip = continuationLength(this, this.dialect, this.repairs)
      if (skip > 0) {
        this.pos += skip
        continue
      }
      if (this.atWordEnd(inSubst)) break
      run.lastIndex = this.pos
      if (run.test(text)) {
        w.add(text.slice(this.pos, run.lastIndex), this.pos)
        this.pos = run.lastIndex
        continue
      }
      const c = text[this.pos] ?? ""
      if (this.dialect === "posix") this.posixPart(c, w, found, depth)
      else this.psPart(c, w, found, start)
    }
    return done()
  }

  private posixPart(
    c: string,
    w: PieceWriter,
    found: Pick<ShellWord, "substitutions" | "heredocs">,
    depth: number
  ): void {
    const { text } = this
    const next = text[this.pos + 1]
    if (c === "'") readSingle(this, w)
    else if (c === "$" && next === "'") readAnsi(this, w)
    else if (c === "$" && next === "(" && text[this.pos + 2] !== "(")
      this.substitution(w, found, depth)
    else if (c === "$" && next === '"') {
      this.pos++
      this.posixDouble(w, found, depth)
    } else if (c === '"') this.posixDouble(w, found, depth)
    else if (c === "`") found.substitutions.push(readBacktick(this, w))
    else if (c === "\\") {
      if (next !== undefined) w.add(next, this.pos + 1)
      this.pos += 2
    } else {
      w.add(c, this.pos) // `$` or `)` as plain text
      this.pos++
    }
  }

  private psPart(
    c: string,
    w: PieceWriter,
    found: Pick<ShellWord, "substitutions">,
    start: number
  ): void {
    const note = (from: number, to: number) =>
      found.substitutions.push({
        command: "a PowerShell $( )",
        start: from,
        end: to,
      })
    if (c === "'") readPsSingle(this, w)
    else if (c === '"') readPsDouble(this, w, note)
    else if (c === "`") this.pos = psEscape(this, w, this.pos)
    else if (!(c === "@" && this.pos === start && readPsHereString(this, w))) {
      w.add(c, this.pos)
      this.pos++
    }
  }

  private posixDouble(
    w: PieceWriter,
    found: Pick<ShellWord, "substitutions" | "heredocs">,
    depth: number
  ): void {
    const { text } = this
    const open = this.pos
    this.pos++
    while (this.pos < text.length) {
      const c = text[this.pos]
      const next = text[this.pos + 1]
      if (c === '"') {
        this.pos++
        return
      }
      if (c === "\\") {
        if (next === "\n" || (next === "\r" && text[this.pos + 2] === "\n"))
          this.pos += next === "\n" ? 2 : 3
        else if (next !== undefined && '"\\$`'.includes(next)) {
          w.add(next, this.pos + 1)
          this.pos += 2
        } else {
          w.add("\\", this.pos)
          this.pos++
        }
      } else if (c === "$" && next === "(" && text[this.pos + 2] !== "(")
        this.substitution(w, found, depth)
      else if (c === "`") found.substitutions.push(readBacktick(this, w))
      else {
        let j = this.pos + 1
        while (j < text.length && !'"\\$`'.includes(text[j] ?? "")) j++
        w.add(text.slice(this.pos, j), this.pos)
        this.pos = j
      }
    }
    throw new ShellSyntaxError("Unterminated double quote", open)
  }

  /**
   * `$( … )`: `cat <<EOF`, `cat <<< word` and `echo` give their text
   * (trailing newlines removed, as the shell does); anything else is kept
   * as text and listed in `found.substitutions`.
   */
  private substitution(
    w: PieceWriter,
    found: Pick<ShellWord, "substitutions" | "heredocs">,
    depth: number
  ): void {
    const start = this.pos
    if (depth >= MAX_NESTING)
      throw new ShellSyntaxError("Command substitutions nest too deeply", start)
    this.pos += 2
    const inner = this.list(true, depth + 1)
    if (!inner.closed) {
      const doc = this.unterminated
      throw new ShellSyntaxError(
        doc
          ? `The here-document <<${doc.delimiter} has no closing ${doc.delimiter} line, so the $( … ) around it never ends`
          : "Unterminated $( … ): no closing )",
        doc ? doc.start : start
      )
    }
    const only = inner.pipelines.length === 1 ? inner.pipelines[0] : undefined
    const out =
      only?.length === 1 && only[0] ? outputOf(only[0]) : { command: "" }
    if ("piece" in out) {
      w.append(
        slicePiece(out.piece, 0, out.piece.value.replace(/\n+$/, "").length)
      )
      if (out.heredoc) found.heredocs.push(out.heredoc)
      return
    }
    w.add(this.text.slice(start, this.pos), start)
    found.substitutions.push({
      command: ("command" in out && out.command) || "a command",
      ...("file" in out ? { file: out.file } : {}),
      start,
      end: this.pos,
    })
  }

  /** Reads the bodies of the here-documents opened on the line just ended. */
  private readHeredocs(): void {
    for (const doc of this.pending.splice(0)) {
      readHeredocBody(this, doc, this.track)
      if (!doc.terminated) this.unterminated = doc
    }
  }
}
