import { getModelInfo } from "@/lib/context-editing/models"

import { inferMissingTools } from "../infer-tools"
import { failure, Notes, plural } from "../notes"
import { DEFAULT_MODEL, restoreRequest } from "../restore"
import type {
  ImportCandidate,
  ImportOptions,
  ImportResult,
  MessageParam,
  RealUsage,
} from "../types"
import { conversationChain, isBoundary } from "./chain"
import { type LoggedCall, loggedCalls } from "./calls"
import {
  type Entry,
  type ParsedLines,
  parseJsonLines,
  parseLines,
} from "./lines"
import { buildMessages, type Built } from "./messages"
import { everyAnswerThinks, logThinking } from "./thinking-mode"
import {
  chooseThread,
  listThreads,
  type Thread,
  threadCandidates,
} from "./threads"
import { applyLogCaching, logModel, noteUsage, realUsage } from "./usage"

/**
 * A Claude Code session log (JSONL, one entry per line) → the Messages
 * request of one whole thread: the main conversation by default, or a
 * subagent's (see README.md). The chain is followed back along
 * `parentUuid` from the last message (chain.ts), across compact boundaries
 * and gaps.
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

/** Notes for the entries that are not part of any conversation. */
function noteBookkeeping(entries: Entry[], notes: Notes): void {
  for (const summary of entries.filter((e) => e.type === "summary"))
    notes.info(
      `Session summary (not sent to the API): ${String(summary.summary ?? "").slice(0, 120)}`
    )
  const local = entries.filter(
    (e) => e.type === "system" && e.subtype !== "compact_boundary"
  ).length
  if (local > 0)
    notes.info(
      `Skipped ${plural(local, "system entry", "system entries")} (local notices, not API messages)`
    )
}

const hasThinking = (messages: MessageParam[]) =>
  messages.some(
    (m) =>
      Array.isArray(m.content) &&
      m.content.some(
        (b) => b.type === "thinking" || b.type === "redacted_thinking"
      )
  )

/**
 * The compaction edit a request with compaction blocks needs (docs: the
 * API rejects `compaction` blocks without a `compact_20260112` edit),
 * triggered where the log compacted (its smallest pre-compaction size, at
 * least the API's minimum of 50,000).
 */
function compactionEdit(built: Built, model: string | undefined, notes: Notes) {
  if (built.compactions.length === 0 || !canCompact(model)) return undefined
  // Automatic compactions show where Claude Code's threshold was; a manual
  // /compact can happen at any size.
  const auto = built.compactions.filter((c) => c.trigger === "auto")
  const sizes = (auto.length > 0 ? auto : built.compactions)
    .map((c) => c.preTokens)
    .filter((n): n is number => typeof n === "number" && n > 0)
  const value = Math.max(
    50_000,
    sizes.length > 0 ? Math.min(...sizes) : 150_000
  )
  notes.info(
    `Added a compact_20260112 edit (trigger ${value.toLocaleString("en-US")} input tokens${sizes.length > 0 ? ", where the log compacted" : ""}): the API takes compaction blocks only with it`
  )
  return { type: "compact_20260112", trigger: { type: "input_tokens", value } }
}

const canCompact = (model: string | undefined) =>
  getModelInfo(model ?? DEFAULT_MODEL).compaction

/**
 * Whether the log's compactions can be `compaction` blocks: only on a
 * model with compaction (the API rejects the edit they need elsewhere).
 */
function compactionBlocks(
  chain: Entry[],
  model: string | undefined,
  notes: Notes
): boolean {
  const boundaries = chain.filter(isBoundary).length
  if (boundaries === 0) return true
  if (canCompact(model)) {
    notes.info(
      "Each compaction is a `compaction` block holding Claude Code's summary: later requests ignore what precedes it, as Claude Code no longer sent it"
    )
    return true
  }
  notes.warn(
    `${model} has no compaction (the API rejects compaction blocks there), so the log's ${plural(boundaries, "compaction")} stay${boundaries === 1 ? "s" : ""} as Claude Code's summary message${boundaries === 1 ? "" : "s"}: this request holds what came before too, but the session replay (Timeline, the bill) starts again at each summary, as Claude Code did (docs: client restarts). Pick a model with compaction to see them as compaction points.`
  )
  return false
}

