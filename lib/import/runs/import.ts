import { fromOtlp } from "../otlp/import"
import { fromRequestLog } from "../request-log/import"
import type { ImportFormat, ImportResult } from "../types"

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
    default:
      return {
        success: false,
        error: { message: `${format}: not yet supported` },
      }
  }
}
