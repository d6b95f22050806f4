import type { CallUsage } from "../claude-code/calls"
import type { ContentBlock } from "../types"

/**
 * One API call of a recorded run, whatever format recorded it (a request
 * log line, an OpenTelemetry span, a LangSmith run): the request as sent
 * (or as far as the format kept it), the answer's content and the usage
 * the API billed. The formats' importers make these; `buildRunSession`
 * (session.ts) turns them into the same session a Claude Code log gives.
 */
export interface RunCall {
  /**
   * The Messages request body (model, messages, system, tools, …); null
   * when the record holds no messages (content capture off): the call is
   * then billed as logged and not replayed.
   */
  request: Record<string, unknown> | null
  /** The answer's content blocks (empty when not recorded). */
  answer: ContentBlock[]
  usage: CallUsage
  model: string
  /** The answer's id (`msg_…`), when recorded. */
  id?: string
  /** ISO time the answer ended, and the time the call began. */
  timestamp?: string
  startedAt?: string
  /** Where the record is, for notes: "line 3", "span 5f2c…". */
  where: string
}

/** The usage numbers of a call with nothing billed. */
export const NO_USAGE: CallUsage = {
  input_tokens: 0,
  cache_creation_input_tokens: 0,
  cache_creation_1h_input_tokens: 0,
  cache_read_input_tokens: 0,
  output_tokens: 0,
}

/** A finite, non-negative number or 0. */
export const count = (v: unknown): number => {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v
  return typeof n === "number" && Number.isFinite(n) && n >= 0 ? n : 0
}

/** An ISO time from a string, epoch milliseconds or nanoseconds; undefined otherwise. */
export function isoTime(v: unknown): string | undefined {
  if (typeof v === "string" && /^\d{4}-\d\d-\d\d/.test(v)) {
    const ms = Date.parse(v)
    return Number.isFinite(ms) ? v : undefined
  }
  const n = typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v
  if (typeof n !== "number" || !Number.isFinite(n) || n <= 0) return undefined
  // Nanoseconds (OTLP) > 1e17; microseconds > 1e14; milliseconds > 1e11; else seconds.
  const ms = n > 1e17 ? n / 1e6 : n > 1e14 ? n / 1e3 : n > 1e11 ? n : n * 1e3
  const d = new Date(ms)
  return Number.isFinite(d.getTime()) ? d.toISOString() : undefined
}
