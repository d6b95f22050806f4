import { type Notes, plural, thousands } from "../notes"
import type { ContentBlock, MessageParam, RealUsage } from "../types"
import type { Entry } from "./lines"
import type { Reply } from "./messages"

/**
 * What a Claude Code log says about how it ran: the real usage of every
 * API call, the caching it used and its model(s).
 */

const num = (v: unknown): number =>
  typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0

/** An answer's model, unless Claude Code wrote the answer itself. */
function modelOf(entry: Entry): string | undefined {
  const model = entry.message?.model
  return typeof model === "string" && model !== "<synthetic>"
    ? model
    : undefined
}

/**
 * One entry per request of the timeline (`requestEnds`): the API call that
 * answered the messages up to `messageIndex`. Calls whose answer was joined
 * to the reply before them (no user message between) have no request of
 * their own; they are counted in a note.
 */
export function realUsage(
  replies: Reply[],
  messages: MessageParam[],
  notes: Notes
): RealUsage[] {
  const out: RealUsage[] = []
  let joined = 0
  for (const reply of replies) {
    const usage = reply.entry.message?.usage
    const model = modelOf(reply.entry)
    if (!usage || !model) continue
    const messageIndex = reply.messageIndex - 1
    if (messageIndex < 0 || messages[messageIndex]?.role === "assistant")
      continue
    if (out.at(-1)?.messageIndex === messageIndex) {
      joined++
      continue
    }
    out.push({
      messageIndex,
      input_tokens: num(usage.input_tokens),
      cache_creation_input_tokens: num(usage.cache_creation_input_tokens),
      cache_read_input_tokens: num(usage.cache_read_input_tokens),
      output_tokens: num(usage.output_tokens),
      model,
      ...(reply.entry.timestamp ? { timestamp: reply.entry.timestamp } : {}),
    })
  }
  if (out.length > 0)
    notes.info(
      `Kept the log's real usage of ${plural(out.length, "request")} (input, cache write, cache read, output) to show beside the prediction`
    )
  if (joined > 0)
    notes.info(
      `${plural(joined, "API call")} answered right after another (no user message between): their usage is not shown on a request of their own`
    )
  return out
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
