import { DEFAULT_MODEL } from "../restore"
import { isRecord, Notes, plural } from "../notes"
import type { ImportResult } from "../types"
import { isoTime, type RunCall } from "../runs/call"
import { readRecords, type RunRecord } from "../runs/records"
import { buildRunSession, type RunFormat } from "../runs/session"
import { loggedAnswer } from "./response"

/**
 * A request log (JSONL, one API call a line: `{"request": <Messages API
 * body>, "response": <its response, with usage>, "timestamp": "<ISO>"}`;
 * see README.md) → the whole run as a session: every call with its usage,
 * its conversations rebuilt from the requests (lib/import/runs/).
 */

export const REQUEST_LOG: RunFormat = {
  source: "request log",
  breakpointsLost: false,
  toolsWhy: "the logged requests did not define them",
  noMessages: "its request has no messages",
}

const TIME_KEYS = ["timestamp", "time", "ts", "created_at", "end_time"]
const START_KEYS = ["started_at", "start_time", "request_timestamp"]

const firstTime = (r: Record<string, unknown>, keys: string[]) => {
  for (const k of keys) {
    const t = isoTime(r[k])
    if (t) return t
  }
  return undefined
}

/** Whether a record is one logged call (a request with messages and a response). */
export function isRequestLogRecord(v: unknown): boolean {
  return (
    isRecord(v) &&
    isRecord(v.request) &&
    Array.isArray(v.request.messages) &&
    (isRecord(v.response) || Array.isArray(v.response))
  )
}

/** One record → a call; null (counted) when it records no billed answer. */
function callOf(r: RunRecord): RunCall | null {
  const { value } = r
  if (!isRequestLogRecord(value)) return null
  const answer = loggedAnswer(value.response)
  if (!answer) return null
  const request = value.request as Record<string, unknown>
  const model =
    answer.model ??
    (typeof request.model === "string" ? request.model : DEFAULT_MODEL)
  const timestamp = firstTime(value, TIME_KEYS)
  const startedAt = firstTime(value, START_KEYS)
  return {
    request,
    answer: answer.content,
    usage: answer.usage,
    model,
    ...(answer.id ? { id: answer.id } : {}),
    ...(timestamp ? { timestamp } : {}),
    ...(startedAt ? { startedAt } : {}),
    where: r.where,
  }
}

/** Imports a request log; `parsed` is the JSON value when the text was one JSON document. */
export function fromRequestLog(text: string, parsed?: unknown): ImportResult {
  const notes = new Notes()
  const records = readRecords(text, parsed, notes, "request log lines")
  if (!Array.isArray(records)) return { success: false, error: records }
  const calls: RunCall[] = []
  const skipped: string[] = []
  for (const r of records) {
    const call = callOf(r)
    if (call) calls.push(call)
    else skipped.push(r.where)
  }
  if (skipped.length > 0)
    notes.warn(
      `Skipped ${plural(skipped.length, "record")} with no billed answer (an error response, a response without usage, or not a {request, response} pair; first: ${skipped[0]}): an error is not billed`
    )
  if (calls.length === 0)
    return {
      success: false,
      error: {
        message:
          'No line of this request log holds a request with messages and a response with usage ({"request": …, "response": …}).',
        line: 1,
        column: 1,
      },
    }
  notes.info(
    "A request log keeps each request as sent: its system prompt, tools, cache_control, thinking and context_management are the run's own"
  )
  return buildRunSession(calls, REQUEST_LOG, notes)
}
