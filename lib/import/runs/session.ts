import { logThinking } from "../claude-code/thinking-mode"
import { inferMissingTools } from "../infer-tools"
import { failure, Notes, plural } from "../notes"
import { DEFAULT_MODEL, restoreRequest } from "../restore"
import type {
  ImportedRequest,
  ImportResult,
  MessageParam,
  RealUsage,
} from "../types"
import { applyRunCaching } from "./caching"
import type { RunCall } from "./call"
import { normaliseMessages } from "./canonical"
import { placeCalls } from "./conversations"
import {
  configOf,
  type Conversation,
  conversationsOf,
  finalMessages,
  hasThinking,
  requestEnd,
  standInSignatures,
} from "./parts"

/**
 * A recorded run (the calls of a request log, a trace, LangSmith runs) →
 * the same session a Claude Code log gives (lib/import/claude-code/): the
 * request of its main conversation, and `realUsage` with one entry per API
 * call, aligned to `requestEnds` of its conversation; every other
 * conversation rides on its first entry (`conversation`), so each is
 * replayed, and a call with no messages is billed as logged (`unmodelled`).
 */

/** What the format could not record, said in the notes. */
export interface RunFormat {
  /** "request log", "trace", "LangSmith runs": how notes name the source. */
  source: string
  /** The format records no `cache_control`: place it as the usage shows. */
  breakpointsLost: boolean
  /** Why tool definitions may be missing ("the trace did not record them"). */
  toolsWhy: string
  /** Why a call without messages cannot be replayed. */
  noMessages: string
}

/** One usage entry of a call. */
function usageEntry(
  c: RunCall,
  messageIndex: number,
  thread: string,
  index: number
): RealUsage {
  const u = c.usage
  return {
    messageIndex,
    input_tokens: u.input_tokens,
    cache_creation_input_tokens: u.cache_creation_input_tokens,
    cache_read_input_tokens: u.cache_read_input_tokens,
    output_tokens: u.output_tokens,
    model: c.model,
    ...(c.timestamp ? { timestamp: c.timestamp } : {}),
    ...(c.startedAt ? { startedAt: c.startedAt } : {}),
    ...(u.cache_creation_1h_input_tokens > 0
      ? { cache_creation_1h_input_tokens: u.cache_creation_1h_input_tokens }
      : {}),
    call: c.id ?? `${c.where} (#${index + 1})`,
    thread,
  }
}

/** One conversation as a request (the last call's config, its messages). */
function conversationRequest(
  calls: readonly RunCall[],
  format: RunFormat,
  notes: Notes
): { data: ImportedRequest; layout: string[]; betas: string[] } | null {
  const last = calls.at(-1)!
  const { betas, ...config } = configOf(last.request!)
  const model =
    typeof config.model === "string" && config.model ? config.model : last.model
  const messages = finalMessages(last, model || DEFAULT_MODEL, notes)
  const unsigned = standInSignatures(messages)
  if (unsigned > 0)
    notes.warn(
      `${plural(unsigned, "thinking block")} without a signature (the ${format.source} does not keep it): each got a stand-in, so the replay counts its text as the API did; a request copied from here needs the real signature`
    )
  if (hasThinking(messages) && !config.thinking) {
    const mode = logThinking(messages, model || DEFAULT_MODEL)
    if (mode) config.thinking = mode
    if (mode)
      notes.info(
        `The ${format.source} does not say how thinking was set; thinking blocks found: ${mode.type} thinking assumed`
      )
  }
  applyRunCaching(calls, config, messages, format.breakpointsLost, notes)
  const layout = messages.map((m) => m.role)
  const result = restoreRequest({ ...config, model, messages }, notes, {
    keepSystemMessages: true,
  })
  if (!result.success) return null
  const tools = inferMissingTools(
    result.data.messages,
    result.data.tools ?? [],
    notes,
    format.toolsWhy
  )
  if (tools.length > 0) result.data.tools = tools
  const list = Array.isArray(betas)
    ? betas.filter((b): b is string => typeof b === "string")
    : []
  return { data: result.data, layout, betas: list }
}

