import { type Notes, plural, thousands } from "../notes"
import type { ContentBlock, MessageParam, RealUsage } from "../types"
import type { Entry } from "./lines"
import { callKey, type LoggedCall, modelOf } from "./calls"
import type { Reply } from "./messages"

/**
 * What a Claude Code log says about how it ran: the real usage of every
 * API call, the caching it used and its model(s).
 */

const num = (v: unknown): number =>
  typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0

/** One usage entry of a call, aligned to the request it answered. */
function usageEntry(
  call: LoggedCall,
  messageIndex: number,
  thread: string,
  repeat: boolean
): RealUsage {
  const u = call.usage
  return {
    messageIndex,
    input_tokens: u.input_tokens,
    cache_creation_input_tokens: u.cache_creation_input_tokens,
    cache_read_input_tokens: u.cache_read_input_tokens,
    output_tokens: u.output_tokens,
    model: call.model,
    ...(call.last.timestamp ? { timestamp: call.last.timestamp } : {}),
    ...(call.first.timestamp ? { startedAt: call.first.timestamp } : {}),
    ...(u.cache_creation_1h_input_tokens > 0
      ? { cache_creation_1h_input_tokens: u.cache_creation_1h_input_tokens }
      : {}),
    call: call.key,
    thread,
    ...(repeat ? { repeat: true } : {}),
  }
}

/**
 * One entry per API call of a conversation, aligned to its requests
 * (`requestEnds`): the call that answered the messages up to
 * `messageIndex`. A call answered right after another (no user message
 * between: a retry or a continuation) answered the same request again and
 * is marked `repeat`. `taken` collects the calls placed (each once).
 */
export function realUsage(
  replies: Reply[],
  messages: MessageParam[],
  calls: ReadonlyMap<string, LoggedCall>,
  thread: string,
  taken: Set<string>
): RealUsage[] {
  const out: RealUsage[] = []
  for (const reply of replies) {
    const key = callKey(reply.entry)
    const call = key ? calls.get(key) : undefined
    if (!call || taken.has(call.key)) continue
    let messageIndex = reply.messageIndex - 1
    while (messageIndex >= 0 && messages[messageIndex]?.role === "assistant")
      messageIndex--
    if (messageIndex < 0) continue
    taken.add(call.key)
    const repeat = out.at(-1)?.messageIndex === messageIndex
    out.push(usageEntry(call, messageIndex, thread, repeat))
  }
  return out
}

/** Notes on what the log's usage holds. */
export function noteUsage(usage: RealUsage[], notes: Notes): void {
  if (usage.length === 0) return
  const threads = new Set(usage.map((u) => u.thread)).size
  const models = [...new Set(usage.map((u) => u.model))]
  notes.info(
    `Kept the log's real usage of ${plural(usage.length, "API call")} (one per message id${threads > 1 ? `, in ${threads} conversations` : ""}; ${models.join(", ")}): input, cache writes (5-minute and 1-hour apart), cache reads and output, each at its own model's price`
  )
  const repeats = usage.filter((u) => u.repeat).length
  if (repeats > 0)
    notes.info(
      `${plural(repeats, "API call")} answered a request that an earlier call had already answered (no user message between): each is kept as its own call of that request`
    )
  const compactions = usage.reduce(
    (n, u) => n + (u.compactions?.length ?? 0),
    0
  )
  if (compactions > 0)
    notes.warn(
      `The log shows ${plural(compactions, "compaction")}, but not the usage of ${compactions === 1 ? "its summarising call" : "their summarising calls"} (Claude Code runs ${compactions === 1 ? "it" : "them"} apart): the bill read from this file leaves ${compactions === 1 ? "it" : "them"} out; the real-usage view prices ${compactions === 1 ? "it" : "them"} from the context before each compaction`
    )
  const off = usage.filter((u) => u.unmodelled).length
  if (off > 0)
    notes.warn(
      `${plural(off, "API call")} belong${off === 1 ? "s" : ""} to no conversation the import could rebuild (${usage.find((u) => u.unmodelled)!.unmodelled}): billed as logged, not replayed`
    )
}

/** The model the log's own entries name: the last one used, noting others. */
export function logModel(chain: Entry[], notes: Notes): string | undefined {
  const counts = new Map<string, number>()
  let last: string | undefined
  let lastId: string | undefined
  for (const entry of chain) {
    if (entry.type !== "assistant" || entry.message?.id === lastId) continue
    lastId = entry.message?.id
    const model = modelOf(entry)
    if (!model) continue
    counts.set(model, (counts.get(model) ?? 0) + 1)
    last = model
  }
  if (!last) return undefined
  const others = [...counts.keys()].filter((m) => m !== last)
  notes.info(
    others.length === 0
      ? `Model taken from the log's entries: ${last}`
      : `The log used ${counts.size} models (${[...counts].map(([m, n]) => `${m} × ${n}`).join(", ")}); took the last one, ${last}`
  )
  return last
}

/**
 * Puts `cache_control` where Claude Code does (the last block of the
 * request's last user message, moved forward every request) when the log's usage shows the
 * cache was written or read; TTL 1h when the log wrote 1-hour entries.
 */
export function applyLogCaching(
  replies: Reply[],
  messages: MessageParam[],
  notes: Notes
): void {
  let written = 0
  let read = 0
  let hour = 0
  for (const reply of replies) {
    const usage = reply.entry.message?.usage
    if (!usage) continue
    written += num(usage.cache_creation_input_tokens)
    read += num(usage.cache_read_input_tokens)
    const creation = usage.cache_creation as Record<string, unknown> | undefined
    hour += num(creation?.ephemeral_1h_input_tokens)
  }
  const lastUser = messages.findLast(
    (m) => m.role === "user" && Array.isArray(m.content) && m.content.length > 0
  )
  const block = (lastUser?.content as ContentBlock[] | undefined)?.at(-1)
  if (written + read === 0 || !block) {
    notes.info("The log's usage shows no prompt caching; caching left off")
    return
  }
  ;(block as ContentBlock).cache_control = {
    type: "ephemeral",
    ...(hour > 0 ? { ttl: "1h" } : {}),
  }
  notes.info(
    `Claude Code cached this session (the log's usage: ${thousands(written)} tokens written to the cache, ${thousands(read)} read): cache_control${hour > 0 ? " (1h)" : ""} on the last block of the last user message, as Claude Code sends it on every request`
  )
}
