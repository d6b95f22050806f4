/**
 * The session's prompt cache, request by request (the model timeline.ts
 * states): a request reads the previous request's prompt up to the first
 * block whose form differs (gone, original, cleared, input cleared, the
 * stand-in summary) and writes the rest. The first difference is found from
 * what changed between the two requests' descriptors (run.ts), then
 * confirmed block by block from there, so a request costs the blocks it
 * changes and adds, not the whole prompt.
 */
import type { SessionCaching } from "../request/cache-setup"
import type { SessionBase } from "./base"
import type { PromptDesc } from "./run"
import { CLEARABLE, type ToolClasses } from "../rules/session-view"

const GONE = 0
const ORIG = 1
const CLEARED = 2
const INPUT = 3
const SUMMARY = 4

/** Cache reads and writes of one request, in tokens. */
export interface CacheTokens {
  read: number
  written: number
  uncached: number
  /** First slot the previous request's prompt differs at (-1: none did). */
  breakSlot: number
}

const hiddenByCache = new WeakMap<SessionBase, Int32Array>()

/** The message that hides each message (a large number when none). */
function hiddenBy(b: SessionBase): Int32Array {
  let out = hiddenByCache.get(b)
  if (!out) {
    out = new Int32Array(b.msgSlot.length).fill(0x7fffffff)
    for (const h of b.hidden) out[h.m] = h.by
    hiddenByCache.set(b, out)
  }
  return out
}

/** A slot's form in a prompt, and its tokens (0 when gone). */
function formOf(
  b: SessionBase,
  tc: ToolClasses | null,
  hid: Int32Array,
  s: number,
  D: PromptDesc
): number {
  if (s < D.c) return GONE
  if (b.recOfSlot[s]! < 0) return s === D.c && D.summaryTok > 0 ? SUMMARY : GONE
  if (hid[b.msgOfSlot[s]!]! <= D.end) return GONE
  const T = b.turns
  if (s < D.thinkCut && T.THC[s + 1]! - T.THC[s]! === 1) return GONE
  if (tc && D.vHi > D.vLo) {
    let j = b.pairAtResult[s]!
    if (j >= D.vLo && j < D.vHi && tc.cls[j] === CLEARABLE) return CLEARED
    j = b.pairAtUse[s]!
    if (j >= D.vLo && j < D.vHi && tc.cls[j] === CLEARABLE && tc.inputs[j])
      return INPUT
  }
  return b.tok[s]! > 0 ? ORIG : GONE
}

function tokensOf(
  b: SessionBase,
  tc: ToolClasses | null,
  s: number,
  form: number,
  D: PromptDesc
): number {
  if (form === ORIG) return b.tok[s]!
  if (form === CLEARED || form === INPUT) return tc!.clearedTok[s]!
  return form === SUMMARY ? D.summaryTok : 0
}

/** A lower bound of the first slot whose form differs between two prompts. */
function changedFrom(b: SessionBase, p: PromptDesc, d: PromptDesc): number {
  let L = Number.POSITIVE_INFINITY
  if (p.c !== d.c) L = Math.min(p.c, d.c)
  for (const h of b.hidden)
    if (h.by > p.end && h.by <= d.end) L = Math.min(L, b.msgSlot[h.m]!)
  if (p.thinkCut !== d.thinkCut) L = Math.min(L, p.thinkCut, d.thinkCut)
  if (p.vLo !== d.vLo || p.vHi !== d.vHi) {
    const pe = p.vHi <= p.vLo
    const de = d.vHi <= d.vLo
    const j = pe
      ? d.vLo
      : de
        ? p.vLo
        : p.vLo !== d.vLo
          ? Math.min(p.vLo, d.vLo)
          : Math.min(p.vHi, d.vHi)
    if (j < b.useSlot.length) L = Math.min(L, b.useSlot[j]!)
  }
  return L
}

/** The cache use of request `d` after request `p` (null: nothing cached yet). */
export function cacheTokens(
  b: SessionBase,
  tc: ToolClasses | null,
  p: PromptDesc | null,
  d: PromptDesc,
  total: number,
  caching: SessionCaching
): CacheTokens {
  if (caching === "none")
    return { read: 0, written: 0, uncached: total, breakSlot: -1 }
  if (caching === "prefix") {
    const fixed = b.fixed
    return p
      ? { read: fixed, written: 0, uncached: total - fixed, breakSlot: -1 }
      : { read: 0, written: fixed, uncached: total - fixed, breakSlot: -1 }
  }
  if (!p) return { read: 0, written: total, uncached: 0, breakSlot: -1 }
  const hid = hiddenBy(b)
  const prevEnd = b.msgSlot[p.end + 1]!
  let at = Math.max(0, Math.min(prevEnd, changedFrom(b, p, d)))
  for (; at < prevEnd; at++)
    if (formOf(b, tc, hid, at, p) !== formOf(b, tc, hid, at, d)) break
  const end = b.msgSlot[d.end + 1]!
  const opens = at >= prevEnd
  let tokens = 0
  let lastMsg = opens ? -1 : b.msgOfSlot[Math.min(at, end - 1)]!
  for (let s = at; s < end; s++) {
    const t = tokensOf(b, tc, s, formOf(b, tc, hid, s, d), d)
    if (t === 0) continue
    tokens += t
    const m = b.msgOfSlot[s]!
    if (m !== lastMsg) {
      tokens += b.framing
      lastMsg = m
    }
  }
  const written = Math.min(total, tokens)
  return {
    read: total - written,
    written,
    uncached: 0,
    breakSlot: opens ? -1 : at,
  }
}
