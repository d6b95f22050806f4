/**
 * Pure operations behind compose mode: add, move, duplicate and delete
 * messages and blocks of a request without mutating it. Ids for new tool uses
 * come from `nextToolUseId`, deterministic in the request's existing ids.
 */
import { blockTemplate } from "@/lib/context-editing/request/block-types"
import { isRecord } from "@/lib/json/is-record"

export type Json = Record<string, unknown>
export type Block = Json & { type: string }
export type Message = { role: "user" | "assistant"; content: string | Block[] }

/** The request's messages (a bare messages array counts as the request). */
export function selectMessages(request: unknown): unknown[] {
  if (Array.isArray(request)) return request
  if (isRecord(request) && Array.isArray(request.messages))
    return request.messages
  return []
}

/** The request with `messages` replaced (a bare array stays bare). */
export function withMessages(request: unknown, messages: unknown[]): unknown {
  if (Array.isArray(request)) return messages
  return { ...(isRecord(request) ? request : {}), messages }
}

/** Content as a block array (string content becomes one text block). */
export function blocksOf(message: unknown): Block[] {
  if (!isRecord(message)) return []
  if (typeof message.content === "string")
    return [{ type: "text", text: message.content }]
  return Array.isArray(message.content)
    ? message.content.map((b) =>
        isRecord(b) ? (b as Block) : { type: "text", text: "" }
      )
    : []
}

function moveItem<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return list
  const next = [...list]
  const [item] = next.splice(from, 1)
  if (item !== undefined) next.splice(to, 0, item)
  return next
}

/** Every tool-use id in the request (tool_use, server_tool_use, mcp_tool_use). */
export function toolUseIds(request: unknown): string[] {
  const ids: string[] = []
  for (const m of selectMessages(request)) {
    for (const b of blocksOf(m)) {
      if (/tool_use$/.test(b.type) && typeof b.id === "string") ids.push(b.id)
    }
  }
  return ids
}

/** A fresh `toolu_compose_N` id that the request does not use yet. */
export function nextToolUseId(
  request: unknown,
  prefix = "toolu_compose_"
): string {
  const used = new Set(toolUseIds(request))
  let n = 1
  while (used.has(`${prefix}${String(n).padStart(3, "0")}`)) n++
  return `${prefix}${String(n).padStart(3, "0")}`
}

/** The text a new message or text block starts with (selected, so typing replaces it). */
export const NEW_TEXT = {
  user: "Your next message.",
  assistant: "The assistant's reply.",
  block: "More text.",
} as const

/** Appends a message of `role` with its starting text (never empty: the API refuses that). */
export function addMessage(
  request: unknown,
  role: "user" | "assistant"
): unknown {
  const messages = selectMessages(request)
  return withMessages(request, [
    ...messages,
    { role, content: [{ type: "text", text: NEW_TEXT[role] }] },
  ])
}

export function updateMessage(
  request: unknown,
  index: number,
  message: unknown
): unknown {
  return withMessages(
    request,
    selectMessages(request).map((m, i) => (i === index ? message : m))
  )
}

export function moveMessage(
  request: unknown,
  from: number,
  to: number
): unknown {
  const messages = selectMessages(request)
  const moved = moveItem(messages, from, to)
  return moved === messages ? request : withMessages(request, moved)
}

export function duplicateMessage(request: unknown, index: number): unknown {
  const messages = selectMessages(request)
  const copy = structuredClone(messages[index])
  return withMessages(request, [
    ...messages.slice(0, index + 1),
    copy,
    ...messages.slice(index + 1),
  ])
}

export function deleteMessage(request: unknown, index: number): unknown {
  return withMessages(
    request,
    selectMessages(request).filter((_, i) => i !== index)
  )
}

/** Replaces message `index`'s content with `blocks`. */
export function setBlocks(
  request: unknown,
  index: number,
  blocks: Block[]
): unknown {
  const message = selectMessages(request)[index]
  return updateMessage(request, index, {
    ...(isRecord(message) ? message : {}),
    content: blocks,
  })
}

export function moveBlock(
  request: unknown,
  m: number,
  from: number,
  to: number
): unknown {
  const blocks = blocksOf(selectMessages(request)[m])
  const moved = moveItem(blocks, from, to)
  return moved === blocks ? request : setBlocks(request, m, moved)
}

export function duplicateBlock(
  request: unknown,
  m: number,
  b: number
): unknown {
  const blocks = blocksOf(selectMessages(request)[m])
  const copy = structuredClone(blocks[b])
  if (!copy) return request
  // A duplicated tool use needs its own id, or pairing breaks.
  if (/tool_use$/.test(copy.type)) copy.id = nextToolUseId(request)
  return setBlocks(request, m, [
    ...blocks.slice(0, b + 1),
    copy,
    ...blocks.slice(b + 1),
  ])
}

