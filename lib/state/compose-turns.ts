/**
 * Compose operations that keep the request valid: a new message starts with
 * text (the API refuses an empty text block), an assistant reply is followed
 * by the user's next message on models that refuse a final assistant
 * message, a tool call comes with its result in the next user message (and
 * a result with its call), tools are declared and edited as definitions, and
 * a blank conversation starts from one user message.
 */
import { isRecord } from "@/lib/json/is-record"

import {
  type Block,
  blocksOf,
  type Json,
  NEW_TEXT,
  nextToolUseId,
  selectMessages,
  setBlocks,
  toolUseIds,
  withMessages,
  withToolDefinition,
} from "./compose"

export { NEW_TEXT }

const textMessage = (role: "user" | "assistant") => ({
  role,
  content: [{ type: "text", text: NEW_TEXT[role] }],
})

/**
 * Appends a message of `role` with its starting text; an assistant message
 * on a model that refuses a final one (`prefillRejected`) is followed by the
 * user's next message.
 */
export function addTurn(
  request: unknown,
  role: "user" | "assistant",
  options: { prefillRejected?: boolean } = {}
): unknown {
  const added = [textMessage(role)]
  if (role === "assistant" && options.prefillRejected)
    added.push(textMessage("user"))
  return withMessages(request, [...selectMessages(request), ...added])
}

/** `blocks` with `result` after their tool results (the API wants them first). */
export function withToolResult(blocks: Block[], result: Block): Block[] {
  let at = 0
  while (at < blocks.length && blocks[at]!.type === "tool_result") at++
  return [...blocks.slice(0, at), result, ...blocks.slice(at)]
}

const role = (message: unknown) =>
  isRecord(message) ? message.role : undefined

function toolUseBlock(request: unknown): Block {
  const id = nextToolUseId(request)
  const n = toolUseIds(request).length + 1
  return {
    type: "tool_use",
    id,
    name: "read_file",
    input: { path: `src/module_${n}.ts` },
  }
}

const resultFor = (id: string): Block => ({
  type: "tool_result",
  tool_use_id: id,
  content: "The tool's output.",
})

/**
 * Adds a tool call to assistant message `m` and its result to the user
 * message after it (created when `m` is the last message or the next is
 * not the user's), declaring the tool.
 */
export function addToolUse(request: unknown, m: number): unknown {
  const messages = selectMessages(request)
  const use = toolUseBlock(request)
  const next = messages[m + 1]
  let out = setBlocks(request, m, [...blocksOf(messages[m]), use])
  const result = resultFor(String(use.id))
  if (role(next) === "user")
    out = setBlocks(out, m + 1, withToolResult(blocksOf(next), result))
  else {
    const list = selectMessages(out)
    out = withMessages(out, [
      ...list.slice(0, m + 1),
      { role: "user", content: [result] },
      ...list.slice(m + 1),
    ])
  }
  return withToolDefinition(out, String(use.name))
}

/** Tool-use ids of message `m` that message `m + 1` does not answer. */
function unanswered(messages: unknown[], m: number): string[] {
  const answered = new Set(
    blocksOf(messages[m + 1]).map((b) => String(b.tool_use_id ?? ""))
  )
  return blocksOf(messages[m])
    .filter((b) => b.type === "tool_use" && typeof b.id === "string")
    .map((b) => String(b.id))
    .filter((id) => !answered.has(id))
}

/**
 * Adds a tool result to user message `m`: for the call before it that has
 * none yet, else with a new call added to the assistant message before it
 * (inserted when there is none).
 */
export function addToolResult(request: unknown, m: number): unknown {
  const messages = selectMessages(request)
  const open =
    role(messages[m - 1]) === "assistant" ? unanswered(messages, m - 1) : []
  if (open.length > 0)
    return setBlocks(
      request,
      m,
      withToolResult(blocksOf(messages[m]), resultFor(open[0]!))
    )
  if (role(messages[m - 1]) === "assistant") return addToolUse(request, m - 1)
  const use = toolUseBlock(request)
  const out = withMessages(request, [
    ...messages.slice(0, m),
    { role: "assistant", content: [use] },
    ...messages.slice(m),
  ])
  const at = m + 1
  const user = selectMessages(out)[at]
  return withToolDefinition(
    setBlocks(
      out,
      at,
      withToolResult(blocksOf(user), resultFor(String(use.id)))
    ),
    String(use.name)
  )
}

/**
 * Deletes block `b` of message `m`; a tool call takes its result in the
 * next message with it, and a result its call in the message before (the
 * API refuses either alone).
 */
