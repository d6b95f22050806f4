/**
 * clear_tool_uses restated on a session's prefix sums (rule.ts
 * `applyClearToolUses` on one request of the session): each pair's class
 * (as pair-classes.ts) and what clearing it frees, as prefix sums, so the
 * trigger, keep and clear_at_least gate of a request are O(1), and where
 * clearing stops below the trigger (docs/semantics.md#clear-down-to-trigger)
 * O(log n). Like the rule, it decides over the whole message list: pairs
 * before a compaction block count too (#clearing-after-compaction).
 */
import { replacedContentCounter, uncachedBlockCounter } from "@/lib/tokens"

import {
  CLEARABLE,
  ERROR_KEPT,
  EXCLUDED,
  OFF,
  type RequestAt,
  type SessionBase,
  type SessionRule,
  SMALL,
  type ToolClasses,
} from "../session-view"
import { clean } from "../state"
import type { NClearToolUses } from "./kind"
import { isSmallPair, smallLimit } from "./small-results"
import { clearedInput } from "./text"

const classCache = new WeakMap<SessionBase, Map<string, ToolClasses>>()

function pairClass(b: SessionBase, j: number, e: NClearToolUses) {
  const p = b.a.pairs[j]!
  if (p.result < 0) return 0
  const A = b.A
  const allowed =
    p.origin === "client" ||
    (p.origin === "server" ? A.clearServerToolResults : A.clearMcpToolResults)
  if (!allowed) return OFF
  if (e.exclude.includes(p.name)) return EXCLUDED
  const ci = e.clearInputs
  const inputCleared = ci === true || (Array.isArray(ci) && ci.includes(p.name))
  const recs = b.a.recs
  const small = smallLimit(A)
  if (
    small > 0 &&
    isSmallPair(recs[p.result]!.block, recs[p.use]!.block, inputCleared, small)
  )
    return SMALL
  if (p.isError && !A.clearErrorResults) return ERROR_KEPT
  return CLEARABLE
}

/** Whether a pair of class c holds a keep slot. */
const holdsSlot = (c: number, toward: boolean): boolean =>
  c === CLEARABLE || (toward && (c === ERROR_KEPT || c === EXCLUDED))

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
    SMAX: new Float64Array(np + 1),
    clearedTok: new Float64Array(n),
  }
  const count = counters(b)
  const toward = b.A.excludedCountTowardKeep
  let nk = 0
  for (let j = 0; j < np; j++) {
    const p = b.a.pairs[j]!
    const c = pairClass(b, j, e)
    out.cls[j] = c
    const clr = c === CLEARABLE
    const pool = holdsSlot(c, toward)
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
    out.SMAX[j + 1] = Math.max(out.SMAX[j]!, out.SR[j + 1]! + out.SI[j + 1]!)
  }
  byKey.set(key, out)
  return out
}

/** Counts a cleared result / input exactly as ../state.ts contentVariant / variant do. */
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

/** The clear_tool_uses decision of one request: victims are the clearable pairs [0, jb). */
export interface ToolDecision {
  victims: number
  /** Tokens the clearing frees, before-compaction pairs included. */
  saved: number
  jb: number
}

/** The first pair boundary in [1, hi] whose prefix frees `need` (hi when none). */
function stopAt(tc: ToolClasses, need: number, hi: number): number {
  if (!(need < Number.POSITIVE_INFINITY) || tc.SMAX[hi]! < need) return hi
  let lo = 1
  let up = hi
  while (lo < up) {
    const mid = (lo + up) >> 1
    if (tc.SMAX[mid]! >= need) up = mid
    else lo = mid + 1
  }
  return lo
}

/**
 * What clear_tool_uses does to one request whose pairs are [0, jHi) and
 * whose whole message list counts `whole` tokens: null when it does not
 * apply.
 */
export function toolDecision(
  b: SessionBase,
  tc: ToolClasses,
  e: NClearToolUses,
  jHi: number,
  whole: number
): ToolDecision | null {
  const gt = b.A.triggerComparison === "gt"
  const byTokens = e.trigger.type === "input_tokens"
  const n = byTokens
    ? whole
    : b.A.toolUsesTriggerCountsServerTools
      ? jHi
      : tc.CLIENT[jHi]!
  if (gt ? !(n > e.trigger.value) : !(n >= e.trigger.value)) return null
  let jb = jHi
  if (e.keep > 0) {
    const keptFrom = tc.KP[jHi]! - e.keep
    jb = keptFrom <= 0 ? 0 : tc.kpIdx[keptFrom]!
  }
  if (b.A.clearDownToTrigger && byTokens && tc.CLR[jb]! > 0) {
    const toTrigger = whole - e.trigger.value + (gt ? 0 : 1)
    jb = stopAt(tc, Math.max(toTrigger, e.clearAtLeast ?? 0), jb)
  }
  const victims = tc.CLR[jb]!
  if (victims === 0) return null
  const saved = tc.SR[jb]! + tc.SI[jb]!
  if (e.clearAtLeast !== null && saved < e.clearAtLeast) return null
  return { victims, saved, jb }
}

/** What the clearing frees from the prompt the model reads (pairs from jLo on). */
const liveSaved = (tc: ToolClasses, at: RequestAt, jb: number): number =>
  jb <= at.jLo ? 0 : tc.SR[jb]! - tc.SR[at.jLo]! + tc.SI[jb]! - tc.SI[at.jLo]!

/** clear_tool_uses on one request: what it clears, by the run's pair classes. */
export const clearToolUsesSession: SessionRule<NClearToolUses> = {
  once: true,
  pairClasses: toolClasses,
  step(b, e, at, r, tc) {
    const d = toolDecision(b, tc!, e, at.jHi, r.T + at.hidden)
    if (!d) return
    r.T -= liveSaved(tc!, at, d.jb)
    r.vHi = Math.max(at.jLo, d.jb)
    r.applied.push({
      type: e.type,
      cleared_tool_uses: d.victims,
      cleared_input_tokens: Math.max(0, Math.round(d.saved)),
    })
  },
}
