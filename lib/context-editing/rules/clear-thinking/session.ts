/**
 * clear_thinking restated on a session's prefix sums (rule.ts
 * `clearThinking` on one request of the session): the thinking of every
 * earlier assistant turn but the `keep` most recent thinking turns (the turn
 * in progress holding a slot, per the switches) is removed. The implicit
 * thinking default is the same cut (session/run.ts).
 */
import type { SessionBase, SessionRule } from "../session-view"
import type { NClearThinking } from "./kind"

export interface ThinkingCut {
  cut: number
  removed: number
  turns: number
}

const NONE = (c: number): ThinkingCut => ({ cut: c, removed: 0, turns: 0 })

/**
 * rule.ts `clearThinking` on a prefix: the thinking of every
 * earlier assistant turn but the `keep` most recent thinking turns (the turn
 * in progress holding a slot, per the switches) is removed. The victims are
 * always the thinking turns before one turn, so their thinking is a run of
 * slots.
 */
export function thinkingCut(
  b: SessionBase,
  end: number,
  c: number,
  keep: "all" | number
): ThinkingCut {
  const T = b.turns
  const L = T.lastTurnAt[end]!
  if (keep === "all" || L < 0) return NONE(c)
  const Lp = T.assistant[L] ? L - 1 : L
  const tFirst = c === 0 ? 0 : T.turnOfMsg[b.msgOfSlot[c]!]!
  if (tFirst < 0 || Lp < tFirst) return NONE(c)
  // The first live turn may have lost its thinking to the replay.
  const lost =
    T.hasThinking[tFirst] === 1 &&
    T.THC[T.startSlot[tFirst + 1]!]! - T.THC[c]! === 0
      ? 1
      : 0
  const slots = b.A.currentTurnHoldsKeepSlot ? keep - 1 : keep
  let cutTurn: number
  if (slots <= 0) cutTurn = Lp + 1
  else if (b.A.turnsWithoutThinkingHoldKeepSlot) {
    const nH = T.ATC[Lp + 1]! - T.ATC[tFirst]!
    cutTurn = nH <= slots ? tFirst : T.aIdx[T.ATC[tFirst]! + nH - slots]!
  } else {
    const nH = T.TTC[Lp + 1]! - T.TTC[tFirst]! - lost
    cutTurn = nH <= slots ? tFirst : T.tIdx[T.TTC[tFirst]! + lost + nH - slots]!
  }
  if (cutTurn <= tFirst) return NONE(c)
  const Rs = b.msgSlot[end + 1]!
  const cut = Math.max(c, Math.min(T.startSlot[cutTurn]!, Rs))
  const turns = T.TTC[cutTurn]! - T.TTC[tFirst]! - lost
  if (turns === 0) return NONE(c)
  const mA = c === 0 ? 0 : b.msgOfSlot[c]! + 1
  const mB = cut >= Rs ? end + 1 : b.msgOfSlot[cut]!
  const emptied = mB > mA ? T.THO[mB]! - T.THO[mA]! : 0
  return {
    cut,
    removed: T.THK[cut]! - T.THK[c]! + b.framing * emptied,
    turns,
  }
}

/** clear_thinking on one request: the cut, and its applied_edits entry when it removes a turn. */
export const clearThinkingSession: SessionRule<NClearThinking> = {
  once: false,
  step(b, e, { end, c }, r) {
    const cut = thinkingCut(b, end, c, e.keep ?? b.implicit)
    r.thinkCut = cut.cut
    if (cut.turns > 0) {
      r.T -= cut.removed
      r.applied.push({
        type: e.type,
        cleared_thinking_turns: cut.turns,
        cleared_input_tokens: Math.max(0, Math.round(cut.removed)),
      })
    }
  },
}
