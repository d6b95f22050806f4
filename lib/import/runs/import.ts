import { fromLangSmith } from "../langsmith/import"
import { fromOtlp } from "../otlp/import"
import { fromClaudeCode } from "../claude-code/import"
import { fromRequestLog } from "../request-log/import"
import type { ImportFormat, ImportResult } from "../types"
import { runFormatOf, runLinesFormat } from "./detect"

/**
 * The recorded-run formats (a request log, an OTLP/JSON trace export,
 * LangSmith runs): each is read into calls by its own folder and becomes a
 * session through `buildRunSession` (session.ts).
 */
export type RunFormatId = "request-log" | "otlp-traces" | "langsmith-runs"

export const isRunFormat = (f: ImportFormat): f is RunFormatId =>
  f === "request-log" || f === "otlp-traces" || f === "langsmith-runs"

/** Imports a recorded run; `parsed` is the JSON value when the text was one document. */
export function importRun(
  format: RunFormatId,
  text: string,
  parsed?: unknown
): ImportResult {
  switch (format) {
    case "request-log":
      return fromRequestLog(text, parsed)
    case "otlp-traces":
      return fromOtlp(text, parsed)
    case "langsmith-runs":
      return fromLangSmith(text, parsed)
  }
}

/**
 * A log file of any size (the folder view and `npm run report` read files
 * past the paste limit): a recorded run in any run format, else a Claude
 * Code log.
 */
export function importLogFile(text: string): ImportResult {
  const head = text.trimStart()
  const lines = runLinesFormat(head)
  if (lines && isRunFormat(lines)) return importRun(lines, text)
  if (head.startsWith("{") || head.startsWith("[")) {
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      value = undefined // JSONL: not one document
    }
    const format = value === undefined ? null : runFormatOf(value)
    if (format && isRunFormat(format)) return importRun(format, text, value)
  }
  return fromClaudeCode(text)
}
