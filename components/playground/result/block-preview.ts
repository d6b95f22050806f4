/**
 * One-line previews of content blocks, bounded so a 1 MB tool result never
 * reaches the DOM in full (large texts are previewed, not dumped).
 */
const MAX = 160

function clip(text: string, max = MAX): string {
  const flat = text.replace(/\s+/g, " ").trim()
  return flat.length > max ? `${flat.slice(0, max)}…` : flat
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v)
}

function contentText(content: unknown): string {
  if (typeof content === "string") return content
  if (!Array.isArray(content)) return ""
  const parts: string[] = []
  for (const b of content) {
    if (parts.join(" ").length > MAX) break
    if (isRecord(b) && typeof b.text === "string") parts.push(b.text)
    else if (isRecord(b) && b.type === "image") parts.push("[image]")
    else if (isRecord(b) && typeof b.type === "string")
      parts.push(`[${b.type}]`)
  }
  return parts.join(" ")
}

function shortJson(value: unknown): string {
  try {
    const s = JSON.stringify(value)
    return s === undefined
      ? ""
      : s.length > MAX * 2
        ? `${s.slice(0, MAX * 2)}…`
        : s
  } catch {
    return ""
  }
}

/** The block at messages[m].content[b] of a request (string content = one text block). */
export function blockAt(
  request: unknown,
  messageIndex: number,
  blockIndex: number
): unknown {
  const messages = Array.isArray(request)
    ? request
    : isRecord(request) && Array.isArray(request.messages)
      ? request.messages
      : []
  const message: unknown = messages[messageIndex]
  if (!isRecord(message)) return undefined
  if (typeof message.content === "string") {
    return blockIndex === 0
      ? { type: "text", text: message.content }
      : undefined
  }
  return Array.isArray(message.content)
    ? message.content[blockIndex]
    : undefined
}

/** A short human preview of a block: tool name and input, first words of text. */
export function previewBlock(block: unknown): string {
  if (!isRecord(block)) return ""
  switch (block.type) {
    case "text":
      return clip(String(block.text ?? ""))
    case "thinking":
      return clip(String(block.thinking ?? ""))
    case "redacted_thinking":
      return "(encrypted thinking)"
    case "tool_use":
    case "server_tool_use":
    case "mcp_tool_use":
      return clip(`${String(block.name ?? "")}(${shortJson(block.input)})`)
    case "tool_result":
    case "mcp_tool_result":
      return clip(contentText(block.content))
    case "compaction":
      return clip(String(block.content ?? "(failed compaction)"))
    case "image":
      return "[image]"
    case "document":
      return "[document]"
    default:
      return clip(
        typeof block.content === "string"
          ? block.content
          : contentText(block.content) || shortJson(block.content)
      )
  }
}
