/**
 * Where a client started its conversation again from a summary
 * (docs/semantics.md#client-restarts): Claude Code compacts on its own
 * (`/compact`, or automatically near the context limit) on models without
 * server-side compaction. It asks for a summary, then sends every later
 * request as that summary and what followed it — nothing before. Its log
 * keeps the whole history, the summary a user message that opens with
 * Claude Code's fixed words (OBS: every Claude Code log with a
 * `compact_boundary`; the real usage drops from the context before to the
 * summary's size at the next call).
 *
 * A session replay (timeline.ts) treats each restart as the start of a new
 * conversation: the requests after it hold the summary and what follows,
 * the first of them writes them all to the cache. One request simulated on
 * its own is what it holds, as the API would read it.
 */
import type { RawPoint } from "./timeline-types"
import type { ResultPresence } from "./presence"

/** The words Claude Code opens a compacted session's summary with. */
export const CONTINUATION_PREAMBLE =
  "This session is being continued from a previous conversation"

/** A restart: the summary's text block, `messages[message].content[block]`. */
export interface Restart {
  message: number
  block: number
}

type Msg = { role?: unknown; content?: unknown }

const opensSummary = (b: unknown): boolean => {
  const block = b as { type?: unknown; text?: unknown } | null
  return (
    block?.type === "text" &&
    typeof block.text === "string" &&
    block.text.trimStart().startsWith(CONTINUATION_PREAMBLE)
  )
}

/** The restarts of a conversation, in order (none at its very first block: that is its start). */
export function clientRestarts(messages: readonly unknown[]): Restart[] {
  const out: Restart[] = []
  messages.forEach((m, message) => {
    const { role, content } = (m ?? {}) as Msg
    if (role !== "user") return
    if (typeof content === "string") {
      if (message > 0 && opensSummary({ type: "text", text: content }))
        out.push({ message, block: 0 })
      return
    }
    if (!Array.isArray(content)) return
    // The last summary of a message (one restart per message).
    for (let block = content.length - 1; block >= 0; block--)
      if (opensSummary(content[block])) {
        if (message > 0 || block > 0) out.push({ message, block })
        return
      }
  })
  return out
}

/** One conversation between restarts: its messages, and where its first one sits in the whole. */
export interface Segment {
  messages: unknown[]
  /** Index in the whole of the segment's first message. */
  message: number
  /** Blocks of the whole's message cut from the segment's first message. */
  block: number
}

const sliced = (m: unknown, from: number, to?: number): unknown => {
  const msg = m as Msg
  return typeof msg.content === "string"
    ? from === 0
      ? msg
      : { ...msg, content: "" }
    : { ...msg, content: (msg.content as unknown[]).slice(from, to) }
}

/**
 * A conversation up to the answer of its last answered request: what
 * follows (results, or the part of a message before the summary) was
 * never sent as it stands — the client compacted instead.
 */
function upToLastAnswer(list: unknown[]): unknown[] {
  const role = (i: number) => (list[i] as Msg | null)?.role
  for (let i = list.length - 1; i > 0; i--)
    if (role(i) === "assistant" && role(i - 1) !== "assistant")
      return list.slice(0, i + 1)
  return []
}

/** The conversations between restarts, oldest first. */
function cut(messages: readonly unknown[], restarts: Restart[]): Segment[] {
  const out: Segment[] = []
  let start: Restart = { message: 0, block: 0 }
  for (const r of [...restarts, null]) {
    const end = r ?? { message: messages.length, block: 0 }
    const list: unknown[] = []
    for (let m = start.message; m <= end.message && m < messages.length; m++) {
      const from = m === start.message ? start.block : 0
      if (m === end.message) {
        if (end.block > from) list.push(sliced(messages[m], from, end.block))
      } else list.push(from > 0 ? sliced(messages[m], from) : messages[m])
    }
    out.push({
      messages: r ? upToLastAnswer(list) : list,
      message: start.message,
      block: start.block,
    })
    if (r) start = r
  }
  return out
}

const segmentsOf = new WeakMap<object, Segment[] | null>()

/**
 * The conversations a session replay runs one after the other (null: the
 * conversation never restarts). The same arrays for the same messages, so
 * a second timeline of them reuses the first's run (timeline.ts).
 */
export function restartSegments(
  messages: readonly unknown[]
): Segment[] | null {
  const seen = segmentsOf.get(messages)
  if (seen !== undefined) return seen
  const restarts = clientRestarts(messages)
  const segments = restarts.length === 0 ? null : cut(messages, restarts)
  segmentsOf.set(messages, segments)
  return segments
}

/**
 * A point of a segment's own timeline, placed in the whole conversation;
 * a later segment's first request breaks the cache at its summary.
 */
export function placedPoint(
  p: RawPoint,
  seg: Segment,
  requestsBefore: number
): RawPoint {
  const request = p.request + requestsBefore
  const lastMessage = p.lastMessage + seg.message
  if (!p.ok) return { ...p, request, lastMessage }
  const first = p.request === 1 && seg.message + seg.block > 0
  const at = first
    ? { messageIndex: 0, blockIndex: 0, why: "restart" as const }
    : p.breakAt
  return {
    ...p,
    request,
    lastMessage,
    breakAt: at && {
      ...at,
      messageIndex: at.messageIndex + seg.message,
      blockIndex: at.blockIndex + (at.messageIndex === 0 ? seg.block : 0),
    },
  }
}

/** The results of the segments' runs as one session's: pairs and requests numbered in the whole. */
export function joinedPresence(
  request: Record<string, unknown>,
  parts: ReadonlyArray<{
    seg: Segment
    p: ResultPresence
    requestsBefore: number
  }>
): ResultPresence {
  const pairStart: number[] = []
  let pairs = 0
  for (const { p } of parts) {
    pairStart.push(pairs)
    pairs += p.ids.length
  }
  const partOf = (j: number) => {
    let i = parts.length - 1
    while (i > 0 && pairStart[i]! > j) i--
    return i
  }
  return {
    request,
    ids: parts.flatMap(({ p }) => p.ids),
    names: parts.flatMap(({ p }) => p.names),
    ends: parts.flatMap(({ p, seg }) => p.ends.map((e) => e + seg.message)),
    compactedAt: parts.flatMap(({ p, requestsBefore }) =>
      p.compactedAt.map((k) => k + requestsBefore)
    ),
    resultTokens: (j) => {
      const i = partOf(j)
      return parts[i]!.p.resultTokens(j - pairStart[i]!)
    },
    useTokens: (j) => {
      const i = partOf(j)
      return parts[i]!.p.useTokens(j - pairStart[i]!)
    },
    firstRequest(j) {
      const i = partOf(j)
      const k = parts[i]!.p.firstRequest(j - pairStart[i]!)
      return k < 0 ? -1 : k + parts[i]!.requestsBefore
    },
    lostAt(j, k) {
      // A request of another conversation lacks the result because the
      // client restarted, not because of the config.
      const i = partOf(j)
      const part = parts[i]!
      const local = k - part.requestsBefore
      if (local < 0 || local >= part.p.ends.length) return null
      return part.p.lostAt(j - pairStart[i]!, local)
    },
  }
}