/** The usage of one conversation's calls, aligned to its request (or unmodelled). */
function conversationUsage(
  conv: Conversation,
  calls: readonly RunCall[],
  repeats: readonly boolean[],
  built: ReturnType<typeof conversationRequest>
): RealUsage[] {
  const same =
    built !== null &&
    built.layout.length === built.data.messages.length &&
    built.layout.every((r, i) => built.data.messages[i]!.role === r)
  return conv.calls.map((i) => {
    const e = usageEntry(
      calls[i]!,
      same ? requestEnd(calls[i]!) : -1,
      conv.id,
      i
    )
    if (!same)
      return {
        ...e,
        unmodelled: built
          ? "the repairs changed the order of its conversation's messages"
          : "its conversation is not a request the import can rebuild",
      }
    return repeats[i] ? { ...e, repeat: true } : e
  })
}

/** Builds the session of a run's calls (in the order they were made). */
export function buildRunSession(
  calls: readonly RunCall[],
  format: RunFormat,
  notes: Notes
): ImportResult {
  const placements = placeCalls(
    calls.map((c) => {
      if (!c.request) return { messages: null, answer: null }
      const { messages } = normaliseMessages(c.request.messages)
      const answer: MessageParam | null =
        c.answer.length > 0 ? { role: "assistant", content: c.answer } : null
      return { messages, answer }
    })
  )
  const convs = conversationsOf(placements)
  if (convs.length === 0)
    return failure(
      `No call of this ${format.source} records the messages it sent (${format.noMessages}), so there is no conversation to import.`
    )
  const repeats = placements.map((p) => p.repeat)
  const usage: RealUsage[] = []
  let main: ReturnType<typeof conversationRequest> = null
  for (const conv of convs) {
    const own = conv.calls.map((i) => calls[i]!)
    const built = conversationRequest(
      own,
      format,
      conv.id === "main" ? notes : new Notes()
    )
    if (conv.id === "main") main = built
    const entries = conversationUsage(conv, calls, repeats, built)
    if (entries[0] && built && conv.id !== "main")
      entries[0] = { ...entries[0], conversation: built.data }
    usage.push(...entries)
  }
  if (!main)
    return failure(
      `The main conversation of this ${format.source} could not be rebuilt as a request.`
    )
  const { messages: _m, ...config } = main.data
  if (usage[0]) usage[0] = { ...usage[0], config }
  calls.forEach((c, i) => {
    if (placements[i]!.thread < 0)
      usage.push({
        ...usageEntry(c, -1, "main", i),
        unmodelled: format.noMessages,
      })
  })
  noteRun(usage, convs.length, format, notes)
  return {
    success: true,
    data: main.data,
    notes: notes.list(),
    ...(main.betas.length > 0 ? { betas: main.betas } : {}),
    realUsage: usage,
  }
}

/** Notes on what the run's usage holds. */
function noteRun(
  usage: readonly RealUsage[],
  conversations: number,
  format: RunFormat,
  notes: Notes
): void {
  const models = [...new Set(usage.map((u) => u.model))]
  notes.info(
    `Kept the real usage of ${plural(usage.length, "API call")}${conversations > 1 ? ` in ${conversations} conversations (a call continues a conversation when its messages begin with that conversation's latest request)` : ""}; ${models.join(", ")}: input, cache writes, cache reads and output, each at its own model's price`
  )
  const repeats = usage.filter((u) => u.repeat).length
  if (repeats > 0)
    notes.info(
      `${plural(repeats, "API call")} sent the same request as the call before (a retry): each is kept as its own call of that request`
    )
  const off = usage.filter((u) => u.unmodelled)
  if (off.length > 0)
    notes.warn(
      `${plural(off.length, "API call")} cannot be replayed (${off[0]!.unmodelled}): billed as logged`
    )
}