export function deleteBlockAndPair(
  request: unknown,
  m: number,
  b: number
): unknown {
  const messages = selectMessages(request)
  const block = blocksOf(messages[m])[b]
  let out = setBlocks(
    request,
    m,
    blocksOf(messages[m]).filter((_, i) => i !== b)
  )
  if (block?.type === "tool_use" && role(messages[m + 1]) === "user")
    out = setBlocks(
      out,
      m + 1,
      blocksOf(messages[m + 1]).filter((x) => x.tool_use_id !== block.id)
    )
  if (block?.type === "tool_result" && m > 0)
    out = setBlocks(
      out,
      m - 1,
      blocksOf(messages[m - 1]).filter((x) => x.id !== block.tool_use_id)
    )
  return out
}

/** The request's tool definitions (objects only). */
export function toolsOf(request: unknown): Json[] {
  return isRecord(request) && Array.isArray(request.tools)
    ? request.tools.filter(isRecord)
    : []
}

/** The request with `tools` replaced (the field dropped when empty). */
export function withTools(request: unknown, tools: Json[]): unknown {
  if (!isRecord(request)) return request
  const { tools: _old, ...rest } = request
  return tools.length > 0 ? { ...rest, tools } : rest
}

/** Server and Anthropic-schema tools compose offers, as the docs declare them. */
export const TOOL_TEMPLATES: Record<string, Json> = {
  custom: {
    name: "my_tool",
    description: "What the tool does, for the model.",
    input_schema: {
      type: "object",
      properties: { query: { type: "string", description: "The input" } },
      required: ["query"],
    },
  },
  web_search: { type: "web_search_20250305", name: "web_search" },
  web_fetch: { type: "web_fetch_20250910", name: "web_fetch" },
  memory: { type: "memory_20250818", name: "memory" },
  bash: { type: "bash_20250124", name: "bash" },
  text_editor: {
    type: "text_editor_20250728",
    name: "str_replace_based_edit_tool",
  },
}

/** Appends a tool from `TOOL_TEMPLATES` (a custom one gets a name not taken yet). */
export function addTool(
  request: unknown,
  template: keyof typeof TOOL_TEMPLATES
): unknown {
  const tools = toolsOf(request)
  const tool = structuredClone(TOOL_TEMPLATES[template]!)
  const names = new Set(tools.map((t) => t.name))
  if (template === "custom") {
    let n = 1
    while (names.has(n === 1 ? "my_tool" : `my_tool_${n}`)) n++
    tool.name = n === 1 ? "my_tool" : `my_tool_${n}`
  } else if (names.has(tool.name)) return request
  return withTools(request, [...tools, tool])
}

/**
 * A blank conversation: one user message, the model, output and thinking
 * settings and the edits kept; system prompt, tools and messages gone.
 */
export function blankConversation(request: unknown): unknown {
  const keep = ["model", "max_tokens", "thinking", "context_management"]
  const base = isRecord(request) ? request : {}
  const out: Json = {}
  for (const key of keep) if (base[key] !== undefined) out[key] = base[key]
  out.model ??= "claude-sonnet-4-6"
  out.max_tokens ??= 1024
  out.messages = [textMessage("user")]
  return out
}

/** Where an API error's path is in Compose. */
export type ComposePlace =
  | { kind: "message"; message: number; block?: number }
  | { kind: "tool"; index: number }
  | { kind: "system" }

/** The Compose place of a JSON path (`messages.31.content.0.text`), or null when Compose has none. */
export function composePlace(path: (string | number)[]): ComposePlace | null {
  const bare = typeof path[0] === "number"
  const rest = bare ? path : path[0] === "messages" ? path.slice(1) : null
  if (rest && typeof rest[0] === "number") {
    const block =
      rest[1] === "content" && typeof rest[2] === "number" ? rest[2] : undefined
    return {
      kind: "message",
      message: rest[0],
      ...(block !== undefined ? { block } : {}),
    }
  }
  if (path[0] === "tools" && typeof path[1] === "number")
    return { kind: "tool", index: path[1] }
  if (path[0] === "system") return { kind: "system" }
  return null
}

/** The place in words ("message 31, block 0 (text)"). */
export function describePlace(place: ComposePlace, request: unknown): string {
  if (place.kind === "system") return "the system prompt"
  if (place.kind === "tool") {
    const name = toolsOf(request)[place.index]?.name
    return `tool ${place.index + 1}${typeof name === "string" ? ` (${name})` : ""}`
  }
  const message = selectMessages(request)[place.message]
  const who =
    isRecord(message) && typeof message.role === "string"
      ? `${message.role} `
      : ""
  if (place.block === undefined) return `${who}message ${place.message}`
  const type = blocksOf(message)[place.block]?.type
  return `${who}message ${place.message}, block ${place.block}${type ? ` (${type})` : ""}`
}
