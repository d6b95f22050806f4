import { checkText, parseJsonBounded } from "./bounds"
import { looksLikeCurl } from "./curl/detect"
import { CLAUDE_CODE_TYPES } from "./claude-code/import"
import {
  containsLegacyXml,
  splitTranscript,
  type Transcript,
} from "./legacy-xml/import"
import { isRecord } from "./notes"
import { runFormatOf, runLinesFormat } from "./runs/detect"
import { looksLikeSdkCall } from "./sdk-call/calls"
import type { ImportError, ImportFormat } from "./types"

/** What `detectFormat` recognised; `value` is the parsed JSON when it was JSON. */
export interface Detection {
  format: ImportFormat
  /** Lower-case phrase that reads after "Detected: ". */
  label: string
  value?: unknown
  error?: ImportError
  /** A Human:/Assistant: transcript, split once here for its importer. */
  transcript?: Transcript
  /**
   * The text may hold requests among other text (a docs page, markdown,
   * a shell history): `parseImport` scans it for them (lib/import/page/).
   */
  mixed?: boolean
}

const LABELS: Record<ImportFormat, string> = {
  "anthropic-json": "Messages API request (JSON)",
  "messages-array": "bare messages array (JSON)",
  "legacy-xml": "legacy XML tool use in Messages JSON",
  curl: "curl command",
  "claude-code-jsonl": "Claude Code session (JSONL)",
  "openai-chat": "OpenAI chat request",
  "sdk-call": "Anthropic SDK call (Python / TypeScript)",
  "request-log": "request log (JSONL, one API call a line)",
  "otlp-traces": "OpenTelemetry trace export (OTLP/JSON)",
  "langsmith-runs": "LangSmith runs",
  unknown: "unknown format",
}

/** Human-readable name of a format. */
export function formatLabel(format: ImportFormat): string {
  return LABELS[format]
}

// Roles and content parts only OpenAI chats have. (A `system` message alone
// says little: the Messages API takes mid-conversation system messages too.)
const OPENAI_ROLES = new Set(["developer", "tool", "function"])
const OPENAI_PARTS = new Set([
  "image_url",
  "input_text",
  "input_audio",
  "file",
  "refusal",
])
// Block types only Messages requests have.
const ANTHROPIC_BLOCKS = new Set([
  "tool_use",
  "tool_result",
  "thinking",
  "redacted_thinking",
  "server_tool_use",
  "mcp_tool_use",
  "mcp_tool_result",
  "document",
  "compaction",
  "search_result",
])
// Top-level fields of OpenAI chat requests that the Messages API does not have.
const OPENAI_FIELDS = [
  "max_completion_tokens",
  "n",
  "response_format",
  "frequency_penalty",
  "presence_penalty",
  "logit_bias",
  "logprobs",
  "top_logprobs",
  "seed",
  "stream_options",
  "parallel_tool_calls",
  "reasoning_effort",
  "modalities",
  "functions",
  "function_call",
]
const OPENAI_MODEL = /^(gpt-|chatgpt-|o\d|text-davinci|ft:gpt)/i

function isOpenAiMessage(m: unknown): boolean {
  if (!isRecord(m)) return false
  if (OPENAI_ROLES.has(String(m.role))) return true
  if (Array.isArray(m.tool_calls) || isRecord(m.function_call)) return true
  return (
    Array.isArray(m.content) &&
    m.content.some((p) => isRecord(p) && OPENAI_PARTS.has(String(p.type)))
  )
}

const hasAnthropicBlocks = (m: unknown): boolean =>
  isRecord(m) &&
  Array.isArray(m.content) &&
  m.content.some((b) => isRecord(b) && ANTHROPIC_BLOCKS.has(String(b.type)))

/**
 * Whether messages (and the request around them) read as an OpenAI chat:
 * OpenAI-only roles, parts or fields, or system messages in a conversation
 * with no Messages-only block and no Claude model.
 */
function looksOpenAi(
  messages: unknown[],
  request: Record<string, unknown> = {}
): boolean {
  if (messages.some(isOpenAiMessage)) return true
  const tools = Array.isArray(request.tools) ? request.tools : []
  if (tools.some((t) => isRecord(t) && t.type === "function")) return true
  if (OPENAI_FIELDS.some((k) => k in request)) return true
  if (typeof request.stop === "string" || Array.isArray(request.stop))
    return true
  const model = typeof request.model === "string" ? request.model.trim() : ""
  if (OPENAI_MODEL.test(model)) return true
  if (/^claude-/i.test(model) || messages.some(hasAnthropicBlocks)) return false
  return messages.some((m) => isRecord(m) && m.role === "system")
}

function textsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value)
  else if (Array.isArray(value))
    for (const v of value) textsOf(isRecord(v) ? v.text : v, out)
  return out
}

function hasLegacyXml(messages: unknown[], system: unknown): boolean {
  const texts = messages.flatMap((m) => (isRecord(m) ? textsOf(m.content) : []))
  return (
    texts.some(containsLegacyXml) ||
    textsOf(system).some((t) => /<tool_description>/.test(t))
  )
}