/** The request body of a built thread. */
function requestOf(
  built: Built,
  model: string | undefined,
  notes: Notes,
  allAnswersThink: boolean
) {
  const thinking = hasThinking(built.messages)
  const request: Record<string, unknown> = {
    model: model ?? DEFAULT_MODEL,
    max_tokens: thinking ? 32_000 : 16_000,
    messages: built.messages,
  }
  if (!model) notes.info(`No model in the transcript; using ${DEFAULT_MODEL}`)
  const mode = thinking
    ? logThinking(built.messages, model ?? DEFAULT_MODEL, allAnswersThink)
    : null
  if (mode) {
    request.thinking = mode
    notes.info(
      mode.type === "enabled"
        ? "Thinking blocks found: enabled thinking (budget 16,000)"
        : "Thinking blocks found on some answers only: adaptive thinking (manual thinking would make the API reject every request whose tool loop starts without thinking, and the API answered them all)"
    )
  }
  const edit = compactionEdit(built, model, notes)
  if (edit) request.context_management = { edits: [edit] }
  return request
}

const EARLIER =
  "(The conversation before this point is not in the log: a forked subagent inherits its parent's history, and its file starts after it.)"

/**
 * A conversation that opens with an answer (a forked subagent's file
 * starts after the parent history it inherited, `fork-context-ref`): its
 * first call answered messages the log does not hold. They stand as one
 * user message, so that call has a request and is replayed (their size is
 * in the hidden part, like the system prompt's).
 */
function withEarlierStart(built: Built, notes: Notes): Built {
  if (built.messages[0]?.role !== "assistant") return built
  notes.info(
    "The conversation opens with an answer (a forked subagent's file starts after the parent history it inherited): that history stands as one placeholder user message; its size is counted with the part the log does not contain"
  )
  return {
    ...built,
    messages: [
      { role: "user", content: [{ type: "text", text: EARLIER }] },
      ...built.messages,
    ],
    replies: built.replies.map((r) => ({
      ...r,
      messageIndex: r.messageIndex + 1,
    })),
  }
}

/**
 * The log's last answer, when the model refuses a request that ends with
 * an assistant message (Claude 4.6 and later): it answered the last request
 * and was never sent as input, so the request here ends before it.
 */
function withoutFinalAnswer(
  built: Built,
  model: string | undefined,
  notes: Notes
): void {
  if (built.messages.at(-1)?.role !== "assistant") return
  if (getModelInfo(model ?? DEFAULT_MODEL).prefill !== false) return
  built.messages.pop()
  notes.info(
    "The log ends with Claude's last answer: it is left out, as it answered the last request (this model rejects a request that ends with an assistant message)"
  )
}

/** Real usage, dropped if the repairs changed the message layout. */
function alignedUsage(
  usage: RealUsage[],
  before: MessageParam[],
  after: MessageParam[],
  notes: Notes
): RealUsage[] {
  const same =
    before.length === after.length &&
    before.every((m, i) => m.role === after[i]!.role)
  if (same || usage.length === 0) return usage
  notes.warn(
    "The repairs changed the order of the messages, so the log's real usage could not be matched to the requests and is left out"
  )
  return []
}

/** One conversation of the log, imported. */
interface ThreadImport {
  result: Extract<ImportResult, { success: true }>
  built: Built
  usage: RealUsage[]
}

/** Imports one thread of a parsed log as a request, with its calls' usage. */
function importThread(
  parsed: ParsedLines,
  thread: Thread,
  calls: ReadonlyMap<string, LoggedCall>,
  taken: Set<string>,
  notes: Notes
): ThreadImport | null {
  const { entries, bad } = parsed
  const chain = withoutSynthetic(
    conversationChain(entries, thread.entries, bad, notes),
    notes
  )
  const model = logModel(chain, notes)
  const blocks = compactionBlocks(chain, model, notes)
  const built = withEarlierStart(buildMessages(chain, blocks, notes), notes)
  if (built.messages.length === 0) return null
  withoutFinalAnswer(built, model, notes)
  const usage = realUsage(
    built.replies,
    built.messages,
    calls,
    thread.id,
    taken
  )
  applyLogCaching(built.replies, built.messages, notes)
  const layout = built.messages.map((m) => ({ ...m }))
  const allThink = everyAnswerThinks(
    chain.filter((e) => e.type === "assistant")
  )
  const result = restoreRequest(requestOf(built, model, notes, allThink), notes)
  if (!result.success) return null
  const tools = inferMissingTools(
    result.data.messages,
    [],
    notes,
    "Claude Code does not save the tool schemas"
  )
  if (tools.length > 0) result.data.tools = tools
  const real = alignedUsage(usage, layout, result.data.messages, notes)
  if (real[0] && built.compactions.length > 0)
    real[0] = {
      ...real[0],
      compactions: built.compactions.map((c) => ({
        preTokens: c.preTokens ?? null,
      })),
    }
  return { result, built, usage: real }
}

