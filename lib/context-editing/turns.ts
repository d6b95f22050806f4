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
  for (let mi = 0; mi < a.messageRecs.length; mi++) {
    const all = a.messageRecs[mi]!
    const eff =
      a.lastCompaction < 0 ? all : all.filter((i) => !a.recs[i]!.ignored)
    if (eff.length === 0) continue
    const last = turns.at(-1)
    let role: Turn["role"]
    if (a.messageRoles[mi] === "assistant") role = "assistant"
    else {
      let onlyResults = true
      for (const i of eff)
        if (a.recs[i]!.kind !== "tool_result") onlyResults = false
      role = onlyResults && last?.role === "assistant" ? "assistant" : "human"
    }
    let turn = last
    if (!turn || turn.role !== role) {
      turn = { role, messageIndices: [], recs: [], current: false }
      turns.push(turn)
    }
    turn.messageIndices.push(mi)
    for (const i of eff) {
      turn.recs.push(i)
      a.recs[i]!.turn = turns.length - 1
    }
  }
  const last = turns.at(-1)
  if (last?.role === "assistant") last.current = true
  return turns
}
