import type { Piece } from "./piece"

/** Shapes `parseShell` (shell.ts) reads a pasted snippet into. */

export type Dialect = "posix" | "cmd" | "powershell"

/** A command substitution kept as text: `command` names what it runs. */
export interface Substitution {
  command: string
  /** The file it reads, for `$(cat file)`. */
  file?: string
  start: number
  end: number
}

/** A here-document; `start` is at `<<`. */
export interface Heredoc extends Piece {
  delimiter: string
  strip: boolean
  terminated: boolean
}

/** One word of a command, quotes removed. */
export interface ShellWord extends Piece {
  substitutions: Substitution[]
  /** Here-documents whose text the word took (`"$(cat <<EOF …)"`). */
  heredocs: Heredoc[]
}

export type Redirect =
  | { op: "<<"; heredoc: Heredoc }
  | { op: "<<<"; word: ShellWord }
  | { op: "<" | ">"; target?: ShellWord }

export interface ShellCommand {
  words: ShellWord[]
  redirects: Redirect[]
  start: number
  end: number
}

/** Pipelines (`a | b`) in order; a pipeline lists its commands. */
export type ShellScript = ShellCommand[][]

export type ShellParse =
  | { success: true; script: ShellScript; repairs: string[] }
  | { success: false; error: string; offset: number }
