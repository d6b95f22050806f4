import { checkText } from "./bounds"
import { conversationChain } from "./claude-code-chain"
import { type Entry, parseJsonLines } from "./claude-code-lines"
import { inferMissingTools } from "./infer-tools"
import { failure, isRecord, Notes, plural } from "./notes"
import { DEFAULT_MODEL, restoreRequest } from "./restore"
import type { ContentBlock, ImportResult, MessageParam } from "./types"

/**
 * A Claude Code session transcript (JSONL, one entry per line) → the
 * Messages request of its main chain (a subagent's file: its sidechain):
 * follow `parentUuid` back from the last message (see claude-code-chain.ts),
 * drop sidechains, abandoned branches, entries Claude Code wrote itself and
 * unsigned thinking, and merge the per-block assistant entries of one API
 * message.
 */

/** Entry `type`s that identify a Claude Code transcript. */
export const CLAUDE_CODE_TYPES = new Set([
  "user",
  "assistant",
  "summary",
  "system",
  "file-history-snapshot",
  "queue-operation",
])

/**
 * Drops the assistant entries Claude Code writes itself (model
 * `<synthetic>`: "API Error: …", "No response requested."): the model never
 * said them.
 */
function withoutSynthetic(chain: Entry[], notes: Notes): Entry[] {
  const kept = chain.filter(
    (e) =>
      e.type !== "assistant" ||
      (e.message?.model !== "<synthetic>" && e.isApiErrorMessage !== true)
  )
  const dropped = chain.length - kept.length
  if (dropped > 0)
    notes.info(
      `Dropped ${plural(dropped, "assistant entry", "assistant entries")} that Claude Code wrote itself (model "<synthetic>", e.g. API errors), not the model`
    )
  return kept
}

/** Drops thinking blocks without a signature (the API rejects them). */
function withoutUnsigned(
  content: ContentBlock[],
  notes: Notes
): ContentBlock[] {
  return content.filter((b) => {
    const unsigned =
      isRecord(b) &&
      b.type === "thinking" &&
      (typeof b.signature !== "string" || b.signature === "")
    if (unsigned)
      notes.tally(
        "cc-unsigned-thinking",
        "warning",
        (n) =>
          `Dropped ${plural(n, "thinking block")} without a signature (the API rejects unsigned thinking blocks)`
      )
    return !unsigned
  })
}

/** Imports a Claude Code JSONL transcript. */
export function fromClaudeCode(text: string): ImportResult {
  const bad = checkText(text)
  if (bad) return { success: false, error: bad }
  const notes = new Notes()
  const parsed = parseJsonLines(text, notes)
  if (!("entries" in parsed)) return { success: false, error: parsed }
  const { entries } = parsed
  for (const summary of entries.filter((e) => e.type === "summary")) {
    notes.info(
      `Session summary (not sent to the API): ${String(summary.summary ?? "").slice(0, 120)}`
    )
  }
  const systemEntries = entries.filter((e) => e.type === "system").length
  if (systemEntries > 0)
    notes.info(
      `Skipped ${plural(systemEntries, "system entry", "system entries")} (local notices, not API messages)`
    )
  const chain = withoutSynthetic(
    conversationChain(entries, parsed.bad, notes),
    notes
  )
  if (chain.length === 0)
    return failure("No user or assistant messages found in the transcript.")

  const messages: MessageParam[] = []
  let lastId: string | undefined
  let merged = 0
  let model: string | undefined
  for (const entry of chain) {
    const message = entry.message!
    const role =
      message.role === "assistant" || entry.type === "assistant"
        ? "assistant"
        : "user"
    const content =
      typeof message.content === "string"
        ? [{ type: "text", text: message.content }]
        : Array.isArray(message.content)
          ? withoutUnsigned(message.content as ContentBlock[], notes)
          : []
    if (
      role === "assistant" &&
      typeof message.model === "string" &&
      message.model !== "<synthetic>"
    )
      model = message.model
    const last = messages.at(-1)
    if (
      role === "assistant" &&
      last?.role === "assistant" &&
      message.id &&
      message.id === lastId &&
      Array.isArray(last.content)
    ) {
      last.content = [...last.content, ...content]
      merged++
      continue
    }
    lastId = role === "assistant" ? message.id : undefined
    messages.push({ role, content })
  }
  if (merged > 0)
    notes.info(
      `Merged ${plural(merged, "assistant entry", "assistant entries")} that belong to the same API message`
    )
  if (model) notes.info(`Model taken from the last assistant entry: ${model}`)
  else notes.info(`No model in the transcript; using ${DEFAULT_MODEL}`)
  notes.info(
    "Claude Code transcripts contain neither the system prompt nor the tool definitions"
  )

  const hasThinking = messages.some(
    (m) =>
      Array.isArray(m.content) &&
      m.content.some(
        (b) => b.type === "thinking" || b.type === "redacted_thinking"
      )
  )
  const request: Record<string, unknown> = {
    model: model ?? DEFAULT_MODEL,
    max_tokens: hasThinking ? 32_000 : 16_000,
    messages,
  }
  if (hasThinking) {
    request.thinking = { type: "enabled", budget_tokens: 16_000 }
    notes.info("Thinking blocks found: enabled thinking (budget 16,000)")
  }
  const result = restoreRequest(request, notes)
  if (!result.success) return result
  const tools = inferMissingTools(
    result.data.messages,
    [],
    notes,
    "Claude Code does not save the tool schemas"
  )
  if (tools.length > 0) result.data.tools = tools
  return { ...result, notes: notes.list() }
}
