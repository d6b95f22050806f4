import {
  checkText,
  findExcessiveDepth,
  lineColumn,
  MAX_JSON_DEPTH,
} from "./bounds"
import { inferMissingTools } from "./infer-tools"
import { failure, isRecord, Notes, plural } from "./notes"
import { DEFAULT_MODEL, restoreRequest } from "./restore"
import type { ContentBlock, ImportResult, MessageParam } from "./types"

/**
 * A Claude Code session transcript (JSONL, one entry per line) → the
 * Messages request of its main chain: follow `parentUuid` back from the last
 * main-chain entry, drop sidechains (subagents) and abandoned branches, and
 * merge the per-block assistant entries of one API message.
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

interface Entry {
  type: string
  uuid?: string
  parentUuid?: string | null
  isSidechain?: boolean
  message?: { role?: string; content?: unknown; model?: string; id?: string }
  summary?: string
  subtype?: string
  line: number
}

/** Parses the JSONL lines; bad lines are skipped and reported. */
export function parseJsonLines(text: string, notes: Notes): Entry[] | string {
  const deep = findExcessiveDepth(text)
  if (deep !== -1)
    return `Line ${lineColumn(text, deep).line} is nested more than ${MAX_JSON_DEPTH} levels deep.`
  const entries: Entry[] = []
  let bad = 0
  let firstBad = 0
  text.split("\n").forEach((raw, i) => {
    const line = raw.trim()
    if (line === "") return
    try {
      const value: unknown = JSON.parse(line)
      if (isRecord(value) && typeof value.type === "string")
        entries.push({ ...(value as Omit<Entry, "line">), line: i + 1 })
      else throw new Error("not an entry")
    } catch {
      bad++
      firstBad ||= i + 1
    }
  })
  if (bad > 0)
    notes.warn(
      `Skipped ${plural(bad, "line")} that ${bad === 1 ? "is" : "are"} not a transcript entry (first at line ${firstBad})`
    )
  return entries
}

function isMessage(e: Entry): boolean {
  return (e.type === "user" || e.type === "assistant") && isRecord(e.message)
}

/** The main chain, oldest first. */
function mainChain(entries: Entry[], notes: Notes): Entry[] {
  const sidechain = entries.filter(
    (e) => e.isSidechain === true && isMessage(e)
  ).length
  if (sidechain > 0)
    notes.info(
      `Dropped ${plural(sidechain, "sidechain entry", "sidechain entries")} (subagent conversations)`
    )
  const main = entries.filter((e) => e.isSidechain !== true)
  const leaf = main.filter(isMessage).at(-1)
  if (!leaf) return []
  if (!entries.some((e) => typeof e.uuid === "string"))
    return main.filter(isMessage)
  const byId = new Map(
    entries.filter((e) => e.uuid).map((e) => [e.uuid as string, e])
  )
  const chain: Entry[] = []
  const visited = new Set<string>()
  let current: Entry | undefined = leaf
  while (current) {
    chain.push(current)
    if (current.uuid) visited.add(current.uuid)
    const parent: string | null | undefined = current.parentUuid
    if (!parent) {
      if (current.type === "system" && current.subtype === "compact_boundary")
        notes.info(
          "The session was compacted: only the messages after the last compact boundary are imported"
        )
      break
    }
    if (visited.has(parent)) break
    const next = byId.get(parent)
    if (!next)
      notes.warn(
        `An entry's parent (line ${current.line}) is missing from the file; the chain starts there`
      )
    current = next
  }
  chain.reverse()
  const messages = chain.filter(isMessage)
  const offChain = main.filter(isMessage).length - messages.length
  if (offChain > 0)
    notes.info(
      `Dropped ${plural(offChain, "entry", "entries")} from abandoned branches (edits or retries)`
    )
  return messages
}

/** Imports a Claude Code JSONL transcript. */
export function fromClaudeCode(text: string): ImportResult {
  const bad = checkText(text)
  if (bad) return { success: false, error: bad }
  const notes = new Notes()
  const entries = parseJsonLines(text, notes)
  if (typeof entries === "string") return failure(entries)
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
  const chain = mainChain(entries, notes)
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
          ? (message.content as ContentBlock[])
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
