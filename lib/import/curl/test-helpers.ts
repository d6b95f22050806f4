import type { ImportResult } from "../types"

/** Shared values and checks for the curl importer's tests. */

export const URL = "https://api.anthropic.com/v1/messages"
export const BODY =
  '{"model":"claude-sonnet-4-5","max_tokens":10,"messages":[{"role":"user","content":"hi"}]}'
/** BODY with its quotes escaped for a double-quoted (or cmd) argument. */
export const ESCAPED = BODY.replace(/"/g, '\\"')

/** The pasted text at an error's line and column, `length` characters. */
export function at(text: string, result: ImportResult, length = 1): string {
  if (result.success) throw new Error("expected a failure")
  const { line, column } = result.error
  if (line === undefined || column === undefined)
    throw new Error(`not located: ${result.error.message}`)
  const lineText = text.split("\n")[line - 1] ?? ""
  return lineText.slice(column - 1, column - 1 + length)
}

export function errorOf(result: ImportResult) {
  if (result.success) throw new Error("expected a failure")
  return result.error
}
