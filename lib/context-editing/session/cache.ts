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
import { parseRequest } from "../request/validate-request"
import { fixedTokens } from "../result/simulate"
import type { SessionBase } from "./base"
import {
  citesIn,
  imagesIn,
  type Invalidation,
  invalidation,
  PromptMarks,
} from "./invalidation"
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
  /** What invalidated more than the changed blocks (invalidation.ts), if anything. */
  why?: Invalidation
}

/** Images and citations per slot, and the system prompt's tokens (citations invalidate it). */
interface SlotMarks {
  img: Uint16Array
  cite: Uint8Array
  any: boolean
  cited: boolean
  system: number
}

const marksCache = new WeakMap<SessionBase, SlotMarks>()

function slotMarks(b: SessionBase): SlotMarks {
  let m = marksCache.get(b)
  if (m) return m
  const n = b.recOfSlot.length
  m = {
    img: new Uint16Array(n),
    cite: new Uint8Array(n),
    any: false,
    cited: false,
    system: 0,
  }
  for (let s = 0; s < n; s++) {
    const i = b.recOfSlot[s]!
    if (i < 0) continue
    const block = b.a.recs[i]!.block
    m.img[s] = imagesIn(block)
    m.cite[s] = citesIn(block) ? 1 : 0
    if (m.img[s]! > 0) m.any = true
    if (m.cite[s]) m.any = m.cited = true
  }
  if (m.cited) {
    const p = parseRequest(b.body)
    if (p.ok)
      // The system prompt and what the server adds to it (citation instructions among them).
      m.system = (({ system, hidden }) => system + hidden)(
        fixedTokens(p.value, b.model, b.estimator, b.est)
      )
  }
  marksCache.set(b, m)
  return m
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
  const marks = slotMarks(b)
  const why = marks.any
    ? invalidatedBetween(b, tc, hid, marks, p, d, at, prevEnd, end)
    : null
  // The messages' cache is gone (and with citations, the system prompt's):
  // the break is at the first block the request still shows.
  if (why)
    for (at = 0; at < end - 1; at++)
      if (formOf(b, tc, hid, at, d) !== GONE) break
  const opens = !why && at >= prevEnd
  let tokens = 0
  let lastMsg = opens || why ? -1 : b.msgOfSlot[Math.min(at, end - 1)]!
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
  if (why === "citations") tokens += marks.system
  const written = Math.min(total, tokens)
  return {
    read: total - written,
    written,
    uncached: 0,
    breakSlot: opens ? -1 : at,
    ...(why ? { why } : {}),
  }
}

/** Whether images or citations changed between two prompts (from slot `at` on; before it they are the same). */
function invalidatedBetween(
  b: SessionBase,
  tc: ToolClasses | null,
  hid: Int32Array,
  m: SlotMarks,
  p: PromptDesc,
  d: PromptDesc,
  at: number,
  prevEnd: number,
  end: number
): Invalidation | null {
  const P = new PromptMarks()
  const D = new PromptMarks()
  for (let s = at; s < prevEnd; s++)
    if (formOf(b, tc, hid, s, p) === ORIG) P.add(s, m.img[s]!, m.cite[s] === 1)
  for (let s = at; s < end; s++)
    if (formOf(b, tc, hid, s, d) === ORIG) D.add(s, m.img[s]!, m.cite[s] === 1)
  let citedBefore = false
  if (m.cited)
    for (let s = 0; s < at && !citedBefore; s++)
      citedBefore = m.cite[s] === 1 && formOf(b, tc, hid, s, p) === ORIG
  return invalidation(P, D, citedBefore)
}
