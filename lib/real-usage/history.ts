/**
 * What a log says about one conversation's prompt cache, whatever config
 * the page shows (docs/semantics.md#session-replay, "the past stays put"):
 * read once, from the log with the config it was logged with, and shared
 * by the replay as run and by every what-if.
 *
 * - the start state: what the first call read of the cache (its own usage,
 *   nothing else: no later call's read/write split enters the replay);
 * - the fixed prefix: what a reset of the messages' cache leaves readable
 *   (tools and system prompt);
 * - the part the log lacks (`hidden`), where the client put its
 *   breakpoints, whether it asked for 1-hour entries;
 * - the calls at which the log shows the cache reset for reasons no config
 *   changes (docs/semantics.md#cache-invalidation): the thinking
 *   parameters changed, the client dropped content the log still holds,
 *   or the log lost the call's time.
 */
import { getModelInfo } from "@/lib/context-editing"
import type { MessageParam, RealUsage } from "@/lib/import/types"

import type { Timeline, TimelinePoint } from "@/lib/context-editing"

import { realInput } from "./bill"

export type Ok = Extract<TimelinePoint, { ok: true }>

/** Where the client put its cache breakpoints, read from the whole conversation. */
export type Breakpoints = "end" | "prefix" | "none"

/**
 * The breakpoints a conversation's calls show: nothing cached at all,
 * caching that leaves a large uncached tail (only tools and system
 * cached), or caching to the end of each request (Claude Code's).
 */
export function inferBreakpoints(calls: readonly RealUsage[]): Breakpoints {
  let total = 0
  let cached = 0
  let uncached = 0
  for (const u of calls) {
    total += realInput(u)
    cached += u.cache_creation_input_tokens + u.cache_read_input_tokens
    uncached += u.input_tokens
  }
  if (cached === 0) return "none"
  return uncached > 0.3 * total ? "prefix" : "end"
}

/**
 * The hidden part: the typical real − predicted size (median). Negative
 * only for a log whose estimate runs over the real input (it then holds
 * the whole prompt): a correction of the estimate.
 */