/** Classifies parsed JSON (also used for curl bodies). */
export function classifyValue(value: unknown): ImportFormat {
  const run = runFormatOf(value)
  if (run) return run
  if (Array.isArray(value)) {
    if (looksOpenAi(value)) return "openai-chat"
    return hasLegacyXml(value, undefined) ? "legacy-xml" : "messages-array"
  }
  if (!isRecord(value)) return "unknown"
  if (
    typeof value.type === "string" &&
    CLAUDE_CODE_TYPES.has(value.type) &&
    ("uuid" in value || "sessionId" in value)
  )
    return "claude-code-jsonl"
  if (!Array.isArray(value.messages)) {
    const wrapped = ["body", "request", "params", "input", "payload"].some(
      (k) =>
        isRecord(value[k]) &&
        Array.isArray((value[k] as Record<string, unknown>).messages)
    )
    return wrapped ? "anthropic-json" : "unknown"
  }
  if (looksOpenAi(value.messages, value)) return "openai-chat"
  return hasLegacyXml(value.messages, value.system)
    ? "legacy-xml"
    : "anthropic-json"
}

/** Whether one JSONL line is an entry Claude Code writes to a session log. */
function isClaudeCodeLine(line: string): boolean | null {
  if (!line.startsWith("{") || !line.endsWith("}")) return null
  try {
    const value: unknown = JSON.parse(line)
    if (!isRecord(value) || typeof value.type !== "string") return null
    return (
      CLAUDE_CODE_TYPES.has(value.type) ||
      "sessionId" in value ||
      "uuid" in value
    )
  } catch {
    return null
  }
}

/**
 * `text` is trimmed; a single line is never JSONL. A log may open with a
 * bookkeeping line of its own (`fork-context-ref` of a forked subagent,
 * `mode`, `last-prompt`, …): every one of the first lines must be a typed
 * JSON object, and one of them a Claude Code entry.
 */
function looksLikeJsonl(text: string): boolean {
  if (text.indexOf("\n") === -1) return false
  let from = 0
  for (let i = 0; i < 8 && from < text.length; i++) {
    const nl = text.indexOf("\n", from)
    const line = text.slice(from, nl === -1 ? text.length : nl).trim()
    from = nl === -1 ? text.length : nl + 1
    if (line === "") continue
    const verdict = isClaudeCodeLine(line)
    if (verdict === null) return false
    if (verdict) return true
  }
  return false
}

/** Recognises the format of pasted text; parses JSON at most once. */
export function detectFormat(text: string): Detection {
  const trimmed = text.trim()
  const json = trimmed.startsWith("{") || trimmed.startsWith("[")
  // JSON is checked by parseJsonBounded (the scans a parse makes redundant
  // are skipped); a JSONL first line is checked here like any other text.
  const jsonl = json && looksLikeJsonl(trimmed)
  // A recorded run as JSONL (a request log, OTLP lines, LangSmith runs).
  const runLines = json && !jsonl ? runLinesFormat(trimmed) : null
  const bad = json && !jsonl && !runLines ? null : checkText(text)
  if (bad) return { format: "unknown", label: LABELS.unknown, error: bad }
  if (trimmed === "")
    return {
      format: "unknown",
      label: LABELS.unknown,
      error: {
        message:
          "Nothing to import yet: paste a request, a transcript or a curl command.",
      },
    }
  if (looksLikeCurl(trimmed))
    return { format: "curl", label: LABELS.curl, mixed: true }
  if (json) {
    if (jsonl)
      return { format: "claude-code-jsonl", label: LABELS["claude-code-jsonl"] }
    if (runLines) return { format: runLines, label: LABELS[runLines] }
    // A byte-order mark (files saved by some editors) reads as a space, so
    // error columns stay right.
    const parsed = parseJsonBounded(
      text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text
    )
    if (!parsed.success)
      return {
        format: "unknown",
        label: "JSON with a syntax error",
        error: parsed.error,
        mixed: true,
      }
    const format = classifyValue(parsed.data)
    if (format === "unknown")
      return {
        format,
        label: LABELS.unknown,
        value: parsed.data,
        error: {
          message:
            "This JSON has no `messages` array, so it is not a Messages or chat request.",
        },
      }
    return { format, label: LABELS[format], value: parsed.data }
  }
  // A transcript that merely quotes SDK code stays a transcript: SDK code
  // has no `Human:` / `Assistant:` turns.
  const transcript = splitTranscript(text)
  if (looksLikeSdkCall(text) && !(transcript && transcript.segments.length > 1))
    return { format: "sdk-call", label: LABELS["sdk-call"], mixed: true }
  if (transcript) {
    return {
      format: "legacy-xml",
      transcript,
      label: containsLegacyXml(text)
        ? "legacy XML transcript (Human/Assistant)"
        : "Human/Assistant transcript",
    }
  }
  return {
    format: "unknown",
    label: LABELS.unknown,
    mixed: true,
    error: {
      message:
        "Could not recognise the format. Paste a Messages API request (JSON), a curl command, a Python or TypeScript SDK call (`client.messages.create(…)`), a Claude Code session (.jsonl), an OpenAI chat request or a Human:/Assistant: transcript.",
      line: 1,
      column: 1,
    },
  }
}
