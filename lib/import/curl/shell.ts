/**
 * Reads a pasted shell snippet into commands and words — enough for curl
 * commands copied from docs, terminals and scripts: POSIX sh (quotes, `\`
 * continuations, comments, pipes, here-documents, here-strings, `$(cat
 * <<EOF …)`), Windows cmd (`^` continuations, `\"` in double quotes) and
 * PowerShell (backtick continuations, `''`/`""` quotes, here-strings).
 * Nothing is expanded or run: `$VAR` stays literal (API-key placeholders),
 * and a command substitution other than `cat` is kept as text and listed.
 */
import { ShellSyntaxError } from "./quotes"
import type { Dialect, ShellParse } from "./shell-types"
import { Scanner } from "./shell-words"

export type * from "./shell-types"

/** Splits `text` into commands (see the file comment). Never throws. */
export function parseShell(
  text: string,
  options: { dialect?: Dialect; track?: boolean } = {}
): ShellParse {
  const scanner = new Scanner(
    text,
    options.dialect ?? "posix",
    options.track ?? false
  )
  try {
    const { pipelines } = scanner.list(false, 0)
    scanner.finish()
    return { success: true, script: pipelines, repairs: scanner.repairs }
  } catch (error) {
    const located = error instanceof ShellSyntaxError
    return {
      success: false,
      error: error instanceof Error ? error.message : String(error),
      offset: located ? error.offset : 0,
    }
  }
}
