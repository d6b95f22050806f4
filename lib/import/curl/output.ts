import { PieceWriter, type Piece } from "./piece"
import type { Heredoc, ShellCommand, ShellWord } from "./shell-types"

/**
 * What a command writes to its output, for the few commands whose output is
 * plain to see without running them: `cat <<EOF`, `cat <<< text`, `echo
 * text`, `printf '%s' text`. Used for `$(…)` and for `… | curl -d @-`.
 */
export type CommandOutput =
  | { piece: Piece; heredoc?: Heredoc; how: string }
  | { file: string }
  | { command: string }

/** A command's name fit to show (no paths, nothing that could be a secret). */
export function commandLabel(word: ShellWord | undefined): string {
  const name = word?.value.split(/[\\/]/).pop() ?? ""
  return /^[\w.+-]{1,24}$/.test(name) ? `\`${name}\`` : "a command"
}

/** The words that name the command, after `VAR=value` and wrappers. */
export function commandWords(cmd: ShellCommand): ShellWord[] {
  let i = 0
  while (i < cmd.words.length) {
    const w = cmd.words[i]?.value ?? ""
    if (
      /^[A-Za-z_]\w*=/.test(w) ||
      /^(?:sudo|time|command|exec|env|noglob)$/.test(w)
    )
      i++
    else break
  }
  return cmd.words.slice(i)
}

/** The output of `cmd`, or what it is when that cannot be known. */
export function outputOf(cmd: ShellCommand): CommandOutput {
  const [name, ...args] = commandWords(cmd)
  const command = name?.value.split(/[\\/]/).pop() ?? ""
  const input = cmd.redirects.find((r) => r.op !== ">")
  if (command === "cat" && args.every((a) => a.value === "-")) {
    if (input?.op === "<<")
      return {
        piece: input.heredoc,
        heredoc: input.heredoc,
        how: "here-document",
      }
    if (input?.op === "<<<") return { piece: input.word, how: "here-string" }
    if (input?.op === "<" && input.target) return { file: input.target.value }
  }
  if (command === "cat" && args.length === 1 && args[0])
    return { file: args[0].value }
  if (
    command === "echo" &&
    args.length > 0 &&
    !args.some((a) => /^-\w*e/.test(a.value))
  ) {
    const words = args[0]?.value === "-n" ? args.slice(1) : args
    const w = new PieceWriter(words.some((a) => a.spans.length > 0))
    words.forEach((a, i) => {
      if (i > 0) w.synthetic(" ")
      w.append(a)
    })
    return { piece: w.piece(cmd.start, cmd.end), how: "echo" }
  }
  if (
    command === "printf" &&
    args.length === 2 &&
    args[0]?.value === "%s" &&
    args[1]
  )
    return { piece: args[1], how: "printf" }
  return { command: commandLabel(name) }
}
