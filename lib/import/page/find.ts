import { parseJsonBounded } from "../bounds"
import { commandSummary, importCommand } from "../curl/import"
import { readCurlAt } from "../curl/request"
import { classifyValue } from "../detect-format"
import { plural } from "../notes"
import { assignments, findSdkCalls, looksLikeSdkCall } from "../sdk-call/calls"
import { gapsWithin, importSdkCall } from "../sdk-call/import"
import { LiteralParser } from "../sdk-call/literal"
import type { ImportCandidate, ImportFormat, ImportResult } from "../types"
import { findCurlAnchors, type CurlAnchor } from "./anchors"
import { findJsonSpans } from "./json-spans"
import { LineIndex } from "./lines"

/**
 * Finds the requests a page of mixed text holds: curl commands for the
 * Messages API, SDK calls, request JSON; each imported on its own.
 */

export type ImportBody = (value: unknown) => ImportResult

/** One request found in the page. */
export interface Found {
  kind: ImportCandidate["kind"]
  /** `command-N`, `call-N`, `json-N` (N counts within its kind). */
  id: string
  start: number
  end: number
  line: number
  format: ImportFormat
  result: ImportResult
  /** For the picker: what it is, without a number. */
  summary: string
}

/** Everything found; `skipped`: curl commands for other endpoints. */
export interface PageScan {
  found: Found[]
  skipped: string[]
}

const MESSAGES_URL =
  /\/(?:messages|count_tokens|messages\/batches)\/?(?:[?#]|$)/
/** A command with no URL or one the shell would fill in still counts. */
const isMessagesUrl = (url: string | undefined) =>
  url === undefined || url.trim() === "" || MESSAGES_URL.test(url.trim())

/**
 * A Message Batches body (`{requests: [{custom_id, params}]}`) imports its
 * first request's params, and says so; any other body imports as it is.
 */
function batchAware(importBody: ImportBody): ImportBody {
  return (value) => {
    const raw = (value as { requests?: unknown } | null)?.requests
    const requests: unknown[] = Array.isArray(raw) ? raw : []
    const first = requests[0] as
      { custom_id?: unknown; params?: unknown } | undefined
    if (!first || typeof first.params !== "object") return importBody(value)
    const result = importBody(first.params)
    if (!result.success) return result
    const id =
      typeof first.custom_id === "string" ? ` (${first.custom_id})` : ""
    const message = `A Message Batches request of ${plural(requests.length, "request")}: imported the first${id}`
    return { ...result, notes: [{ level: "info", message }, ...result.notes] }
  }
}

const LANGUAGE = { python: "Python", typescript: "TypeScript", ruby: "Ruby" }

/** Reads the command at `anchor` within `[lineStart, to)`. */
function readAnchor(text: string, anchor: CurlAnchor, to: number) {
  const region = text.slice(anchor.lineStart, to)
  const at = anchor.at - anchor.lineStart
  const read = readCurlAt(region, at, anchor.inSubst, false)
  const reread = () => readCurlAt(region, at, anchor.inSubst, true).read
  return { ...read, region, reread }
}

/**
 * Every curl command. A command is read up to the next command's line; one
 * whose quote or here-document is still open there is read to the end of
 * the text instead, while the extra reading stays within twice the text.
 */
function curlCommands(
  text: string,
  lines: LineIndex,
  importBody: ImportBody,
  scan: PageScan
): void {
  const anchors = findCurlAnchors(text)
  let budget = 2 * text.length
  let after = 0
  let n = 0
  for (let i = 0; i < anchors.length; i++) {
    const anchor = anchors[i]!
    if (anchor.lineStart < after) continue
    let read = readAnchor(
      text,
      anchor,
      anchors[i + 1]?.lineStart ?? text.length
    )
    const rest = text.length - anchor.lineStart
    const open =
      !read.read.success &&
      /Unterminated|no closing/.test(read.read.error.message)
    if (open && read.region.length < rest && budget >= rest) {
      budget -= rest
      const longer = readAnchor(text, anchor, text.length)
      if (longer.read.success) read = longer
    }
    after = anchor.lineStart + read.end
    const url = read.read.success ? read.read.data.url : undefined
    // A bare `curl` (a tab label, a word in a heading) sends nothing.
    if (read.read.success && url === undefined && !read.read.data.bodies.length)
      continue
    if (!isMessagesUrl(url)) {
      scan.skipped.push(url!)
      continue
    }
    const base = lines.line(anchor.lineStart) - 1
    const result = importCommand(
      read.region,
      read.read,
      read.reread,
      batchAware(importBody)
    )
    scan.found.push({
      kind: "command",
      id: `command-${++n}`,
      start: anchor.at,
      end: after,
      line: base + 1,
      format: "curl",
      result:
        result.success || result.error.line === undefined
          ? result
          : {
              ...result,
              error: { ...result.error, line: result.error.line + base },
            },
      summary: commandSummary(read.read),
    })
  }
}

/** Every Messages SDK call (Python, TypeScript, Ruby keyword arguments). */
function sdkCalls(
  text: string,
  lines: LineIndex,
  importBody: ImportBody,
  scan: PageScan
): void {
  if (!looksLikeSdkCall(text)) return
  const parser = new LiteralParser(text, assignments(text))
  let calls: ReturnType<typeof findSdkCalls>
  try {
    calls = findSdkCalls(text, parser)
  } catch (error) {
    if (error instanceof RangeError) return
    throw error
  }
  calls.forEach((call, k) => {
    const gaps = gapsWithin(parser.gaps, call.at, call.end)
    const result = importSdkCall(text, call, gaps, importBody)
    const model =
      typeof call.body.model === "string" ? ` — ${call.body.model}` : ""
    scan.found.push({
      kind: "sdk-call",
      id: `call-${k + 1}`,
      start: call.at,
      end: call.end,
      line: lines.line(call.at),
      format: "sdk-call",
      result,
      summary: `${LANGUAGE[call.language]} ${call.callee}(…)${model}`,
    })
  })
}

/** Request JSON starting a line, outside the commands and calls found. */
function requestJson(
  text: string,
  lines: LineIndex,
  importBody: ImportBody,
  scan: PageScan
): void {
  const taken = [...scan.found].sort((a, b) => a.start - b.start)
  let t = 0
  let k = 0
  for (const span of findJsonSpans(text)) {
    while (t < taken.length && taken[t]!.end <= span.start) t++
    if (t < taken.length && taken[t]!.start <= span.start) continue
    const parsed = parseJsonBounded(text.slice(span.start, span.end))
    if (!parsed.success) continue
    const format = classifyValue(parsed.data)
    if (format === "unknown" || format === "claude-code-jsonl") continue
    const result = importBody(parsed.data)
    const messages = result.success ? result.data.messages.length : 0
    const model = result.success ? result.data.model : ""
    scan.found.push({
      kind: "json",
      id: `json-${++k}`,
      start: span.start,
      end: span.end,
      line: lines.line(span.start),
      format,
      result,
      summary: `request JSON — ${model}, ${plural(messages, "message")}`,
    })
  }
}

/** Every request `text` holds, in the order they appear. */
export function scanPage(text: string, importBody: ImportBody): PageScan {
  const lines = new LineIndex(text)
  const scan: PageScan = { found: [], skipped: [] }
  curlCommands(text, lines, importBody, scan)
  sdkCalls(text, lines, importBody, scan)
  requestJson(text, lines, importBody, scan)
  scan.found.sort((a, b) => a.start - b.start)
  return scan
}