export function deleteBlock(request: unknown, m: number, b: number): unknown {
  return setBlocks(
    request,
    m,
    blocksOf(selectMessages(request)[m]).filter((_, i) => i !== b)
  )
}

/** A new, valid block of `type` (ids and pairings filled in). */
export function newBlock(request: unknown, type: string): Block {
  switch (type) {
    case "text":
      return { type, text: NEW_TEXT.block }
    case "thinking":
      return { type, thinking: "", signature: "compose-signature" }
    case "redacted_thinking":
      return { type, data: "RWNyeXB0ZWQ=" }
    case "tool_use":
      return {
        type,
        id: nextToolUseId(request),
        name: "read_file",
        input: { path: "README.md" },
      }
    case "server_tool_use":
      return {
        type,
        id: nextToolUseId(request, "srvtoolu_compose_"),
        name: "web_search",
        input: { query: "" },
      }
    case "web_search_tool_result": {
      const ids = toolUseIds(request).filter((id) => id.startsWith("srvtoolu"))
      return { type, tool_use_id: ids.at(-1) ?? "", content: [] }
    }
    case "tool_result": {
      const ids = toolUseIds(request)
      return { type, tool_use_id: ids.at(-1) ?? "", content: "" }
    }
    default:
      return blockTemplate(type) as Block
  }
}

export function addBlock(request: unknown, m: number, type: string): unknown {
  const block = newBlock(request, type)
  const next = setBlocks(request, m, [
    ...blocksOf(selectMessages(request)[m]),
    block,
  ])
  // A new tool call declares its tool (TOOLS_RULE).
  return type === "tool_use" && typeof block.name === "string"
    ? withToolDefinition(next, block.name)
    : next
}

/**
 * The API's rule, in its words (OBS, a live 400 quoted in
 * anthropics/anthropic-sdk-python#494): every request with tool blocks
 * declares tools.
 */
export const TOOLS_RULE =
  "Requests which include tool_use or tool_result blocks must define tools."

/** Definitions compose adds for the tools it calls (a schema the input fits). */
const TOOL_DEFINITIONS: Record<string, Json> = {
  read_file: {
    name: "read_file",
    description:
      "Read a text file from the repository and return its contents.",
    input_schema: {
      type: "object",
      properties: { path: { type: "string", description: "Path of the file" } },
      required: ["path"],
    },
  },
}

const declaredTools = (request: unknown): Json[] =>
  isRecord(request) && Array.isArray(request.tools)
    ? (request.tools as unknown[]).filter(isRecord)
    : []

/**
 * The request with a definition of tool `name` in `tools` (added when
 * missing; a bare messages array has nowhere to put one and is returned
 * as is).
 */
export function withToolDefinition(request: unknown, name: string): unknown {
  if (!isRecord(request)) return request
  const tools = declaredTools(request)
  if (tools.some((t) => t.name === name)) return request
  const definition = TOOL_DEFINITIONS[name] ?? {
    name,
    description: `The ${name} tool (declared by compose so the request is valid).`,
    input_schema: { type: "object", properties: {} },
  }
  return { ...request, tools: [...tools, definition] }
}

/**
 * What keeps the request from following TOOLS_RULE: the names of custom
 * tools it calls without declaring them, and whether it has tool blocks but
 * no tools at all.
 */
export function undeclaredTools(request: unknown): {
  names: string[]
  noTools: boolean
} {
  const declared = new Set(declaredTools(request).map((t) => t.name))
  const names = new Set<string>()
  let toolBlocks = false
  for (const m of selectMessages(request))
    for (const b of blocksOf(m)) {
      if (b.type === "tool_use" || b.type === "tool_result") toolBlocks = true
      if (
        b.type === "tool_use" &&
        typeof b.name === "string" &&
        !declared.has(b.name)
      )
        names.add(b.name)
    }
  return { names: [...names], noTools: toolBlocks && declared.size === 0 }
}

/** Every undeclared tool the request calls, declared. */
export function declareCalledTools(request: unknown): unknown {
  return undeclaredTools(request).names.reduce(withToolDefinition, request)
}

/**
 * Appends a complete tool call: an assistant `tool_use` and the user's
 * `tool_result`, paired by a fresh id (the quickest way to grow a session),
 * and declares the tool (TOOLS_RULE) with a schema the input fits.
 */
export function addToolCallPair(
  request: unknown,
  name: string,
  result: string
): unknown {
  const id = nextToolUseId(request)
  const messages = selectMessages(request)
  const n = toolUseIds(request).length + 1
  const input = name === "read_file" ? { path: `src/module_${n}.ts` } : {}
  const next = withMessages(request, [
    ...messages,
    { role: "assistant", content: [{ type: "tool_use", id, name, input }] },
    {
      role: "user",
      content: [{ type: "tool_result", tool_use_id: id, content: result }],
    },
  ])
  return withToolDefinition(next, name)
}