export function hiddenOf(
  calls: readonly RealUsage[],
  points: ReadonlyMap<number, Ok>
): number {
  const d: number[] = []
  for (const u of calls) {
    const p = points.get(u.messageIndex)
    if (p && !u.unmodelled) d.push(realInput(u) - p.originalTokens)
  }
  if (d.length === 0) return 0
  const typical = Math.round(median(d))
  if (typical >= 0) return typical
  // A log that holds the whole prompt (a request log, a trace) lacks
  // nothing, and the estimate may run over: the median then corrects it
  // down, never a request below a tenth of its estimate.
  const smallest = Math.min(
    ...calls.flatMap((u) => {
      const p = points.get(u.messageIndex)
      return p && !u.unmodelled ? [p.originalTokens] : []
    })
  )
  return Math.max(typical, -Math.round(0.9 * smallest))
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

/**
 * The fixed prefix a conversation cached when its client put breakpoints
 * on the system prompt and tools only: the part the log lacks, or, for a
 * log that holds the whole prompt (a request log, a trace), the typical
 * cached part of a call (reads + writes, so a read/write split does not
 * move it).
 */
export function fixedPrefix(
  calls: readonly RealUsage[],
  hidden: number
): number {
  const cached = calls.map(
    (u) => u.cache_creation_input_tokens + u.cache_read_input_tokens
  )
  return Math.max(hidden, cached.length > 0 ? median(cached) : 0)
}

/** The ok points of a timeline by their last message. */
export function pointsByLast(t: Timeline): Map<number, Ok> {
  const out = new Map<number, Ok>()
  for (const p of t.points) if (p.ok) out.set(p.lastMessage, p)
  return out
}

/** Why the log shows the cache reset at a call, whatever the config. */
export type Reset =
  | { kind: "thinking-changed"; thinking: boolean; sure: boolean }
  | { kind: "content-dropped"; tokens: number }
  | { kind: "times-lost" }

/** One conversation's cache as the log shows it, config aside. */
export interface LoggedHistory {
  /** The part of each prompt the log does not hold (system prompt, tools). */
  hidden: number
  /** Where the client put its breakpoints. */
  mode: Breakpoints
  /** What the first call read of the cache: what an earlier session left (0: cold). */
  warm: number
  /** What a reset of the messages' cache leaves readable: tools and system prompt. */
  fixed: number
  /** Under breakpoints on the fixed prefix only: that prefix's size (`fixedPrefix`). */
  prefix: number
  /** The client asked for 1-hour cache entries. */
  hour: boolean
  /** Per call (the conversation's order): the reset the log shows there, config aside. */
  resets: Array<Reset | null>
}

/** Two calls closer than this were not timed by the API: a resumed session copied them. */
const COPIED_MS = 100

/** Below this many tokens (or 2 % of the prompt) a smaller prompt is noise (a reminder's size). */
const NOISE = 1024

const timeOf = (t: string | undefined): number | null => {
  const ms = Date.parse(t ?? "")
  return Number.isFinite(ms) ? ms : null
}

const isThinking = (b: unknown) => {
  const t = (b as { type?: unknown } | null)?.type
  return t === "thinking" || t === "redacted_thinking"
}

const blocks = (m: MessageParam | undefined): unknown[] =>
  Array.isArray(m?.content) ? m.content : []

/** A user message that opens a turn (text, an image: anything but tool results). */
const opensTurn = (m: MessageParam | undefined) =>
  m?.role === "user" &&
  (typeof m.content === "string" ||
    blocks(m).some(
      (b) => (b as { type?: unknown } | null)?.type !== "tool_result"
    ))

/**
 * Per message: whether the answers of its turn (from a user message that
 * is not only tool results to the next) hold thinking. Under manual
 * thinking a turn with thinking was sent with it, one without was not: the
 * client changed the thinking parameters between them.
 */
export function turnThinking(messages: readonly MessageParam[]): boolean[] {
  const out = new Array<boolean>(messages.length).fill(false)
  let start = 0
  const close = (end: number) => {
    let thinks = false
    for (let i = start; i < end; i++)
      if (
        messages[i]!.role === "assistant" &&
        blocks(messages[i]).some(isThinking)
      )
        thinks = true
    for (let i = start; i < end; i++) out[i] = thinks
  }
  for (let i = 1; i < messages.length; i++)
    if (opensTurn(messages[i])) {
      close(i)
      start = i
    }
  close(messages.length)
  return out
}

/**
 * Whether a model may skip thinking on a turn with the same parameters
 * (adaptive thinking): its row lists adaptive, or, with no list, it is of
 * Claude 4.6 or later, when adaptive thinking came (DOC), the models that
 * also refuse a prefill.
 */
function mayAdapt(model: string): boolean {
  const m = getModelInfo(model)
  return m.thinkingTypes?.includes("adaptive") ?? m.prefill === false
}

/** The prompt the as-run replay gives a call (null: not replayed). */
const asRunPrompt = (
  u: RealUsage,
  points: ReadonlyMap<number, Ok>,
  hidden: number
) => {
  const p = u.unmodelled ? undefined : points.get(u.messageIndex)
  return p ? p.inputTokens + hidden : null
}

/**
 * The reset the log shows at call `i` (after call `i - 1` of the same
 * conversation), the surest first: thinking parameters that must have
 * changed, content the client dropped, a time the log lost, thinking that
 * changed under adaptive thinking (the parameters may not have).
 */
function resetAt(
  calls: readonly RealUsage[],
  i: number,
  thinks: (u: RealUsage) => boolean | null,
  prompt: (u: RealUsage) => number | null
): Reset | null {
  const u = calls[i]!
  const prev = calls[i - 1]!
  if (u.repeat) return null
  // The model's last call before this one (caches are per model).
  let j = i - 1
  while (j >= 0 && calls[j]!.model !== u.model) j--
  if (j < 0) return null
  const lost = copied(calls, i) || copied(calls, j)
  if (u.model !== prev.model) return lost ? { kind: "times-lost" } : null
  const [a, b] = [thinks(prev), thinks(u)]
  const thinking: Reset | null =
    a !== null && b !== null && a !== b
      ? { kind: "thinking-changed", thinking: b, sure: !mayAdapt(u.model) }
      : null
  if (thinking?.sure) return thinking
  // The prompt the log sent shrank, and the replay's did not by as much:
  // the client removed content the log still holds (thinking of earlier
  // turns, old tool results).
  const shrank = realInput(prev) - realInput(u)
  const [p, pp] = [prompt(u), prompt(prev)]
  const modelled = pp !== null && p !== null ? pp - p : 0
  if (shrank > Math.max(NOISE, 0.02 * realInput(prev)) && modelled < shrank / 2)
    return { kind: "content-dropped", tokens: Math.round(shrank) }
  return lost ? { kind: "times-lost" } : thinking
}

/**
 * Whether call `i` was copied into the log with a time that is not its own
 * (a resumed session writes the calls it resumes at one moment): it starts
 * within a few milliseconds of the call before it ended, which no answer
 * of the API does.
 */
function copied(calls: readonly RealUsage[], i: number): boolean {
  if (i === 0) return false
  const t = timeOf(calls[i]!.startedAt ?? calls[i]!.timestamp)
  const tp = timeOf(calls[i - 1]!.timestamp)
  return t !== null && tp !== null && Math.abs(t - tp) < COPIED_MS
}

/** Whether a reset empties the messages' cache in the replay (the others only explain a miss). */
export const resetsCache = (r: Reset | null): boolean =>
  r !== null &&
  (r.kind === "content-dropped" || (r.kind === "thinking-changed" && r.sure))

/**
 * Whether the client asked for 1-hour entries: most of what the
 * conversation wrote was written for an hour (a forked subagent's file
 * holds its parent's last call, written for an hour, before its own
 * 5-minute ones).
 */
function asksHour(calls: readonly RealUsage[]): boolean {
  let hour = 0
  let all = 0
  for (const u of calls) {
    hour += Math.min(
      u.cache_creation_1h_input_tokens ?? 0,
      u.cache_creation_input_tokens
    )
    all += u.cache_creation_input_tokens
  }
  return hour > all / 2
}

/**
 * A conversation's cache as the log shows it. `points` are the timeline of
 * the conversation with the config it was logged with, `messages` its
 * messages (for the thinking of each turn).
 */
export function loggedHistory(
  calls: readonly RealUsage[],
  points: ReadonlyMap<number, Ok>,
  messages: readonly MessageParam[]
): LoggedHistory {
  const hidden = hiddenOf(calls, points)
  const first = calls[0]
  const warm = first
    ? Math.min(first.cache_read_input_tokens, realInput(first))
    : 0
  const byTurn = turnThinking(messages)
  const thinks = (u: RealUsage) =>
    u.unmodelled || u.messageIndex < 0 ? null : (byTurn[u.messageIndex] ?? null)
  const prompt = (u: RealUsage) => asRunPrompt(u, points, hidden)
  // A log that holds the whole prompt lacks nothing (its hidden part only
  // corrects the estimate).
  const lacks = Math.max(0, hidden)
  return {
    hidden,
    mode: inferBreakpoints(calls),
    warm,
    fixed: warm > 0 ? Math.min(warm, lacks) : lacks,
    prefix: fixedPrefix(calls, hidden),
    hour: asksHour(calls),
    resets: calls.map((_, i) =>
      i === 0 ? null : resetAt(calls, i, thinks, prompt)
    ),
  }
}
