import { isRecord } from "../notes"
import type { ContentBlock, MessageParam } from "../types"

/**
 * GenAI semantic-convention messages (`gen_ai.input.messages`,
 * `gen_ai.output.messages`, `gen_ai.system_instructions`: role + parts)
 * → Messages API messages and blocks. `lost` counts what has no Messages
 * form (a redacted thinking block's data, an unknown part).
 */

/** Counts of what the parts could not carry. */
export interface PartLosses {
  redacted: number
  unknown: number
  systemInMessages: number
}

export const noLosses = (): PartLosses => ({
  redacted: 0,
  unknown: 0,
  systemInMessages: 0,
})

/** A value recorded as a JSON string (allowed on spans) or structured. */
export function structured(v: unknown): unknown {
  if (typeof v !== "string") return v
  const t = v.trim()
  if (!t.startsWith("[") && !t.startsWith("{")) return v
  try {
    return JSON.parse(t)
  } catch {
    return v
  }
}

/** Block types a Messages request takes as they are (a generic part may carry one whole). */
const ANTHROPIC_TYPES = new Set([
  "tool_use",
  "tool_result",
  "thinking",
  "server_tool_use",
  "web_search_tool_result",
  "web_fetch_tool_result",
  "code_execution_tool_result",
  "bash_code_execution_tool_result",
  "text_editor_code_execution_tool_result",
  "tool_search_tool_result",
  "mcp_tool_use",
  "mcp_tool_result",
  "search_result",
  "document",
  "image",
  "container_upload",
  "compaction",
])

const str = (v: unknown): string =>
  typeof v === "string" ? v : v === undefined ? "" : JSON.stringify(v)

/** A tool result's content: text, or the Messages blocks it was sent as. */
function resultContent(response: unknown): string | ContentBlock[] {
  const v = structured(response)
  if (
    Array.isArray(v) &&
    v.every((b) => isRecord(b) && typeof b.type === "string")
  )
    return v.map((b) => {
      const r = b as Record<string, unknown>
      return r.type === "text" &&
        typeof r.content === "string" &&
        !("text" in r)
        ? { type: "text", text: r.content }
        : (r as ContentBlock)
    })
  return str(v)
}

/** A media part (blob, uri, file) → an image or document block. */
function mediaBlock(p: Record<string, unknown>): ContentBlock | null {
  const kind = p.modality === "image" ? "image" : "document"
  if (p.type === "blob" && typeof p.content === "string")
    return {
      type: kind,
      source: {
        type: "base64",
        media_type: String(
          p.mime_type ?? (kind === "image" ? "image/png" : "application/pdf")
        ),
        data: p.content,
      },
    }
  if (p.type === "uri" && typeof p.uri === "string")
    return { type: kind, source: { type: "url", url: p.uri } }
  if (p.type === "file" && typeof p.file_id === "string")
    return { type: kind, source: { type: "file", file_id: p.file_id } }
  return null
}

/** One part → a block (null: nothing to send, counted in `lost`). */
export function partBlock(p: unknown, lost: PartLosses): ContentBlock | null {
  if (typeof p === "string") return { type: "text", text: p }
  if (!isRecord(p) || typeof p.type !== "string") return null
  switch (p.type) {
    case "text":
      return { type: "text", text: str(p.content ?? p.text) }
    case "tool_call": {
      const args = structured(p.arguments)
      return {
        type: "tool_use",
        id: str(p.id),
        name: str(p.name),
        input: isRecord(args) ? args : {},
      }
    }
    case "tool_call_response":
      return {
        type: "tool_result",
        tool_use_id: str(p.id).trim(),
        content: resultContent(p.response ?? p.result),
      }
    case "reasoning":
      return { type: "thinking", thinking: str(p.content) }
    case "server_tool_call": {
      const { type: _t, ...input } = isRecord(p.server_tool_call)
        ? p.server_tool_call
        : {}
      return {
        type: "server_tool_use",
        id: str(p.id),
        name: str(p.name),
        input,
      }
    }
    case "redacted_thinking":
      lost.redacted++
      return null
    case "blob":
    case "uri":
    case "file":
      return mediaBlock(p)
  }
  if (ANTHROPIC_TYPES.has(p.type)) return p as ContentBlock
  lost.unknown++
  return null
}

/** Parts → blocks (empty text dropped). */
export function partsBlocks(parts: unknown, lost: PartLosses): ContentBlock[] {
  const out: ContentBlock[] = []
  for (const p of Array.isArray(parts) ? parts : []) {
    const b = partBlock(p, lost)
    if (b && !(b.type === "text" && b.text === "")) out.push(b)
  }
  return out
}

/**
 * `gen_ai.input.messages` → messages (a `tool` message is the user turn
 * that carries results; a `system` message goes to `system`).
 */
export function inputMessages(
  raw: unknown,
  lost: PartLosses
): { messages: MessageParam[]; system: ContentBlock[] } | null {
  const v = structured(raw)
  if (!Array.isArray(v)) return null
  const messages: MessageParam[] = []
  const system: ContentBlock[] = []
  for (const m of v) {
    if (!isRecord(m)) continue
    const blocks = partsBlocks(m.parts ?? m.content, lost)
    if (m.role === "system") {
      lost.systemInMessages++
      system.push(...blocks)
      continue
    }
    messages.push({
      role: m.role === "assistant" ? "assistant" : "user",
      content: blocks,
    })
  }
  return { messages, system }
}
