/**
 * Turn model (spec §2.3): consecutive same-role messages merge; a user
 * message made only of tool_result blocks continues the assistant turn (tool
 * loop); every other user message starts a human turn. Blocks the server
 * ignores (before a replayed compaction block) belong to no turn.
 */
import type { Analysis } from "./analyze"

/** One turn of the effective conversation. */
export interface Turn {
  role: "human" | "assistant"
  messageIndices: number[]
  recs: number[]
  /** The in-progress assistant turn (the request ends inside it). */
  current: boolean
}

/** Builds the turns and sets rec.turn on every non-ignored record. */
export function buildTurns(a: Analysis): Turn[] {
  const turns: Turn[] = []
  const start = a.msgStart
  for (let mi = 0; mi + 1 < start.length; mi++) {
    // Ignored records all precede the last compaction block, so the
    // effective records of a message are a contiguous range too.
    let from = start[mi]!
    const to = start[mi + 1]!
    while (from < to && a.recs[from]!.ignored) from++
    if (from === to) continue
    const last = turns.at(-1)
    let role: Turn["role"]
    if (a.messageRoles[mi] === "assistant") role = "assistant"
    else {
      let onlyResults = true
      for (let i = from; i < to; i++)
        if (a.recs[i]!.kind !== "tool_result") onlyResults = false
      role = onlyResults && last?.role === "assistant" ? "assistant" : "human"
    }
    let turn = last
    if (!turn || turn.role !== role) {
      turn = { role, messageIndices: [], recs: [], current: false }
      turns.push(turn)
    }
    turn.messageIndices.push(mi)
    for (let i = from; i < to; i++) {
      turn.recs.push(i)
      a.recs[i]!.turn = turns.length - 1
    }
  }
  const last = turns.at(-1)
  if (last?.role === "assistant") last.current = true
  return turns
}
