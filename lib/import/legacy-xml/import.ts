import { getModelInfo, MODELS } from "@/lib/context-editing/models"

import { checkText, parseJsonBounded } from "../bounds"
import { LegacyConverter } from "./converter"
import { countLegacy } from "./count"
import { extractTools, type LegacyTool } from "./tool-descriptions"
import { failure, isRecord, Notes, plural } from "../notes"
import {
  contentText,
  DEFAULT_MAX_TOKENS,
  DEFAULT_MODEL,
  restoreBlock,
  restoreRequest,
} from "../restore"
import type { ImportResult, ToolDefinition } from "../types"

/**
 * The model a converted legacy transcript gets: the newest one with context
 * editing that, like the Claude 3-era models these transcripts come from,
 * takes a request ending with Claude's answer (Claude 4.6 and later refuse
 * one: docs/semantics.md#models), and is not being retired. The transcript's
 * last message is usually that answer.
 */
const LEGACY_MODEL =
  MODELS.find(
    (m) => m.contextEditing && m.prefill !== false && !m.retired && !m.retiresOn
  )?.id ?? DEFAULT_MODEL

/**
 * Legacy XML tool use (docs/semantics.md#legacy-tool-xml) → modern tool_use/tool_result blocks, from a
 * Human/Assistant transcript or from Messages JSON whose text holds the XML.
 */

const MARKER = /(?:^|\r?\n[ \t]*\r?\n)[ \t]*(Human|Assistant):[ \t]?/g
const SYSTEM_LABEL = /^System:[ \t]*(?:\r?\n)?/
// `<invoke>` alone is not enough: plain prose or code may mention it.
const LEGACY_TAG = /<(?:[A-Za-z][\w-]*:)?(function_calls|function_results?)\b/

/** True when `text` holds legacy calls or results, not just their tag names. */
export function containsLegacyXml(text: string): boolean {
  if (!LEGACY_TAG.test(text)) return false
  const { calls, results } = countLegacy(text)
  return calls + results > 0
}

/** A Text Completions transcript split into system + role segments; null if it is not one. */
export function splitTranscript(text: string): {
  system: string
  segments: Array<{ role: "user" | "assistant"; text: string }>
} | null {
  const segments: Array<{ role: "user" | "assistant"; text: string }> = []
  let system = ""
  let last: { role: "user" | "assistant"; start: number } | null = null
  for (const m of text.matchAll(MARKER)) {
    const index = m.index ?? 0
    if (last)
      segments.push({ role: last.role, text: text.slice(last.start, index) })
    else system = text.slice(0, index)
    last = {
      role: m[1] === "Human" ? "user" : "assistant",
      start: index + m[0].length,
    }
  }
  if (!last) return null
  segments.push({ role: last.role, text: text.slice(last.start) })
  // A transcript may label its opening text "System:" (a role marker in
  // Text Completions prompts, not part of the prompt itself).
  return { system: system.trim().replace(SYSTEM_LABEL, ""), segments }
}

function summarise(
  notes: Notes,
  converter: LegacyConverter,
  tools: LegacyTool[]
): void {
  const { calls, results, errors, splits } = converter.counts
  const names = new Set(tools.map((t) => t.name))
  for (const name of names) {
    const n = tools.filter((t) => t.name === name).length
    if (n > 1)
      notes.warn(
        `${n} <tool_description> blocks are named \`${name}\`; kept the last one`
      )
  }
  if (tools.length > 0) {
    notes.info(
      `Built ${plural(names.size, "tool definition")} from the <tool_description> blocks in the system prompt (all parameters required)`
    )
    notes.info(
      "Removed the tool-use preamble and the <tools> block from `system`"
    )
  }
  if (calls > 0)
    notes.info(
      `Converted ${plural(calls, "legacy call")} into tool_use blocks with ids toolu_legacy_<turn>_<n>`
    )
  if (results + errors > 0)
    notes.info(
      `Converted ${plural(results + errors, "result")} into tool_result blocks${errors > 0 ? ` (${errors} marked is_error)` : ""}: context editing can clear them now. As XML inside text they were plain text to the server, which only clears native tool_result blocks`
    )
  if (splits > 0)
    notes.info(
      `Split ${plural(splits, "<function_results> block")} found inside assistant text into assistant / user / assistant messages`
    )
}

/** A transcript split into its system prompt and role segments. */
export type Transcript = NonNullable<ReturnType<typeof splitTranscript>>

/**
 * A `Human:` / `Assistant:` transcript (text before the first Human: is the
 * system prompt). `checked`: the split the import gate already made of the
 * bounded text (then neither the bounds nor the split run again).
 */
export function fromLegacyTranscript(
  text: string,
  checked?: Transcript
): ImportResult {
  const bad = checked ? null : checkText(text)
  if (bad) return { success: false, error: bad }
  const split = checked ?? splitTranscript(text)
  if (!split)
    return failure(
      "No `Human:` or `Assistant:` turns found in the transcript.",
      { line: 1, column: 1 }
    )
  const notes = new Notes()
  const segments = split.segments.filter((s, i) => {
    if (s.text.trim() !== "") return true
    if (s.role === "assistant" && i === split.segments.length - 1)
      notes.info(
        "Dropped the empty final `Assistant:` (the prompt was waiting for a completion)"
      )
    else
      notes.tally(
        "empty-segment",
        "info",
        (n) => `Dropped ${plural(n, "empty segment")}`
      )
    return false
  })
  const { tools, rest } = extractTools(split.system, notes)
  const converter = new LegacyConverter(tools, notes)
  for (const segment of segments) {
    converter.begin(segment.role)
    if (segment.role === "assistant") converter.assistant(segment.text)
    else converter.user(segment.text)
  }
  const { messages, tools: definitions } = converter.finish()
  summarise(notes, converter, tools)
  notes.info(
    `Transcripts name no model; using ${LEGACY_MODEL} (context editing, and it takes a request that ends with Claude's answer) and max_tokens ${DEFAULT_MAX_TOKENS}`
  )
  return restoreRequest(
    {
      model: LEGACY_MODEL,
      max_tokens: DEFAULT_MAX_TOKENS,
      ...(rest !== "" ? { system: rest } : {}),
      ...(definitions.length > 0 ? { tools: definitions } : {}),
      messages,
    },
    notes
  )
}

