/**
 * The rules of simulate() restated on a session's prefix sums (session-base.ts):
 * for one request (a prefix of the transcript) each answers in O(1) or
 * O(log n) what the full rule answers in O(blocks). They must agree with
 * simulate exactly; the property test compares every request.
 */
import { replacedContentCounter, uncachedBlockCounter } from "@/lib/tokens"

import { clearedInput } from "../rules/clear-tool-uses/text"
import type { SessionBase } from "./base"
import { clean } from "../rules/state"
import type { NClearToolUses } from "../rules/parse-edits"

/** Tokens of the request ending at message `end`, from `c` (first live slot), before any edit. */
export function baseTotal(
  b: SessionBase,
  end: number,
  c: number,
  summaryTok: number
): number {
  const Rs = b.msgSlot[end + 1]!
  let tokens = b.TOK[Rs]! - b.TOK[c]! + summaryTok
  let live =
    c === 0
      ? b.MSGLIVE[end + 1]!
      : 1 + b.MSGLIVE[end + 1]! - b.MSGLIVE[b.msgOfSlot[c]! + 1]!
  for (const h of b.hidden)
    if (h.by <= end && b.msgSlot[h.m]! >= c) {
      tokens -= h.tokens
      if (h.live) live--
    }
  return b.fixed + b.framing * live + tokens
}

/** What a thinking pass removes: the slots [c, cut), tokens (with emptied messages' framing), turns. */
export interface ThinkingCut {
  cut: number
  removed: number
  turns: number
}

const NONE = (c: number): ThinkingCut => ({ cut: c, removed: 0, turns: 0 })

/**
 * clear-thinking.ts `clearThinking` on a prefix: the thinking of every
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

// Pair classes (as tool-pair-classes.ts).
export const OFF = 1
export const ERROR_KEPT = 2
export const EXCLUDED = 3
export const CLEARABLE = 4

/** One clear_tool_uses configuration's per-pair facts, as prefix sums over pairs. */
export interface ToolClasses {
  cls: Uint8Array
  /** Whether a cleared pair's input is cleared too. */
  inputs: Uint8Array
  CLR: Int32Array
  /** Prefix count of the pairs that take keep slots, and their indices. */
  KP: Int32Array
  kpIdx: Int32Array
  CLIENT: Int32Array
  /** Prefix sums of what clearing a pair's result / input frees. */
  SR: Float64Array
  SI: Float64Array
  /** Tokens of the cleared form, per slot (results and inputs). */
  clearedTok: Float64Array
}

const classCache = new WeakMap<SessionBase, Map<string, ToolClasses>>()

function pairClass(b: SessionBase, j: number, exclude: readonly string[]) {
  const p = b.a.pairs[j]!
  if (p.result < 0) return 0
  const A = b.A
  const allowed =
    p.origin === "client" ||
    (p.origin === "server" ? A.clearServerToolResults : A.clearMcpToolResults)
  if (!allowed) return OFF
  if (exclude.includes(p.name)) return EXCLUDED
  if (p.isError && !A.clearErrorResults) return ERROR_KEPT
  return CLEARABLE
}

/** The classes of one configuration (cached per session and configuration). */
export function toolClasses(b: SessionBase, e: NClearToolUses): ToolClasses {
  let byKey = classCache.get(b)
  if (!byKey) classCache.set(b, (byKey = new Map()))
  const key = JSON.stringify([e.exclude, e.clearInputs])
  const hit = byKey.get(key)
  if (hit) return hit
  const np = b.a.pairs.length
  const n = b.tok.length
  const out: ToolClasses = {
    cls: new Uint8Array(np),
    inputs: new Uint8Array(np),
    CLR: new Int32Array(np + 1),
    KP: new Int32Array(np + 1),
    kpIdx: new Int32Array(np),
    CLIENT: new Int32Array(np + 1),
    SR: new Float64Array(np + 1),
    SI: new Float64Array(np + 1),
    clearedTok: new Float64Array(n),
  }
  const count = counters(b)
  const toward = b.A.excludedCountTowardKeep
  let nk = 0
  for (let j = 0; j < np; j++) {
    const p = b.a.pairs[j]!
    const c = pairClass(b, j, e.exclude)
    out.cls[j] = c
    const clr = c === CLEARABLE
    const pool = toward ? c >= ERROR_KEPT : clr
    if (pool) out.kpIdx[nk++] = j
    out.KP[j + 1] = out.KP[j]! + (pool ? 1 : 0)
    out.CLR[j + 1] = out.CLR[j]! + (clr ? 1 : 0)
    out.CLIENT[j + 1] = out.CLIENT[j]! + (p.origin === "client" ? 1 : 0)
    let sr = 0
    let si = 0
    if (clr) {
      const rs = b.resultSlot[j]!
      out.clearedTok[rs] = count.result(p.result)
      sr = b.tok[rs]! - out.clearedTok[rs]!
      const ci = e.clearInputs
      if (ci === true || (Array.isArray(ci) && ci.includes(p.name))) {
        const us = b.useSlot[j]!
        out.inputs[j] = 1
        out.clearedTok[us] = count.input(p.use)
        si = b.tok[us]! - out.clearedTok[us]!
      }
    }
    out.SR[j + 1] = out.SR[j]! + sr
    out.SI[j + 1] = out.SI[j]! + si
  }
  byKey.set(key, out)
  return out
}

/** Counts a cleared result / input exactly as state.ts contentVariant / variant do. */
function counters(b: SessionBase) {
  const { estimator, est, A } = b
  const ph = A.placeholderText
  const fast = replacedContentCounter(estimator)
  const raw = uncachedBlockCounter(estimator)
  const emptyInput = A.clearedInputShape === "empty_object"
  return {
    result(i: number): number {
      const orig = b.a.recs[i]!.block
      return clean(
        fast
          ? fast(orig, ph, est)
          : estimator.countBlock({ ...orig, content: ph }, est)
      )
    },
    input(i: number): number {
      const block = clearedInput(b.a.recs[i]!.block, emptyInput, ph)
      return clean(raw ? raw(block, est) : estimator.countBlock(block, est))
    },
  }
}

/** What clear_tool_uses does to one request: null when it does not apply. */
export function toolDecision(
  b: SessionBase,
  tc: ToolClasses,
  e: NClearToolUses,
  jLo: number,
  jHi: number,
  T: number
): { victims: number; saved: number; jb: number } | null {
  const gt = b.A.triggerComparison === "gt"
  const n =
    e.trigger.type === "input_tokens"
      ? T
      : b.A.toolUsesTriggerCountsServerTools
        ? jHi - jLo
        : tc.CLIENT[jHi]! - tc.CLIENT[jLo]!
  if (gt ? !(n > e.trigger.value) : !(n >= e.trigger.value)) return null
  let jb = jHi
  if (e.keep > 0) {
    const keptFrom = tc.KP[jHi]! - tc.KP[jLo]! - e.keep
    jb = keptFrom <= 0 ? jLo : tc.kpIdx[tc.KP[jLo]! + keptFrom]!
  }
  const victims = tc.CLR[jb]! - tc.CLR[jLo]!
  if (victims === 0) return null
  const saved = tc.SR[jb]! - tc.SR[jLo]! + tc.SI[jb]! - tc.SI[jLo]!
  if (e.clearAtLeast !== null && saved < e.clearAtLeast) return null
  return { victims, saved, jb }
}
