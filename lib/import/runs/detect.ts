import { isRecord } from "../notes"
import { isRequestLogRecord } from "../request-log/import"
import type { ImportFormat } from "../types"

/**
 * Which recorded-run format a parsed value is (a request log, an OTLP/JSON
 * trace export, LangSmith runs), from its shape alone; null for anything
 * else, so the formats detected before (requests, Claude Code logs,
 * OpenAI chats) keep their detection.
 */

/** An OTLP/JSON export (`ExportTraceServiceRequest`): `resourceSpans`. */
export const isOtlpExport = (v: unknown): boolean =>
  isRecord(v) && Array.isArray(v.resourceSpans)

/** A LangSmith run (as `list_runs` / the REST API return it): `run_type` with inputs or outputs. */
export const isLangSmithRun = (v: unknown): boolean =>
  isRecord(v) &&
  typeof v.run_type === "string" &&
  ("inputs" in v || "outputs" in v) &&
  ("id" in v || "trace_id" in v || "name" in v)

/** The run format of one record (a JSONL line, an array item, a document). */
function recordFormat(v: unknown): ImportFormat | null {
  if (isRequestLogRecord(v)) return "request-log"
  if (isOtlpExport(v)) return "otlp-traces"
  if (isLangSmithRun(v)) return "langsmith-runs"
  if (isRecord(v) && Array.isArray(v.runs) && v.runs.some(isLangSmithRun))
    return "langsmith-runs"
  return null
}

/** The run format of a parsed JSON document (one record, or an array of them). */
export function runFormatOf(value: unknown): ImportFormat | null {
  if (!Array.isArray(value)) return recordFormat(value)
  const first = value.find(isRecord)
  return first === undefined ? null : recordFormat(first)
}

/**
 * The run format of a JSONL text, read from its first non-empty line (a
 * line is parsed once; the importer parses every line again).
 */
export function runLinesFormat(text: string): ImportFormat | null {
  let from = 0
  while (from < text.length) {
    const nl = text.indexOf("\n", from)
    if (nl === -1) return null // one line: it is a JSON document
    const line = text.slice(from, nl).trim()
    from = nl + 1
    if (line === "") continue
    if (!line.startsWith("{") || !line.endsWith("}")) return null
    try {
      return recordFormat(JSON.parse(line))
    } catch {
      return null
    }
  }
  return null
}
