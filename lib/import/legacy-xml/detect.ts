import { fromLegacyMessages } from "./import"
import { countLegacy } from "./count"
import { isRecord, plural } from "../notes"
import type { ImportResult } from "../types"

/** Where legacy XML tool use sits inside a modern request. */
export interface LegacyLocation {
  messageIndex: number
  /** Index in `content`; null when `content` is a plain string. */
  blockIndex: number | null
  role: string
  /** `<invoke>` elements (calls) in this text. */
  calls: number
  /** Result entries (`<result>`, `<error>`, `<system>`) in this text. */
  results: number
}

/** What {@link detectLegacyXml} found. */
export interface LegacyDetection {
  found: boolean
  locations: LegacyLocation[]
  totalCalls: number
  totalResults: number
  /** True when `system` declares tools in `<tool_description>` form. */
  systemDeclaresTools: boolean
  /** Plain-language reason context editing cannot clear these results. */
  explanation: string
}

/** Why results inside text are invisible to context editing (shown to users). */
export const LEGACY_EXPLANATION =
  "These tool calls and results are written as XML inside ordinary text blocks. Context editing only clears `tool_result` blocks (and optionally `tool_use` inputs); the server sees this XML as plain text, so `clear_tool_uses_20250919` will never clear it and its tokens stay in every request. Convert the conversation to native `tool_use` / `tool_result` blocks to let the server clear old results."

function textOf(value: unknown): string {
  if (typeof value === "string") return value
  if (!Array.isArray(value)) return ""
  return value
    .map((b) => (isRecord(b) && typeof b.text === "string" ? b.text : ""))
    .join("\n")
}

/** Finds legacy `<function_calls>` / `<function_results>` inside a request's text blocks. */
export function detectLegacyXml(request: unknown): LegacyDetection {
  const locations: LegacyLocation[] = []
  const messages =
    isRecord(request) && Array.isArray(request.messages) ? request.messages : []
  messages.forEach((message, messageIndex) => {
    if (!isRecord(message)) return
    const role = String(message.role ?? "")
    const visit = (text: string, blockIndex: number | null) => {
      if (
        !/<(?:[A-Za-z][\w-]*:)?(function_calls|function_results?)\b/.test(text)
      )
        return
      const { calls, results } = countLegacy(text)
      if (calls + results > 0)
        locations.push({ messageIndex, blockIndex, role, calls, results })
    }
    if (typeof message.content === "string") visit(message.content, null)
    else if (Array.isArray(message.content)) {
      message.content.forEach((block, blockIndex) => {
        if (
          isRecord(block) &&
          block.type === "text" &&
          typeof block.text === "string"
        )
          visit(block.text, blockIndex)
      })
    }
  })
  const system = isRecord(request) ? textOf(request.system) : ""
  const totalCalls = locations.reduce((n, l) => n + l.calls, 0)
  const totalResults = locations.reduce((n, l) => n + l.results, 0)
  return {
    found: locations.length > 0,
    locations,
    totalCalls,
    totalResults,
    systemDeclaresTools: /<tool_description>/.test(system),
    explanation: LEGACY_EXPLANATION,
  }
}

/** Counts that make a before/after preview. */
export interface RequestSummary {
  messages: number
  toolUses: number
  toolResults: number
  textBlocks: number
  legacyCalls: number
  legacyResults: number
}

/** Counts of messages and blocks in a request, for previews. */
export function summarizeRequest(request: unknown): RequestSummary {
  const summary: RequestSummary = {
    messages: 0,
    toolUses: 0,
    toolResults: 0,
    textBlocks: 0,
    legacyCalls: 0,
    legacyResults: 0,
  }
  const messages =
    isRecord(request) && Array.isArray(request.messages) ? request.messages : []
  summary.messages = messages.length
  for (const message of messages) {
    if (!isRecord(message)) continue
    if (typeof message.content === "string") {
      summary.textBlocks++
      continue
    }
    if (!Array.isArray(message.content)) continue
    for (const block of message.content) {
      if (!isRecord(block)) continue
      if (block.type === "tool_use" || block.type === "server_tool_use")
        summary.toolUses++
      else if (block.type === "tool_result") summary.toolResults++
      else if (block.type === "text") summary.textBlocks++
    }
  }
  const legacy = detectLegacyXml(request)
  summary.legacyCalls = legacy.totalCalls
  summary.legacyResults = legacy.totalResults
  return summary
}

/** The "convert" action: the converted request plus before/after counts. */
export function convertLegacyInRequest(request: unknown): {
  result: ImportResult
  before: RequestSummary
  after: RequestSummary | null
} {
  const before = summarizeRequest(request)
  const result = fromLegacyMessages(request)
  return {
    result,
    before,
    after: result.success ? summarizeRequest(result.data) : null,
  }
}

/** What the main page needs to offer converting legacy XML in a pasted request. */
export interface LegacyNotice {
  /** One paragraph: what was found and why clearing cannot touch it. */
  message: string
  /** Legacy calls + results found inside text. */
  count: number
  /** Converts the request (same as `fromLegacyMessages`). */
  convert(): ImportResult
}

/** Data for a notice on the main page; null when the request has no legacy XML. */
export function describeLegacy(request: unknown): LegacyNotice | null {
  const detection = detectLegacyXml(request)
  if (!detection.found) return null
  const count = detection.totalCalls + detection.totalResults
  const where = plural(
    new Set(detection.locations.map((l) => l.messageIndex)).size,
    "message"
  )
  return {
    count,
    message: `${plural(detection.totalCalls, "legacy XML tool call")} and ${plural(detection.totalResults, "result")} sit inside text in ${where}. ${LEGACY_EXPLANATION}`,
    convert: () => fromLegacyMessages(request),
  }
}
