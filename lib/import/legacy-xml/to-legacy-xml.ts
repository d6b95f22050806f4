import { isRecord, Notes, plural } from "../notes"
import type {
  ContentBlock,
  ImportedRequest,
  ImportNote,
  MessageParam,
  ToolDefinition,
} from "../types"

/**
 * Modern request → legacy `Human:` / `Assistant:` transcript with XML tool
 * use (docs/semantics.md#legacy-tool-xml), the inverse of `fromLegacyTranscript`. Exists mainly so
 * legacy → modern → legacy → modern round trips can be tested; blocks the
 * legacy format cannot express (thinking, images, server tools) are dropped
 * and reported.
 */

/** The fixed preamble of the legacy tool-use system prompt. */
export const LEGACY_TOOL_PREAMBLE = `In this environment you have access to a set of tools you can use to answer the user's question.

You may call them like this:
<function_calls>
<invoke>
<tool_name>$TOOL_NAME</tool_name>
<parameters>
<$PARAMETER_NAME>$PARAMETER_VALUE</$PARAMETER_NAME>
...
</parameters>
</invoke>
</function_calls>

Here are the tools available:`

function toolDescription(tool: ToolDefinition): string {
  const schema = isRecord(tool.input_schema) ? tool.input_schema : {}
  const properties = isRecord(schema.properties) ? schema.properties : {}
  const params = Object.entries(properties).map(([name, raw]) => {
    const prop = isRecord(raw) ? raw : {}
    const type = typeof prop.type === "string" ? prop.type : "any"
    const description =
      typeof prop.description === "string" ? prop.description : ""
    return `<parameter>\n<name>${name}</name>\n<type>${type}</type>\n<description>${description}</description>\n</parameter>`
  })
  return [
    "<tool_description>",
    `<tool_name>${tool.name}</tool_name>`,
    "<description>",
    tool.description ?? "",
    "</description>",
    "<parameters>",
    ...params,
    "</parameters>",
    "</tool_description>",
  ].join("\n")
}

function formatValue(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value)
}

function blocksOf(message: MessageParam | undefined): ContentBlock[] {
  if (!message) return []
  return typeof message.content === "string"
    ? [{ type: "text", text: message.content }]
    : message.content
}

function resultText(block: ContentBlock): string {
  const content = block.content
  if (typeof content === "string") return content
  if (Array.isArray(content))
    return content
      .map((b) => (isRecord(b) && typeof b.text === "string" ? b.text : ""))
      .join("\n")
  return ""
}

function assistantText(message: MessageParam, notes: Notes): string {
  const parts: string[] = []
  let calls: string[] = []
  const flush = () => {
    if (calls.length > 0)
      parts.push(`<function_calls>\n${calls.join("\n")}\n</function_calls>`)
    calls = []
  }
  for (const block of blocksOf(message)) {
    if (block.type === "tool_use") {
      const input = isRecord(block.input) ? block.input : {}
      const params = Object.entries(input).map(
        ([k, v]) => `<${k}>${formatValue(v)}</${k}>`
      )
      calls.push(
        `<invoke>\n<tool_name>${String(block.name)}</tool_name>\n<parameters>\n${params.join("\n")}${params.length > 0 ? "\n" : ""}</parameters>\n</invoke>`
      )
      continue
    }
    flush()
    if (block.type === "text") parts.push(String(block.text))
    else
      notes.tally(
        `drop-${block.type}`,
        "warning",
        (n) =>
          `Dropped ${plural(n, `${block.type} block`)} (no legacy equivalent)`
      )
  }
  flush()
  return parts.join("\n\n")
}

function userText(
  message: MessageParam,
  previous: MessageParam | undefined,
  notes: Notes
): string {
  const calls = blocksOf(previous).filter((b) => b.type === "tool_use")
  const blocks = blocksOf(message)
  const results = blocks.filter((b) => b.type === "tool_result")
  // Results in the order of their calls, so name-based matching finds them again.
  const order = (b: ContentBlock) => {
    const i = calls.findIndex((c) => c.id === b.tool_use_id)
    return i === -1 ? calls.length : i
  }
  results.sort((a, b) => order(a) - order(b))
  const entries = results.map((r) => {
    const call = calls.find((c) => c.id === r.tool_use_id)
    const text = resultText(r)
    if (r.is_error === true) return `<error>\n${text}\n</error>`
    return `<result>\n<tool_name>${String(call?.name ?? "unknown")}</tool_name>\n<stdout>\n${text}\n</stdout>\n</result>`
  })
  const parts: string[] = []
  if (entries.length > 0)
    parts.push(`<function_results>\n${entries.join("\n")}\n</function_results>`)
  for (const block of blocks) {
    if (block.type === "text") parts.push(String(block.text))
    else if (block.type !== "tool_result")
      notes.tally(
        `drop-${block.type}`,
        "warning",
        (n) =>
          `Dropped ${plural(n, `${block.type} block`)} (no legacy equivalent)`
      )
  }
  return parts.join("\n\n")
}

/** A legacy transcript for `request`, and what could not be expressed. */
export function toLegacyTranscript(request: ImportedRequest): {
  text: string
  notes: ImportNote[]
} {
  const notes = new Notes()
  const custom = (request.tools ?? []).filter(
    (t) => t.input_schema !== undefined
  )
  const dropped = (request.tools ?? []).length - custom.length
  if (dropped > 0)
    notes.warn(
      `Dropped ${plural(dropped, "server tool")} (no legacy equivalent)`
    )
  const system =
    typeof request.system === "string"
      ? request.system
      : (request.system ?? []).map((b) => String(b.text ?? "")).join("\n\n")
  const head: string[] = []
  if (custom.length > 0)
    head.push(
      `${LEGACY_TOOL_PREAMBLE}\n<tools>\n${custom.map(toolDescription).join("\n")}\n</tools>`
    )
  if (system.trim() !== "") head.push(system)
  const turns = request.messages.map((message, i) =>
    message.role === "assistant"
      ? `\n\nAssistant: ${assistantText(message, notes)}`
      : `\n\nHuman: ${userText(message, request.messages[i - 1], notes)}`
  )
  return { text: `${head.join("\n\n")}${turns.join("")}`, notes: notes.list() }
}
