/**
 * Turn model (docs/semantics.md#thinking-turns): consecutive same-role messages merge; a user
 * message made only of tool_result blocks continues the assistant turn (tool
 * loop); every other user message starts a human turn. Blocks the server
 * ignores (before a replayed compaction block) and mid-conversation system
 * messages belong to no turn: a system message neither ends nor starts one.
 */
import type { Analysis, Turn } from "./analysis"

export type { Turn } from "./analysis"

/** Builds the turns and sets rec.turn on every non-ignored record. */
export function buildTurns(a: Analysis): Turn[] {
  // First pass: each turn as ranges (its records are contiguous; its
  // messages are listed in `order`), so the arrays are allocated once at
  // their final size instead of growing by push (large conversations).
  const start = a.msgStart
  const order = new Int32Array(start.length)
  let nOrder = 0
  const roles: Array<Turn["role"]> = []
  const msgFrom: number[] = []
  const recsOf: number[] = []
  // The ignored records are exactly those before the last compaction block,
  // so the effective records of a message are a contiguous range too.
  const firstLive = a.lastCompaction < 0 ? 0 : a.lastCompaction
  for (let mi = 0; mi + 1 < start.length; mi++) {
    const to = start[mi + 1]!
    const from = Math.min(to, Math.max(start[mi]!, firstLive))
    if (from === to || a.messageRoles[mi] === "system") continue
    const t = roles.length - 1
    const lastRole = t >= 0 ? roles[t] : undefined
    let role: Turn["role"]
    if (a.messageRoles[mi] === "assistant") role = "assistant"
    else {
      let onlyResults = true
      for (let i = from; i < to && onlyResults; i++)
        if (a.recs[i]!.kind !== "tool_result") onlyResults = false
      role = onlyResults && lastRole === "assistant" ? "assistant" : "human"
    }
    if (lastRole !== role) {
      roles.push(role)
      msgFrom.push(nOrder)
      recsOf.push(0)
    }
    recsOf[roles.length - 1]! += to - from
    order[nOrder++] = mi
  }
  const turns: Turn[] = new Array(roles.length)
  for (let t = 0; t < roles.length; t++) {
    const m0 = msgFrom[t]!
    const m1 = t + 1 < roles.length ? msgFrom[t + 1]! : nOrder
    const messageIndices: number[] = new Array(m1 - m0)
    for (let k = m0; k < m1; k++) messageIndices[k - m0] = order[k]!
    // A turn's records, message by message (a system message between two
    // of its messages is not part of it).
    const recs: number[] = new Array(recsOf[t]!)
    let k = 0
    for (let j = m0; j < m1; j++) {
      const mi = order[j]!
      const to = start[mi + 1]!
      for (let i = Math.max(start[mi]!, firstLive); i < to; i++) {
        recs[k++] = i
        a.recs[i]!.turn = t
      }
    }
    turns[t] = { role: roles[t]!, messageIndices, recs, current: false }
  }
  const last = turns.at(-1)
  if (last?.role === "assistant") last.current = true
  return turns
}
