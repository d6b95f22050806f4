/**
 * The turns of a whole transcript as if nothing were compacted (turns.ts
 * rules: same-role messages merge, a tool_result-only user message continues
 * the assistant turn, system messages belong to no turn). A request's turns
 * are these, cut at the request's end; a replayed compaction block only cuts
 * the turn it sits in (the blocks before it are gone), so the turns after it
 * are the same ones. Prefix sums over thinking blocks let a request count the
 * thinking of any run of turns in O(1).
 */
import type { Analysis } from "../request/analyze"
import type { Assumptions } from "../types"

export interface SessionTurns {
  /** Turn of each message (-1: a system message or one without blocks). */
  turnOfMsg: Int32Array
  /** The latest turn among messages 0..m (-1: none). */
  lastTurnAt: Int32Array
  /** 1 for an assistant turn. */
  assistant: Uint8Array
  /** First slot of each turn; one more entry (the slot count) at the end. */
  startSlot: Int32Array
  /** Whether the turn holds a thinking block (per the redacted switch). */
  hasThinking: Uint8Array
  /** Prefix counts over turns: assistant turns, and those with thinking. */
  ATC: Int32Array
  TTC: Int32Array
  /** Indices of assistant turns, and of those with thinking. */
  aIdx: Int32Array
  tIdx: Int32Array
  /** Prefix sums over slots of thinking tokens and thinking blocks. */
  THK: Float64Array
  THC: Int32Array
  /** Prefix count over messages of those made only of thinking. */
  THO: Int32Array
}

function turnRoles(a: Analysis): { turnOfMsg: Int32Array; roles: number[] } {
  const nMsg = a.msgStart.length - 1
  const turnOfMsg = new Int32Array(nMsg).fill(-1)
  const roles: number[] = []
  for (let m = 0; m < nMsg; m++) {
    const from = a.msgStart[m]!
    const to = a.msgStart[m + 1]!
    if (from === to || a.messageRoles[m] === "system") continue
    const last = roles.length ? roles[roles.length - 1] : -1
    let role = 1
    if (a.messageRoles[m] !== "assistant") {
      let onlyResults = true
      for (let i = from; i < to && onlyResults; i++)
        if (a.recs[i]!.kind !== "tool_result") onlyResults = false
      role = onlyResults && last === 1 ? 1 : 0
    }
    if (role !== last) roles.push(role)
    turnOfMsg[m] = roles.length - 1
  }
  return { turnOfMsg, roles }
}

function thinkingSums(
  a: Analysis,
  sl: { recOfSlot: Int32Array; msgSlot: Int32Array },
  tok: Float64Array,
  redacted: boolean
) {
  const n = sl.recOfSlot.length
  const THK = new Float64Array(n + 1)
  const THC = new Int32Array(n + 1)
  const isT = new Uint8Array(n)
  for (let s = 0; s < n; s++) {
    const i = sl.recOfSlot[s]!
    const k = i >= 0 ? a.recs[i]!.kind : null
    if (k === "thinking" || (redacted && k === "redacted_thinking")) isT[s] = 1
    THK[s + 1] = THK[s]! + (isT[s] ? tok[s]! : 0)
    THC[s + 1] = THC[s]! + isT[s]!
  }
  const nMsg = a.msgStart.length - 1
  const THO = new Int32Array(nMsg + 1)
  for (let m = 0; m < nMsg; m++) {
    const from = sl.msgSlot[m]! + 1
    const to = sl.msgSlot[m + 1]!
    const only = to > from && THC[to]! - THC[from]! === to - from
    THO[m + 1] = THO[m]! + (only ? 1 : 0)
  }
  return { THK, THC, THO }
}

export function buildSessionTurns(
  a: Analysis,
  sl: { recOfSlot: Int32Array; msgSlot: Int32Array },
  tok: Float64Array,
  A: Assumptions
): SessionTurns {
  const { turnOfMsg, roles } = turnRoles(a)
  const nMsg = turnOfMsg.length
  const nT = roles.length
  const lastTurnAt = new Int32Array(nMsg)
  const startSlot = new Int32Array(nT + 1).fill(-1)
  let last = -1
  for (let m = 0; m < nMsg; m++) {
    const t = turnOfMsg[m]!
    if (t >= 0) {
      last = t
      if (startSlot[t] === -1) startSlot[t] = sl.msgSlot[m]!
    }
    lastTurnAt[m] = last
  }
  startSlot[nT] = sl.recOfSlot.length
  const sums = thinkingSums(a, sl, tok, A.redactedThinkingCountsAsThinking)
  const assistant = Uint8Array.from(roles)
  const hasThinking = new Uint8Array(nT)
  const ATC = new Int32Array(nT + 1)
  const TTC = new Int32Array(nT + 1)
  const aIdx: number[] = []
  const tIdx: number[] = []
  for (let t = 0; t < nT; t++) {
    const th =
      assistant[t] === 1 &&
      sums.THC[startSlot[t + 1]!]! - sums.THC[startSlot[t]!]! > 0
    hasThinking[t] = th ? 1 : 0
    if (assistant[t]) aIdx.push(t)
    if (th) tIdx.push(t)
    ATC[t + 1] = ATC[t]! + assistant[t]!
    TTC[t + 1] = TTC[t]! + hasThinking[t]!
  }
  return {
    turnOfMsg,
    lastTurnAt,
    assistant,
    startSlot,
    hasThinking,
    ATC,
    TTC,
    aIdx: Int32Array.from(aIdx),
    tIdx: Int32Array.from(tIdx),
    ...sums,
  }
}
