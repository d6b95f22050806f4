/**
 * Importers: every format the playground accepts → a Messages request.
 * Each returns `ImportResult` and never throws on user input.
 */
import {
  classifyValue,
  type Detection,
  detectFormat,
  formatLabel,
} from "./detect-format"
import { fromAnthropicJson } from "./anthropic-json/import"
import { fromClaudeCode } from "./claude-code/import"
import { fromCurl } from "./curl/import"
import { summarizeRequest, type RequestSummary } from "./legacy-xml/detect"
import { fromLegacyMessages, fromLegacyTranscript } from "./legacy-xml/import"
import { fromOpenAi } from "./openai/import"
import { fromSdkCall } from "./sdk-call/import"
import { fromPage } from "./page/import"
import { importRun } from "./runs/import"
import type { ImportFormat, ImportOptions, ImportResult } from "./types"
import { isRunFormat } from "./runs/import"
import { type TextExtras, withTextRepairs } from "./text-repairs"

/** Imports parsed JSON after classifying it (request, array, OpenAI, legacy). */
export function importValue(value: unknown): ImportResult {
  switch (classifyValue(value)) {
    case "openai-chat":
      return fromOpenAi(value)
    case "legacy-xml":
      return fromLegacyMessages(value)
    default:
      return fromAnthropicJson(value)
  }
}

/**
 * Result of {@link parseImport}: the import plus what was detected, and
 * counts of the input when it could be read as messages (for previews).
 */
export type ParsedImport = ImportResult & {
  format: ImportFormat
  label: string
  before?: RequestSummary
} & TextExtras

function sourceSummary(
  detection: Detection,
  value: unknown
): RequestSummary | undefined {
  if (value !== undefined)
    return summarizeRequest(Array.isArray(value) ? { messages: value } : value)
  const split = detection.transcript
  if (!split) return undefined
  return summarizeRequest({
    messages: split.segments.map((s) => ({ role: s.role, content: s.text })),
  })
}

const commands = (r: ImportResult) =>
  r.success
    ? (r.candidates ?? []).filter((c) => c.kind === "command").length
    : 0

/**
 * Whether the page scan beats the format's own importer: it works where the
 * other failed, finds curl commands an SDK snippet's reading misses, or
 * more commands than reading the whole text as one shell script.
 */
function pageWins(own: ImportResult, page: ImportResult, format: ImportFormat) {
  if (!page.success) return false
  if (!own.success) return true
  if (format === "sdk-call")
    return (page.candidates ?? []).some((c) => c.kind !== "sdk-call")
  return commands(page) > Math.max(1, commands(own))
}

/**
 * A text that may hold requests among other text: the format's own
 * importer, or the page scan when that finds more (lib/import/page/).
 */
function importMixed(
  text: string,
  detection: Detection,
  options: ImportOptions
): { result: ImportResult; format: ImportFormat } {
  const { format } = detection
  const own: ImportResult | undefined =
    format === "curl"
      ? fromCurl(text, importValue, options)
      : format === "sdk-call"
        ? fromSdkCall(text, importValue, options)
        : undefined
  const page = fromPage(text, importValue, options)
  if (page && (!own || pageWins(own, page.result, format)))
    return { result: page.result, format: page.format }
  if (own) return { result: own, format }
  return { result: { success: false, error: detection.error! }, format }
}

/**
 * Auto-detects the format of `text` and imports it; never throws.
 * `options.pick` takes another of the result's `candidates`. A curl body
 * broken by an apostrophe is repaired and said; a text with no request but
 * a `context_management` configuration offers it (`text-repairs.ts`).
 */
export function parseImport(
  text: string,
  options: ImportOptions = {}
): ParsedImport {
  return withTextRepairs(text, options, parseImportText)
}

function parseImportText(
  text: string,
  options: ImportOptions = {}
): ParsedImport {
  const detection = detectFormat(text)
  let { format, label } = detection
  let result: ImportResult
  try {
    if (detection.mixed) {
      const mixed = importMixed(text, detection, options)
      result = mixed.result
      if (mixed.format !== format && result.success) {
        format = mixed.format
        label = formatLabel(format)
      }
    } else if (detection.error)
      result = { success: false, error: detection.error }
    else if (format === "curl") result = fromCurl(text, importValue, options)
    else if (format === "claude-code-jsonl")
      result = fromClaudeCode(text, options)
    else if (isRunFormat(format))
      result = importRun(format, text, detection.value)
    else if (format === "sdk-call")
      result = fromSdkCall(text, importValue, options)
    else if (format === "legacy-xml" && detection.value === undefined) {
      // A page that quotes Human:/Assistant: turns in its prose (prompting
      // guides) but holds curl commands is a page, not a transcript.
      const page = fromPage(text, importValue, options)
      if (page?.result.success && commands(page.result) > 0) {
        result = page.result
        format = page.format
        label = formatLabel(format)
      } else result = fromLegacyTranscript(text, detection.transcript)
    } else result = importValue(detection.value)
  } catch (error) {
    // Importers are written not to throw; this is the last line of defence
    // (e.g. a stack overflow on input the bounds did not anticipate).
    result = {
      success: false,
      error: {
        message: `The import failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
      },
    }
  }
  if (!result.success) return { ...result, format, label }
  const before = sourceSummary(detection, detection.value)
  return {
    ...(before ? { before } : {}),
    ...result,
    notes: [{ level: "info", message: `Detected: ${label}` }, ...result.notes],
    format,
    label,
  }
}

/** One line describing a successful import (for toasts and history). */
export function importSummary(result: ParsedImport): string {
  if (!result.success) return `Import failed: ${result.error.message}`
  const { messages } = result.data
  const uses = messages.reduce(
    (n, m) =>
      n +
      (Array.isArray(m.content)
        ? m.content.filter(
            (b) => b.type === "tool_use" || b.type === "server_tool_use"
          ).length
        : 0),
    0
  )
  const warnings = result.notes.filter((n) => n.level === "warning").length
  return `Imported ${result.label}: ${messages.length} message${messages.length === 1 ? "" : "s"}, ${uses} tool use${uses === 1 ? "" : "s"}${warnings > 0 ? `, ${warnings} warning${warnings === 1 ? "" : "s"}` : ""}`
}

export { detectFormat, formatLabel, type Detection } from "./detect-format"
export {
  convertLegacyInRequest,
  describeLegacy,
  detectLegacyXml,
  LEGACY_EXPLANATION,
  summarizeRequest,
  type LegacyDetection,
  type LegacyLocation,
  type LegacyNotice,
  type RequestSummary,
} from "./legacy-xml/detect"
export {
  fromAnthropicJson,
  importAnthropicJsonText,
} from "./anthropic-json/import"
export { fromClaudeCode } from "./claude-code/import"
export { importLogFile } from "./runs/import"
export { fromCurl } from "./curl/import"
export {
  containsLegacyXml,
  fromLegacyMessages,
  fromLegacyTranscript,
  importLegacyXml,
} from "./legacy-xml/import"
export { fromOpenAi } from "./openai/import"
export { fromSdkCall } from "./sdk-call/import"
export { DEFAULT_MAX_TOKENS, DEFAULT_MODEL } from "./restore"
export {
  LEGACY_TOOL_PREAMBLE,
  toLegacyTranscript,
} from "./legacy-xml/to-legacy-xml"
export { MAX_INPUT_CHARS, MAX_JSON_DEPTH } from "./bounds"
export type { TextExtras, TextRepair } from "./text-repairs"
export type { EditsOffer } from "./edits-offer"
export type * from "./types"
