/**
 * A log's API calls beside its conversation's requests: a request is one
 * per user message (the engine's count), a call one per answer the log
 * recorded. They differ where a request has no call of its own (an
 * interrupted turn, a message never sent alone) and where several calls
 * answer one request (a retry, a continuation: `repeat`).
 */
import type { Timeline } from "@/lib/context-editing"
import type { RealUsage } from "@/lib/import/types"

export interface CallCounts {
  /** Every call of the log. */
  calls: number
  /** Calls of the imported conversation that answer one of its requests. */
  main: number
  /** Requests of the conversation with no call in the log. */
  unanswered: number
  /** Calls answering a request another call already answered. */
  repeats: number
  /** Calls of other conversations (subagents) and calls on none. */
  other: number
}

/** The counts of a log against its conversation's timeline. */
export function callCounts(
  t: Timeline,
  usage: readonly RealUsage[]
): CallCounts {
  const main = usage[0]?.thread ?? "main"
  const ends = new Set(t.points.map((p) => p.lastMessage))
  const answered = new Set<number>()
  let mine = 0
  let repeats = 0
  for (const u of usage) {
    if ((u.thread ?? main) !== main || !ends.has(u.messageIndex)) continue
    mine++
    if (answered.has(u.messageIndex)) repeats++
    answered.add(u.messageIndex)
  }
  return {
    calls: usage.length,
    main: mine,
    unanswered: t.requests - answered.size,
    repeats,
    other: usage.length - mine,
  }
}
