import { parseJsonBounded } from "../bounds"
import { parsePythonLiteral } from "../legacy-xml/python-literal"
import { failure, isRecord, Notes, plural } from "../notes"
import { DEFAULT_MAX_TOKENS, DEFAULT_MODEL, restoreRequest } from "../restore"
import type { ContentBlock, ImportResult, MessageParam } from "../types"

/**
 * OpenAI-style chat completions request → Anthropic Messages request:
 * system extracted, tool_calls → tool_use, tool messages → tool_result in
 * one user message, function tools → input_schema tools.
 */

const DROPPED_KEYS = [
  "n",
  "presence_penalty",
  "frequency_penalty",
  "logit_bias",
  "logprobs",
  "top_logprobs",
  "response_format",
  "seed",
  "stream_options",
  "user",
  "parallel_tool_calls",
  "modalities",
  "audio",
  "store",
  "reasoning_effort",
  "service_tier",
]

function parts(content: unknown, notes: Notes): ContentBlock[] {
  if (typeof content === "string")
    return content === "" ? [] : [{ type: "text", text: content }]
  if (!Array.isArray(content)) return []
  const out: ContentBlock[] = []
  for (const part of content) {
    if (typeof part === "string") out.push({ type: "text", text: part })
    else if (!isRecord(part)) continue
    else if (
      (part.type === "text" || part.type === "input_text") &&
      typeof part.text === "string"
    )
      out.push({ type: "text", text: part.text })
    else if (part.type === "refusal" && typeof part.refusal === "string") {
      out.push({ type: "text", text: part.refusal })
      notes.tally(
        "openai-refusal",
        "info",
        (n) => `Kept ${plural(n, "refusal")} as text`
      )
    } else if (part.type === "image_url") {
      const url = isRecord(part.image_url)
        ? String(part.image_url.url ?? "")
        : String(part.image_url ?? "")
      const data = /^data:([^;,]+);base64,(.*)$/s.exec(url)
      out.push(
        data
          ? {
              type: "image",
              source: { type: "base64", media_type: data[1], data: data[2] },
            }
          : { type: "image", source: { type: "url", url } }
      )
      notes.tally(
        "openai-image",
        "info",
        (n) => `Converted ${plural(n, "image_url part")} to image blocks`
      )
    } else
      notes.tally(
        `openai-part-${String(part.type)}`,
        "warning",
        (n) =>
          `Dropped ${plural(n, `"${String(part.type)}" content part`)} (no Messages equivalent)`
      )
  }
  return out
}

function textOf(content: unknown, notes: Notes): string {
  return parts(content, notes)
    .filter((b) => b.type === "text")
    .map((b) => String(b.text))
    .join("\n\n")
}

/** A valid tool_use id (the API allows letters, digits, `_` and `-`). */
function safeId(id: unknown, fallback: string): string {
  const s =
    typeof id === "string" && id !== ""
      ? id.replace(/[^A-Za-z0-9_-]/g, "_")
      : fallback
  return s
}

/** The JSON object in `text` (depth-bounded), or undefined. */
function jsonObject(text: string): Record<string, unknown> | undefined {
  const parsed = parseJsonBounded(text)
  return parsed.success && isRecord(parsed.data) ? parsed.data : undefined
}

/**
 * A call's `arguments` string → its input object. Repairs what models and
 * logs commonly produce (double-encoded JSON, a trailing comma, Python-style
 * quoting and literals), each with a note; anything else stays as text.
 */
