import { getModelInfo } from "@/lib/context-editing/models"
import { defaultMaxTokens } from "@/lib/context-editing/request/request-defaults"

import { failure, isRecord, type Notes, plural, succeed } from "./notes"
import { inferMissingTools } from "./infer-tools"
import { repairPairing } from "./repair-pairing"
import { restoreBlock, restoreMessages } from "./restore-blocks"
import type {
  ContentBlock,
  ImportedRequest,
  ImportResult,
  MessageParam,
  ToolDefinition,
} from "./types"

/**
 * excalidraw-style `restore*`: turn almost-valid Messages JSON into a valid
 * request, repairing what has one obvious fix and reporting each repair.
 */

/** Model used when the input names none. */
export const DEFAULT_MODEL = "claude-sonnet-4-6"
/** `max_tokens` used when the input has none. */
export const DEFAULT_MAX_TOKENS = 4096

/** Merges consecutive messages of the same role (the API merges them anyway). */
export function mergeSameRole(
  messages: MessageParam[],
  notes: Notes
): MessageParam[] {
  const out: MessageParam[] = []
  // Messages whose content array is our own copy: merging appends in place,
  // so a long run of same-role messages stays linear.
  const owned = new Set<MessageParam>()
  for (const message of messages) {
    const last = out.at(-1)
    // A kept system message stands alone, with its own fields.
    if (message.role === "system") {
      out.push({ ...message })
      continue
    }
    if (last && last.role === message.role) {
      notes.tally(
        `merge-${message.role}`,
        "info",
        (n) =>
          `Merged ${plural(n, `consecutive ${message.role} message`)} into the previous one`
      )
      if (!owned.has(last)) {
        last.content = [...toBlocks(last.content)]
        owned.add(last)
      }
      ;(last.content as ContentBlock[]).push(...toBlocks(message.content))
      continue
    }
    out.push({ role: message.role, content: message.content })
  }
  return out
}

function toBlocks(content: MessageParam["content"]): ContentBlock[] {
  return typeof content === "string"
    ? [{ type: "text", text: content }]
    : content
}

/**
 * Puts tool_result blocks first in each user message (the API requires
 * results before any other content). Stable otherwise. NOTE: mutates
 * `messages` (only arrays this module created).
 */
export function resultsFirst(messages: MessageParam[], notes: Notes): void {
  for (const message of messages) {
    if (message.role !== "user" || typeof message.content === "string") continue
    const content = message.content
    const firstOther = content.findIndex((b) => b.type !== "tool_result")
    const lastResult = content.findLastIndex((b) => b.type === "tool_result")
    if (firstOther === -1 || lastResult < firstOther) continue
    message.content = [
      ...content.filter((b) => b.type === "tool_result"),
      ...content.filter((b) => b.type !== "tool_result"),
    ]
    notes.tally(
      "results-first",
      "info",
      (n) =>
        `Moved tool_result blocks to the start of ${plural(n, "user message")} (the API requires them first)`
    )
  }
}

/** Tool definitions, repaired (OpenAI function shape, missing schema). */
export function restoreTools(
  raw: unknown,
  notes: Notes
): ToolDefinition[] | undefined {
  if (raw === undefined || raw === null) return undefined
  if (!Array.isArray(raw)) {
    notes.warn("Ignored `tools`: it is not an array")
    return undefined
  }
  const tools: ToolDefinition[] = []
  for (const item of raw) {
    if (!isRecord(item)) continue
    if (item.type === "function" && isRecord(item.function)) {
      const fn = item.function
      notes.tally(
        "tool-openai",
        "info",
        (n) =>
          `Converted ${plural(n, "OpenAI-style function tool")} to input_schema tools`
      )
      tools.push({
        name: String(fn.name ?? "tool"),
        ...(typeof fn.description === "string"
          ? { description: fn.description }
          : {}),
        input_schema: isRecord(fn.parameters)
          ? fn.parameters
          : { type: "object", properties: {} },
      })
      continue
    }
    // An MCP toolset names its server instead (SDK BetaMCPToolset).
    if (
      item.type === "mcp_toolset" &&
      typeof item.mcp_server_name === "string"
    ) {
      tools.push(item as unknown as ToolDefinition)
      continue
    }
    if (typeof item.name !== "string" || item.name === "") {
      notes.tally(
        "tool-nameless",
        "warning",
        (n) => `Dropped ${plural(n, "tool definition")} without a name`
      )
      continue
    }
    const tool: ToolDefinition = { ...item, name: item.name }
    if (tool.type === undefined && !isRecord(tool.input_schema)) {
      notes.tally(
        "tool-schema",
        "info",
        (n) => `Added an empty \`input_schema\` to ${plural(n, "tool")}`
      )
      tool.input_schema = { type: "object", properties: {} }
    }
    tools.push(tool)
  }
  return tools
}

