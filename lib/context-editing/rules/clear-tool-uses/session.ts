/**
 * clear_tool_uses restated on a session's prefix sums (rule.ts
 * `applyClearToolUses` on one request of the session): each pair's class
 * (as pair-classes.ts) and what clearing it frees, as prefix sums, so the
 * trigger, keep and clear_at_least gate of a request are O(1).
 */
import { replacedContentCounter, uncachedBlockCounter } from "@/lib/tokens"

import {
  CLEARABLE,
  ERROR_KEPT,
  EXCLUDED,
  OFF,
  type SessionBase,
  type SessionRule,
  type ToolClasses,
} from "../session-view"
import { clean } from "../state"
import type { NClearToolUses } from "./kind"
import { clearedInput } from "./text"

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

/** clear_tool_uses on one request: what it clears, by the run's pair classes. */
export const clearToolUsesSession: SessionRule<NClearToolUses> = {
  once: true,
  pairClasses: toolClasses,
  step(b, e, { jLo, jHi }, r, tc) {
    const d = toolDecision(b, tc!, e, jLo, jHi, r.T)
    if (!d) return
    r.T -= d.saved
    r.vHi = d.jb
    r.applied.push({
      type: e.type,
      cleared_tool_uses: d.victims,
      cleared_input_tokens: Math.max(0, Math.round(d.saved)),
    })
  },
}