function parseArguments(
  raw: unknown,
  name: string,
  notes: Notes
): Record<string, unknown> {
  if (isRecord(raw)) return raw
  if (typeof raw !== "string" || raw.trim() === "") return {}
  const parsed = parseJsonBounded(raw)
  if (parsed.success) {
    if (isRecord(parsed.data)) return parsed.data
    const inner =
      typeof parsed.data === "string" ? jsonObject(parsed.data) : undefined
    if (inner) {
      notes.tally(
        "args-double",
        "info",
        (n) =>
          `Decoded ${plural(n, "double-encoded \`arguments\` string")} (JSON inside a JSON string)`
      )
      return inner
    }
  } else if (/nested more than/.test(parsed.error.message)) {
    notes.warn(
      `The arguments of a \`${name}\` call are nested too deeply to read; kept them as text under \`raw_arguments\``
    )
    return { raw_arguments: raw }
  }
  const noTrailingComma = raw.replace(/,(\s*[}\]])/g, "$1")
  const repaired =
    noTrailingComma !== raw ? jsonObject(noTrailingComma) : undefined
  if (repaired) {
    notes.tally(
      "args-comma",
      "info",
      (n) =>
        `Removed trailing commas from ${plural(n, "call's \`arguments\`", "calls' \`arguments\`")}`
    )
    return repaired
  }
  const python = parsePythonLiteral(raw.trim())
  if (isRecord(python)) {
    notes.tally(
      "args-python",
      "info",
      (n) =>
        `Read ${plural(n, "call's \`arguments\`", "calls' \`arguments\`")} written as a Python literal (single quotes, True/False/None)`
    )
    return python
  }
  notes.warn(
    `The arguments of a \`${name}\` call are not a JSON object; kept them as text under \`raw_arguments\``
  )
  return { raw_arguments: raw }
}

/** Messages under construction; consecutive same-role blocks are joined. */
class Conversation {
  readonly system: string[] = []
  readonly messages: MessageParam[] = []
  toolMessages = 0
  lastFunctionCallId: string | undefined

  emit(role: MessageParam["role"], blocks: ContentBlock[]): void {
    if (blocks.length === 0) return
    const last = this.messages.at(-1)
    if (last && last.role === role && Array.isArray(last.content))
      last.content.push(...blocks)
    else this.messages.push({ role, content: blocks })
  }
}

/** An assistant message's text, refusal and calls as blocks. */
function assistantBlocks(
  raw: Record<string, unknown>,
  i: number,
  chat: Conversation,
  notes: Notes
): ContentBlock[] {
  const blocks = parts(raw.content, notes)
  if (typeof raw.refusal === "string" && raw.refusal !== "") {
    blocks.push({ type: "text", text: raw.refusal })
    notes.tally(
      "openai-refusal",
      "info",
      (n) => `Kept ${plural(n, "refusal")} as text`
    )
  }
  if (
    typeof raw.reasoning_content === "string" ||
    typeof raw.reasoning === "string"
  )
    notes.tally(
      "openai-reasoning",
      "warning",
      (n) =>
        `Dropped the reasoning of ${plural(n, "assistant message")} (reasoning from another model cannot become signed thinking blocks)`
    )
  const calls = Array.isArray(raw.tool_calls) ? raw.tool_calls : []
  calls.forEach((call, n) => {
    if (!isRecord(call) || !isRecord(call.function)) return
    const name = String(call.function.name ?? "tool")
    blocks.push({
      type: "tool_use",
      id: safeId(call.id, `toolu_openai_${i}_${n}`),
      name,
      input: parseArguments(call.function.arguments, name, notes),
    })
  })
  if (isRecord(raw.function_call)) {
    const name = String(raw.function_call.name ?? "tool")
    chat.lastFunctionCallId = `toolu_openai_${i}_fn`
    blocks.push({
      type: "tool_use",
      id: chat.lastFunctionCallId,
      name,
      input: parseArguments(raw.function_call.arguments, name, notes),
    })
  }
  return blocks
}

/** A `tool` / `function` message → its tool_result (none without an id). */
function toolResult(
  raw: Record<string, unknown>,
  role: string,
  i: number,
  chat: Conversation,
  notes: Notes
): ContentBlock[] {
  chat.toolMessages++
  const id =
    role === "tool"
      ? safeId(raw.tool_call_id, "")
      : (chat.lastFunctionCallId ?? "")
  if (id === "") {
    notes.warn(`Dropped a ${role} message without a call id (message ${i + 1})`)
    return []
  }
  return [
    {
      type: "tool_result",
      tool_use_id: id,
      content: textOf(raw.content, notes),
    },
  ]
}

