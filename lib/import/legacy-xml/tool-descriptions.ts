import type { Notes } from "../notes"
import type { ToolDefinition } from "../types"
import { mapLegacyType, type SchemaType } from "./coerce"
import { elements, findClose, findOpen, firstInner } from "./xml-scan"

/** A parameter as declared in `<parameter>`. */
export interface LegacyParam {
  name: string
  type: SchemaType | undefined
  description?: string
}

/** A tool as declared in `<tool_description>` (or a JSON `<function>`). */
export interface LegacyTool {
  name: string
  description?: string
  params: LegacyParam[]
  /** JSON-dialect tools carry their schema as is. */
  schema?: Record<string, unknown>
}

const PREAMBLE = /In this environment you have access to a set of tools/i
const HERE_ARE = /Here are the tools available:?/i

function parseToolDescription(inner: string, notes: Notes): LegacyTool | null {
  const name = firstInner(inner, "tool_name")
  if (!name) {
    notes.warn("Skipped a <tool_description> without a <tool_name>")
    return null
  }
  const paramsOpen = findOpen(inner, "parameters")
  const descOpen = findOpen(inner, "description")
  let description: string | undefined
  if (descOpen && (!paramsOpen || descOpen.start < paramsOpen.start)) {
    const close = findClose(inner, "description", descOpen.end)
    description = inner
      .slice(
        descOpen.end,
        close ? close.start : (paramsOpen?.start ?? inner.length)
      )
      .trim()
  }
  const params: LegacyParam[] = []
  if (paramsOpen) {
    const last = inner.lastIndexOf("</parameters>")
    const region = inner.slice(
      paramsOpen.end,
      last > paramsOpen.end ? last : inner.length
    )
    for (const el of elements(region, "parameter")) {
      const pname = firstInner(el.inner, "name")
      if (!pname) continue
      const rawType = firstInner(el.inner, "type")
      const type = mapLegacyType(rawType)
      if (
        rawType !== undefined &&
        type === undefined &&
        rawType.toLowerCase() !== "any"
      ) {
        notes.warn(
          `Parameter \`${pname}\` of \`${name}\` has unknown type "${rawType}"; its schema type was left out`
        )
      }
      const pdesc = firstInner(el.inner, "description")
      params.push({
        name: pname,
        type,
        ...(pdesc ? { description: pdesc } : {}),
      })
    }
  }
  const usage = firstInner(inner, "important_usage_notes")
  if (usage) {
    description = description ? `${description}\n\n${usage}` : usage
    notes.info(
      `Kept the <important_usage_notes> of \`${name}\` in its description`
    )
  }
  return { name, ...(description ? { description } : {}), params }
}

function parseJsonFunction(inner: string): LegacyTool | null {
  try {
    const fn = JSON.parse(inner) as Record<string, unknown>
    if (typeof fn.name !== "string") return null
    const schema =
      typeof fn.parameters === "object" && fn.parameters !== null
        ? (fn.parameters as Record<string, unknown>)
        : undefined
    return {
      name: fn.name,
      ...(typeof fn.description === "string"
        ? { description: fn.description }
        : {}),
      params: [],
      schema: schema ?? { type: "object", properties: {} },
    }
  } catch {
    return null
  }
}

/**
 * Tool declarations in a legacy system prompt, and the prompt without the
 * tool-use preamble and the `<tools>` block.
 */
export function extractTools(
  text: string,
  notes: Notes
): { tools: LegacyTool[]; rest: string } {
  type Span = { start: number; end: number }
  let spans: Span[] = []
  let tools: LegacyTool[] = []
  const descs = elements(text, "tool_description")
  if (descs.length > 0) {
    tools = descs
      .map((d) => parseToolDescription(d.inner, notes))
      .filter((t): t is LegacyTool => t !== null)
    // Each description goes with the <tools> block around it (there may be
    // several); text between the blocks stays in the system prompt.
    // Both lists are in document order: one forward pass pairs them.
    const blocks = elements(text, "tools")
    let b = 0
    for (const d of descs) {
      while (b < blocks.length && blocks[b]!.end < d.end) b++
      const block = blocks[b]
      const around = block && block.start <= d.start ? block : undefined
      const span = around ?? d
      if (spans.at(-1) !== span) spans.push(span)
    }
  } else {
    const fnBlock = elements(text, "functions")[0]
    if (fnBlock) {
      tools = elements(fnBlock.inner, "function")
        .map((f) => parseJsonFunction(f.inner))
        .filter((t): t is LegacyTool => t !== null)
      if (tools.length > 0) spans = [fnBlock]
    }
  }
  if (spans.length === 0) return { tools: [], rest: text }
  const before = text.slice(0, spans[0]!.start)
  const preamble = PREAMBLE.exec(before) ?? HERE_ARE.exec(before)
  const pieces = [text.slice(0, preamble ? preamble.index : spans[0]!.start)]
  spans.forEach((span, i) =>
    pieces.push(text.slice(span.end, spans[i + 1]?.start ?? text.length))
  )
  const rest = pieces
    .map((t) => t.trim())
    .filter((t) => t !== "")
    .join("\n\n")
  return { tools, rest }
}

/** Modern tool definition for a legacy tool (all parameters required). */
export function toToolDefinition(tool: LegacyTool): ToolDefinition {
  if (tool.schema) {
    return {
      name: tool.name,
      ...(tool.description ? { description: tool.description } : {}),
      input_schema: tool.schema,
    }
  }
  const properties: Record<string, Record<string, unknown>> = {}
  for (const p of tool.params) {
    properties[p.name] = {
      ...(p.type ? { type: p.type } : {}),
      ...(p.description ? { description: p.description } : {}),
    }
  }
  return {
    name: tool.name,
    ...(tool.description ? { description: tool.description } : {}),
    input_schema: {
      type: "object",
      properties,
      required: tool.params.map((p) => p.name),
    },
  }
}