const STOP_SEQUENCES = new Set(["</function_calls>", "\n\nHuman:"])

/**
 * The legacy tools of a request: from `system`, or (some legacy prompts)
 * from the first user turn, which is then rewritten without them.
 */
function legacyTools(
  request: Record<string, unknown>,
  rawMessages: unknown[],
  notes: Notes
): { tools: LegacyTool[]; rest: string } {
  const fromSystem = extractTools(contentText(request.system), notes)
  if (fromSystem.tools.length > 0) return fromSystem
  const first = rawMessages.findIndex((m) => isRecord(m) && m.role === "user")
  if (first === -1) return fromSystem
  const extracted = extractTools(
    contentText((rawMessages[first] as Record<string, unknown>).content),
    notes
  )
  if (extracted.tools.length === 0) return fromSystem
  notes.info(
    "Found the tool descriptions in the first user message and moved them to `tools`"
  )
  rawMessages[first] = { role: "user", content: extracted.rest }
  return { tools: extracted.tools, rest: fromSystem.rest }
}

/** One message of Messages JSON into the converter (its text scanned). */
function feedMessage(
  converter: LegacyConverter,
  raw: unknown,
  index: number,
  notes: Notes
): void {
  if (!isRecord(raw)) return
  const role =
    raw.role === "assistant"
      ? "assistant"
      : raw.role === "user" || raw.role === "human"
        ? "user"
        : null
  if (!role) {
    notes.warn(
      `Dropped message ${index + 1}: role ${JSON.stringify(raw.role ?? null)} is not user or assistant`
    )
    return
  }
  converter.begin(role)
  const feed = (text: string) =>
    role === "assistant" ? converter.assistant(text) : converter.user(text)
  if (typeof raw.content === "string") return feed(raw.content)
  if (!Array.isArray(raw.content)) return
  for (const item of raw.content) {
    const block = restoreBlock(item, notes)
    if (!block) continue
    if (block.type === "text") feed(String(block.text))
    else converter.block(role, block)
  }
}

/** Messages JSON (object or bare array) whose text blocks hold legacy XML. */
export function fromLegacyMessages(value: unknown): ImportResult {
  const notes = new Notes()
  let request: Record<string, unknown>
  if (Array.isArray(value)) {
    notes.info(
      `Wrapped a bare messages array in a request (model ${DEFAULT_MODEL})`
    )
    request = {
      model: DEFAULT_MODEL,
      max_tokens: DEFAULT_MAX_TOKENS,
      messages: value,
    }
  } else if (isRecord(value) && Array.isArray(value.messages)) request = value
  else
    return failure("Expected a Messages request with a `messages` array.", {
      path: ["messages"],
    })

  // Copied: the first user message may be rewritten; input stays untouched.
  const rawMessages = [...(request.messages as unknown[])]
  const { tools, rest } = legacyTools(request, rawMessages, notes)
  const converter = new LegacyConverter(tools, notes)
  rawMessages.forEach((raw, index) => feedMessage(converter, raw, index, notes))
  const { messages, tools: definitions } = converter.finish()
  summarise(notes, converter, tools)

  const data: Record<string, unknown> = { ...request, messages }
  if (tools.length > 0) {
    if (rest === "") delete data.system
    else data.system = rest
  }
  const existing = Array.isArray(request.tools)
    ? (request.tools as ToolDefinition[])
    : []
  const names = new Set(existing.map((t) => t.name))
  const merged = [...existing, ...definitions.filter((d) => !names.has(d.name))]
  if (merged.length > 0) data.tools = merged
  if (Array.isArray(request.stop_sequences)) {
    const kept = request.stop_sequences.filter(
      (s) => !STOP_SEQUENCES.has(String(s))
    )
    if (kept.length < request.stop_sequences.length) {
      notes.info(
        "Removed the legacy stop sequences (</function_calls>, \\n\\nHuman:); native tool use stops with stop_reason tool_use"
      )
      if (kept.length > 0) data.stop_sequences = kept
      else delete data.stop_sequences
    }
  }
  modernModel(data, notes)
  return restoreRequest(data, notes)
}

/**
 * A legacy transcript usually names a Claude 3-era model, which has no
 * context editing (the API rejects the edits there): the converted request
 * gets the default model instead, and a note says so.
 */
function modernModel(data: Record<string, unknown>, notes: Notes): void {
  if (typeof data.model !== "string") return
  const info = getModelInfo(data.model)
  if (info.contextEditing) return
  notes.info(
    `Model ${data.model} has no context editing${info.retired ? " (and is retired)" : ""}; using ${LEGACY_MODEL} so the edits can be tried (it takes a request that ends with Claude's answer, as the transcript's model did)`
  )
  data.model = LEGACY_MODEL
}

/** Legacy XML from text: Messages JSON if it parses as JSON, else a transcript. */
export function importLegacyXml(text: string): ImportResult {
  const trimmed = text.trimStart()
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    const parsed = parseJsonBounded(text)
    if (!parsed.success) return { success: false, error: parsed.error }
    return fromLegacyMessages(parsed.data)
  }
  return fromLegacyTranscript(text)
}