/** Options of {@link restoreRequest}. */
export interface RestoreOptions {
  /**
   * Add definitions for tools that are called but not defined (the API
   * rejects tool_use blocks without `tools`); the reason goes in the note.
   */
  inferTools?: string
  /**
   * Keep mid-conversation `"system"` messages where they are when the
   * request's model takes them (Anthropic JSON; other formats' system
   * messages are the system prompt).
   */
  keepSystemMessages?: boolean
}

/** A request object → a valid request; the core of every JSON importer. */
export function restoreRequest(
  input: Record<string, unknown>,
  notes: Notes,
  options: RestoreOptions = {}
): ImportResult {
  if (!Array.isArray(input.messages)) {
    return failure("The request has no `messages` array.", {
      path: ["messages"],
    })
  }
  const keepSystem =
    options.keepSystemMessages === true &&
    typeof input.model === "string" &&
    getModelInfo(input.model.trim()).systemMessages
  const { messages: restored, system: extraSystem } = restoreMessages(
    input.messages,
    notes,
    keepSystem
  )
  let messages = mergeSameRole(restored, notes)
  resultsFirst(messages, notes)
  const paired = repairPairing(messages, notes)
  if (paired.length < messages.length) messages = mergeSameRole(paired, notes)
  if (messages.length === 0) {
    return failure("The request has no usable messages.", {
      path: ["messages"],
    })
  }
  if (messages[0]!.role !== "user")
    notes.warn(
      "The first message is from the assistant; the API expects a user message first"
    )
  const data: ImportedRequest = { ...input, model: "", max_tokens: 0, messages }
  if (typeof input.model === "string" && input.model.trim() !== "")
    data.model = input.model.trim()
  else {
    data.model = DEFAULT_MODEL
    notes.info(`No model given; using ${DEFAULT_MODEL}`)
  }
  const max = input.max_tokens
  if (typeof max === "number" && Number.isInteger(max) && max > 0)
    data.max_tokens = max
  else {
    // Above a thinking budget it must be, or the request is a new 400.
    data.max_tokens = defaultMaxTokens(input.thinking, DEFAULT_MAX_TOKENS)
    notes.info(`No valid max_tokens; using ${data.max_tokens}`)
  }
  const system = restoreSystem(input.system, extraSystem, notes)
  if (system === undefined) delete data.system
  else data.system = system
  let tools = restoreTools(input.tools, notes)
  if (options.inferTools !== undefined) {
    const all = inferMissingTools(
      messages,
      tools ?? [],
      notes,
      options.inferTools
    )
    if (all.length > 0) tools = all
  }
  if (tools === undefined) delete data.tools
  else data.tools = tools
  return succeed(data, notes)
}

function restoreSystem(
  raw: unknown,
  extra: string[],
  notes: Notes
): ImportedRequest["system"] | undefined {
  let system: ImportedRequest["system"] | undefined
  if (typeof raw === "string") system = raw
  else if (Array.isArray(raw)) {
    system = raw
      .map((b) => restoreBlock(b, notes))
      .filter((b): b is ContentBlock => b !== null && b.type === "text")
  } else if (raw !== undefined && raw !== null)
    notes.warn("Ignored `system`: it is neither text nor text blocks")
  const texts = extra.filter((t) => t.trim() !== "")
  if (texts.length === 0) return system
  const joined = texts.join("\n\n")
  if (system === undefined || system === "") return joined
  if (typeof system === "string") return `${system}\n\n${joined}`
  return [...system, { type: "text", text: joined }]
}

export { contentText, restoreBlock, restoreMessages } from "./restore-blocks"