/**
 * The usage of every call of the log: the imported conversation's, then
 * each other conversation's (its request on its first entry, so it can be
 * replayed), then calls no rebuilt conversation holds (billed as logged).
 */
function wholeLogUsage(
  parsed: ParsedLines,
  threads: Thread[],
  chosen: Thread,
  main: ThreadImport,
  notes: Notes
): RealUsage[] {
  const calls = new Map(loggedCalls(parsed.entries).map((c) => [c.key, c]))
  const taken = new Set(main.usage.map((u) => u.call!))
  const out = [...main.usage]
  if (out[0]) {
    const { messages, ...config } = main.result.data
    // The conversation as logged, apart from the request a page may change:
    // the replay as run reads it (lib/real-usage, the past stays put).
    const conversation = { ...structuredClone(config), messages }
    out[0] = { ...out[0], config, conversation }
  }
  const quiet = new Notes()
  for (const t of threads) {
    if (t === chosen) continue
    const side = importThread(parsed, t, calls, taken, quiet)
    if (!side || side.usage.length === 0) continue
    side.usage[0] = { ...side.usage[0]!, conversation: side.result.data }
    out.push(...side.usage)
  }
  const threadOf = new Map<Entry, string>()
  for (const t of threads) for (const e of t.entries) threadOf.set(e, t.id)
  for (const c of calls.values())
    if (!taken.has(c.key))
      out.push({
        messageIndex: -1,
        input_tokens: c.usage.input_tokens,
        cache_creation_input_tokens: c.usage.cache_creation_input_tokens,
        cache_read_input_tokens: c.usage.cache_read_input_tokens,
        output_tokens: c.usage.output_tokens,
        model: c.model,
        ...(c.usage.cache_creation_1h_input_tokens > 0
          ? {
              cache_creation_1h_input_tokens:
                c.usage.cache_creation_1h_input_tokens,
            }
          : {}),
        ...(c.last.timestamp ? { timestamp: c.last.timestamp } : {}),
        ...(c.first.timestamp ? { startedAt: c.first.timestamp } : {}),
        call: c.key,
        thread: threadOf.get(c.first) ?? "main",
        unmodelled:
          "off every conversation's chain: an abandoned branch or a side call",
      })
  noteUsage(out, notes)
  return out
}

/**
 * Imports a Claude Code JSONL transcript (`options.pick`: a thread id):
 * its text, or its lines (a file decoded line by line, never held whole).
 */
export function fromClaudeCode(
  text: string | { lines: Iterable<string> },
  options: ImportOptions = {}
): ImportResult {
  const notes = new Notes()
  const parsed =
    typeof text === "string"
      ? parseJsonLines(text, notes)
      : parseLines(text.lines, notes)
  if (!("entries" in parsed)) return { success: false, error: parsed }
  noteBookkeeping(parsed.entries, notes)
  const threads = listThreads(parsed.entries)
  const thread = chooseThread(threads, options.pick, notes)
  if (!thread)
    return failure("No user or assistant messages found in the transcript.")
  const calls = new Map(loggedCalls(thread.entries).map((c) => [c.key, c]))
  const main = importThread(parsed, thread, calls, new Set(), notes)
  if (!main)
    return failure("No user or assistant messages found in the transcript.")
  notes.info(
    "Claude Code transcripts contain neither the system prompt nor the tool definitions"
  )
  const real = wholeLogUsage(parsed, threads, thread, main, notes)
  const candidates: ImportCandidate[] | undefined =
    threads.length > 1 ? threadCandidates(threads, thread) : undefined
  return {
    ...main.result,
    notes: notes.list(),
    ...(main.built.compactions.length > 0
      ? { betas: ["compact-2026-01-12"] }
      : {}),
    ...(candidates ? { candidates } : {}),
    ...(real.length > 0 ? { realUsage: real } : {}),
  }
}