/** One chat message into the conversation (system text aside). */
function addMessage(raw: unknown, i: number, chat: Conversation, notes: Notes) {
  if (!isRecord(raw)) return
  const role = String(raw.role ?? "")
  if (typeof raw.name === "string" && raw.name !== "")
    notes.tally(
      "openai-name",
      "info",
      (n) =>
        `Dropped the \`name\` of ${plural(n, "message")} (the Messages API has no participant names)`
    )
  if (role === "system" || role === "developer")
    chat.system.push(textOf(raw.content, notes))
  else if (role === "user") chat.emit("user", parts(raw.content, notes))
  else if (role === "assistant")
    chat.emit("assistant", assistantBlocks(raw, i, chat, notes))
  else if (role === "tool" || role === "function")
    chat.emit("user", toolResult(raw, role, i, chat, notes))
  else
    notes.warn(
      `Dropped message ${i + 1}: unknown role ${JSON.stringify(raw.role ?? null)}`
    )
}

/** Model, max_tokens, sampling and stop fields of the chat request. */
function requestFields(
  value: Record<string, unknown>,
  request: Record<string, unknown>,
  notes: Notes
): void {
  // A Claude model called through an OpenAI-compatible endpoint stays.
  const claude =
    typeof value.model === "string" && /^claude-/i.test(value.model.trim())
  request.model = claude ? String(value.model).trim() : DEFAULT_MODEL
  if (!claude)
    notes.info(
      `Model ${typeof value.model === "string" ? `"${value.model}" replaced by` : "set to"} ${DEFAULT_MODEL} (a Claude model is needed)`
    )
  const max = value.max_completion_tokens ?? value.max_tokens
  if (typeof max === "number" && max > 0) request.max_tokens = Math.floor(max)
  if (typeof value.temperature === "number") {
    request.temperature = Math.min(1, Math.max(0, value.temperature))
    if (value.temperature > 1)
      notes.info("temperature capped at 1 (the Messages API range is 0–1)")
  }
  if (typeof value.top_p === "number") request.top_p = value.top_p
  if (value.stop !== undefined && value.stop !== null)
    request.stop_sequences = Array.isArray(value.stop)
      ? value.stop.map(String)
      : [String(value.stop)]
}

/** Tools, functions and tool_choice in the Messages API's shape. */
function toolFields(
  value: Record<string, unknown>,
  request: Record<string, unknown>
): void {
  const tools = [
    ...(Array.isArray(value.tools) ? value.tools : []),
    ...(Array.isArray(value.functions)
      ? value.functions.map((f) => ({ type: "function", function: f }))
      : []),
  ]
  if (tools.length > 0) request.tools = tools
  const choice = value.tool_choice
  if (choice === "auto" || choice === "none")
    request.tool_choice = { type: choice }
  else if (choice === "required") request.tool_choice = { type: "any" }
  else if (isRecord(choice) && isRecord(choice.function))
    request.tool_choice = { type: "tool", name: String(choice.function.name) }
}

/** Imports an OpenAI chat request object. */
export function fromOpenAi(input: unknown): ImportResult {
  // A bare messages array (as logged by many SDK wrappers).
  const value = Array.isArray(input) ? { messages: input } : input
  if (!isRecord(value) || !Array.isArray(value.messages))
    return failure("Expected an OpenAI chat request with a `messages` array.", {
      path: ["messages"],
    })
  const notes = new Notes()
  const chat = new Conversation()
  value.messages.forEach((raw, i) => addMessage(raw, i, chat, notes))
  if (chat.system.length > 0)
    notes.info(
      `Moved ${plural(chat.system.length, "system message")} to \`system\``
    )
  if (chat.toolMessages > 0)
    notes.info(
      `Converted ${plural(chat.toolMessages, "tool message")} to tool_result blocks in user messages`
    )
  const request: Record<string, unknown> = {
    model: DEFAULT_MODEL,
    max_tokens: DEFAULT_MAX_TOKENS,
    messages: chat.messages,
  }
  const joined = chat.system.filter((s) => s.trim() !== "").join("\n\n")
  if (joined !== "") request.system = joined
  requestFields(value, request, notes)
  toolFields(value, request)
  const dropped = DROPPED_KEYS.filter((k) => k in value)
  if (dropped.length > 0)
    notes.info(`Dropped OpenAI-only fields: ${dropped.join(", ")}`)
  return restoreRequest(request, notes, {
    inferTools: "the chat does not define them",
  })
}
