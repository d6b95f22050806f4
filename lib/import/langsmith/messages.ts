import { isRecord } from "../notes"
import type { ContentBlock, MessageParam } from "../types"

/**
 * LangChain messages as LangSmith stores a run's inputs and outputs →
 * Messages API messages. A message is serialised (`{"lc": 1, "type":
 * "constructor", "id": [… "HumanMessage"], "kwargs": {…}}`), a plain dict
 * (`{"type": "human", "content": …}`) or role-shaped (`{"role": "user", …}`).
 * langchain-anthropic keeps Anthropic's own blocks in `content` (text,
 * tool_use, thinking with its signature, cache_control); an AI message's
 * `tool_calls` stand in for tool_use blocks its content lacks; a tool
 * message is a tool_result in the next user turn.
 */

type Obj = Record<string, unknown>

/** The message's kind and fields, whichever way it was serialised. */
export function unwrap(m: unknown): { kind: string; fields: Obj } | null {
  if (!isRecord(m)) return null
  if (m.lc === 1 && isRecord(m.kwargs)) {
    const id = Array.isArray(m.id) ? String(m.id.at(-1) ?? "") : ""
    return {
      kind: id.replace(/Message(Chunk)?$/, "").toLowerCase(),
      fields: m.kwargs,
    }
  }
  const kind = String(m.type ?? m.role ?? "")
  return { kind, fields: m }
}

const ROLE: Record<string, MessageParam["role"] | "system" | "tool"> = {
  human: "user",
  user: "user",
  ai: "assistant",
  assistant: "assistant",
  system: "system",
  tool: "tool",
  function: "tool",
}

/** Content as blocks (a string → one text block; LangChain's `tool_call` blocks skipped). */
function blocks(content: unknown): ContentBlock[] {
  if (typeof content === "string")
    return content ? [{ type: "text", text: content }] : []
  if (!Array.isArray(content)) return []
  return content.flatMap((b): ContentBlock[] => {
    if (typeof b === "string") return [{ type: "text", text: b }]
    if (!isRecord(b) || typeof b.type !== "string") return []
    // LangChain's standard blocks that repeat a tool_use (streaming chunks).
    if (b.type === "tool_call_chunk" || b.type === "input_json_delta") return []
    const { index: _index, ...rest } = b
    return [rest as ContentBlock]
  })
}

/** An AI message's blocks, with tool_use blocks for `tool_calls` its content lacks. */
function aiBlocks(f: Obj): ContentBlock[] {
  const out = blocks(f.content)
  const have = new Set(
    out.filter((b) => b.type === "tool_use").map((b) => b.id)
  )
  for (const c of Array.isArray(f.tool_calls) ? f.tool_calls : [])
    if (isRecord(c) && !have.has(c.id))
      out.push({
        type: "tool_use",
        id: String(c.id ?? ""),
        name: String(c.name ?? ""),
        input: isRecord(c.args) ? c.args : {},
      })
  return out
}

/** A tool message → its tool_result block. */
function toolResult(f: Obj): ContentBlock {
  const content = typeof f.content === "string" ? f.content : blocks(f.content)
  return {
    type: "tool_result",
    tool_use_id: String(f.tool_call_id ?? ""),
    content,
    ...(f.status === "error" ? { is_error: true } : {}),
  }
}

/** A run's input messages → messages and system blocks. */
export function toMessages(raw: unknown[]): {
  messages: MessageParam[]
  system: ContentBlock[]
} {
  const messages: MessageParam[] = []
  const system: ContentBlock[] = []
  for (const m of raw) {
    const u = unwrap(m)
    const role = u ? ROLE[u.kind] : undefined
    if (!u || !role) continue
    if (role === "system") system.push(...blocks(u.fields.content))
    else if (role === "tool")
      messages.push({ role: "user", content: [toolResult(u.fields)] })
    else
      messages.push({
        role,
        content:
          role === "assistant" ? aiBlocks(u.fields) : blocks(u.fields.content),
      })
  }
  return { messages, system }
}

/** An AI message's answer blocks. */
export function answerBlocks(m: unknown): ContentBlock[] {
  const u = unwrap(m)
  return u ? aiBlocks(u.fields) : []
}
