import { isRecord, type Notes, plural } from "./notes"
import type { ContentBlock, MessageParam } from "./types"

/**
 * Block- and message-level restore: infer missing `type`s, expand string
 * content, drop what cannot be repaired. Every repair is tallied in `notes`.
 */

const USER_ROLES = new Set(["user", "human"])
const ASSISTANT_ROLES = new Set(["assistant", "ai", "model", "bot"])
const SYSTEM_ROLES = new Set(["system", "developer"])

function asText(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "")
}

/** Infers a block's `type` from its fields; null when it cannot. */
function inferType(raw: Record<string, unknown>): string | null {
  if (typeof raw.text === "string") return "text"
  if ("tool_use_id" in raw) return "tool_result"
  if ("id" in raw && "name" in raw) return "tool_use"
  if (typeof raw.thinking === "string") return "thinking"
  if (isRecord(raw.source)) {
    const media = String(raw.source.media_type ?? "")
    return media === "application/pdf" ? "document" : "image"
  }
  return null
}

/** One content block, repaired; null when it has to be dropped. */
export function restoreBlock(raw: unknown, notes: Notes): ContentBlock | null {
  if (typeof raw === "string") {
    notes.tally(
      "block-string",
      "info",
      (n) =>
        `Wrapped ${plural(n, "plain string")} in content arrays as text blocks`
    )
    return { type: "text", text: raw }
  }
  if (!isRecord(raw)) {
    notes.tally(
      "block-invalid",
      "warning",
      (n) => `Dropped ${plural(n, "content item")} that were not objects`
    )
    return null
  }
  let block: ContentBlock
  if (typeof raw.type === "string" && raw.type !== "") {
    block = { ...raw, type: raw.type }
  } else {
    const type = inferType(raw)
    if (!type) {
      notes.tally(
        "block-unknown",
        "warning",
        (n) =>
          `Dropped ${plural(n, "content block")} without a \`type\` that could not be recognised`
      )
      return null
    }
    notes.tally(
      `block-type-${type}`,
      "info",
      (n) => `Added the missing \`type: "${type}"\` to ${plural(n, "block")}`
    )
    block = { ...raw, type }
  }
  if (block.type === "text" && typeof block.text !== "string") {
    notes.tally(
      "text-not-string",
      "warning",
      (n) => `Converted ${plural(n, "non-string `text` value")} to text`
    )
    block.text = asText(block.text)
  }
  if (block.type === "tool_result") restoreToolResult(block, notes)
  if (block.type === "tool_use" && !isRecord(block.input)) {
    notes.tally(
      "tool-use-input",
      "info",
      (n) =>
        `Set a missing or invalid \`input\` to {} on ${plural(n, "tool_use block")}`
    )
    block.input = {}
  }
  return block
}

function restoreToolResult(block: ContentBlock, notes: Notes): void {
  const content = block.content
  if (content === undefined || typeof content === "string") return
  if (Array.isArray(content)) {
    block.content = content
      .map((inner) => restoreBlock(inner, notes))
      .filter((inner): inner is ContentBlock => inner !== null)
    return
  }
  notes.tally(
    "tool-result-content",
    "info",
    (n) => `Converted ${plural(n, "tool_result content value")} to text`
  )
  block.content = asText(content)
}

function isEmptyText(block: ContentBlock): boolean {
  return block.type === "text" && String(block.text).trim() === ""
}

/**
 * Messages and any system text found among them (system/developer roles).
 * With `keepSystemMessages` (a model that takes mid-conversation system
 * messages), a `"system"` message after the first message stays where it is.
 */
export function restoreMessages(
  raw: readonly unknown[],
  notes: Notes,
  keepSystemMessages = false
): { messages: MessageParam[]; system: string[] } {
  const messages: MessageParam[] = []
  const system: string[] = []
  raw.forEach((item, index) => {
    if (!isRecord(item)) {
      notes.tally(
        "message-invalid",
        "warning",
        (n) => `Dropped ${plural(n, "message")} that were not objects`
      )
      return
    }
    const role = String(item.role ?? "").toLowerCase()
    if (keepSystemMessages && item.role === "system" && messages.length > 0) {
      notes.tally(
        "system-kept",
        "info",
        (n) =>
          `Kept ${plural(n, "mid-conversation system message")} in place (this model takes them)`
      )
      const kept: MessageParam = {
        role: "system",
        content:
          typeof item.content === "string" || Array.isArray(item.content)
            ? (item.content as MessageParam["content"])
            : contentText(item.content),
      }
      if (item.clear_at !== undefined) kept.clear_at = item.clear_at
      if (item.output_config !== undefined)
        kept.output_config = item.output_config
      messages.push(kept)
      return
    }
    if (SYSTEM_ROLES.has(role)) {
      if (messages.length > 0)
        notes.warn(
          `Moved a "${role}" message found at position ${index + 1} into \`system\``
        )
      else notes.info(`Moved the "${role}" message into \`system\``)
      system.push(contentText(item.content))
      return
    }
    let mapped: MessageParam["role"]
    if (USER_ROLES.has(role)) mapped = "user"
    else if (ASSISTANT_ROLES.has(role)) mapped = "assistant"
    else {
      notes.warn(
        `Dropped message ${index + 1}: unknown role ${JSON.stringify(item.role ?? null)}`
      )
      return
    }
    if (mapped !== role)
      notes.tally(
        `role-${role}`,
        "info",
        (n) =>
          `Renamed role "${role}" to "${mapped}" in ${plural(n, "message")}`
      )
    const content = restoreContent(item.content, notes)
    if (content.length === 0) {
      notes.tally(
        "message-empty",
        "warning",
        (n) => `Dropped ${plural(n, "empty message")}`
      )
      return
    }
    messages.push({ role: mapped, content })
  })
  return { messages, system }
}

function restoreContent(content: unknown, notes: Notes): ContentBlock[] {
  if (typeof content === "string") {
    notes.tally(
      "string-content",
      "info",
      (n) =>
        `Expanded string \`content\` into a text block in ${plural(n, "message")}`
    )
    return content.trim() === "" ? [] : [{ type: "text", text: content }]
  }
  const items = Array.isArray(content)
    ? content
    : isRecord(content)
      ? [content]
      : []
  if (isRecord(content))
    notes.info("Wrapped a single content block in an array")
  const blocks: ContentBlock[] = []
  for (const item of items) {
    const block = restoreBlock(item, notes)
    if (!block) continue
    if (isEmptyText(block)) {
      notes.tally(
        "empty-text",
        "info",
        (n) => `Removed ${plural(n, "empty text block")} (the API rejects them)`
      )
      continue
    }
    blocks.push(block)
  }
  return blocks
}

/** Plain text of string-or-blocks content. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content
  if (!Array.isArray(content)) return ""
  return content
    .map((b) =>
      typeof b === "string"
        ? b
        : isRecord(b) && typeof b.text === "string"
          ? b.text
          : ""
    )
    .filter((t) => t !== "")
    .join("\n\n")
}
