/**
 * Every request of a session under one edit configuration, in order, on the
 * session's prefix sums (base.ts): the numbers simulate() gives for each
 * request alone, and what each request's prompt looks like (a small
 * descriptor the cache model compares between requests, cache.ts). Each
 * edit runs through its kind's restatement (`session` of its rule, in
 * rules/<kind>/session.ts); the session engine only runs them in order.
 */
import { thinkingCut } from "../rules/clear-thinking/session"
import { EDIT_KINDS, type NEdit } from "../rules/kinds"
import { sessionRuleOf } from "../rules/registry"
import type {
  EditedRequest,
  RequestAt,
  SessionBase,
  SessionRule,
  ToolClasses,
} from "../rules/session-view"
import { clean } from "../rules/state"
import type { AppliedEdit } from "../types"
import { summaryBlock } from "./summary"

/** What a request's prompt holds, relative to the transcript's slots. */
export interface PromptDesc {
  end: number
  /** First live slot (the replayed compaction block or summary; 0: none). */
  c: number
  /** Tokens of the stand-in summary at c (0: c is not a summary). */
  summaryTok: number
  /** Thinking in slots [c, thinkCut) is removed. */
  thinkCut: number
  /** Pairs [vLo, vHi) whose clearable results (and chosen inputs) are cleared. */
  vLo: number
  vHi: number
}

/** One request's numbers and prompts (with the edits, and as sent without them). */
export interface RunStep {
  originalTokens: number
  inputTokens: number
  applied: AppliedEdit[]
  compacted: boolean
  after: PromptDesc
  before: PromptDesc
}

/** A configuration's run over the whole session. */
export interface SessionRun {
  steps: RunStep[]
  tc: ToolClasses | null
}

/** Tokens of the request ending at message `end`, from `c` (first live slot), before any edit. */
function baseTotal(
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

/** Tokens of the stand-in summary, counted like any block. */
function summaryTokens(b: SessionBase, tokens: number): number {
  const block = summaryBlock(b.body.model, tokens)
  return clean(b.estimator.countBlock(block, b.est))
}

/** The reply a summary goes into after request k compacts (-1: none; see withSummary). */
function summarySlot(b: SessionBase, end: number): number {
  const r = end + 1
  const a = b.a
  if (r >= a.messageRoles.length || a.messageRoles[r] !== "assistant") return -1
  if (a.messageIsString[r]) return b.msgSlot[r]!
  const first = a.msgStart[r]!
  if (first < a.msgStart[r + 1]! && a.recs[first]!.type === "compaction")
    return -1
  return b.msgSlot[r]!
}

/** A request's tokens before its edits run (the prompt from c, implicit thinking cut). */
interface UneditedTokens {
  /** As sent without the edits: the transcript as it is (no stand-in summaries). */
  original: number
  /** Where the implicit thinking cut leaves the prompt as sent without the edits. */
  beforeThinkCut: number
  /** The prompt from c (with a stand-in summary), before the edits. */
  T: number
  thinkCut: number
}

/**
 * The tokens of the request ending at end before any edit: as sent without
 * the edits (from the last real compaction block cReal) and from the live
 * start c, each with the model's implicit thinking default when it applies.
 */
function uneditedTokens(
  b: SessionBase,
  implicit: boolean,
  end: number,
  cReal: number,
  c: number,
  sumTok: number
): UneditedTokens {
  let original = baseTotal(b, end, cReal, 0)
  const beforeCut = implicit ? thinkingCut(b, end, cReal, b.implicit) : null
  if (beforeCut) original -= beforeCut.removed
  let T = c === cReal ? original : baseTotal(b, end, c, sumTok)
  let thinkCut = beforeCut?.cut ?? cReal
  if (c !== cReal) {
    const cut = implicit ? thinkingCut(b, end, c, b.implicit) : null
    if (cut) T -= cut.removed
    thinkCut = cut?.cut ?? c
  }
  return { original, beforeThinkCut: beforeCut?.cut ?? cReal, T, thinkCut }
}

/**
 * Runs the edits in array order on one request (the prompt from c, tool
 * pairs [jLo, jHi)), each through its kind's session rule: what each
 * clears, and whether compaction fires.
 */
function editRequest(
  b: SessionBase,
  list: readonly NEdit[],
  rules: readonly SessionRule<NEdit>[],
  tc: ToolClasses | null,
  at: RequestAt,
  start: UneditedTokens
): EditedRequest {
  const r: EditedRequest = {
    T: start.T,
    thinkCut: start.thinkCut,
    vHi: at.jLo,
    applied: [],
    compacted: false,
  }
  for (let i = 0; i < list.length; i++) rules[i]!.step(b, list[i]!, at, r, tc)
  return r
}

/**
 * Tokens of the message list before the live start c, as simulate()'s
 * compaction replay drops them: every block before c, the framing of each
 * message wholly before it, and the stand-in summaries put there earlier.
 */
function hiddenBefore(
  b: SessionBase,
  c: number,
  summaries: readonly number[],
  sTok: number
): number {
  if (c === 0) return 0
  const m = b.msgOfSlot[c]!
  let tokens = b.TOK[c]! - b.TOK[0]! + b.framing * b.MSGLIVE[m]!
  for (const slot of summaries) {
    if (slot >= c) break
    tokens += sTok
    const sm = b.msgOfSlot[slot]!
    // A reply that had no block becomes a message with the summary in it.
    if (b.MSGLIVE[sm + 1]! === b.MSGLIVE[sm]!) tokens += b.framing
  }
  return tokens
}

/** Runs one configuration (edits already validated) over every request. */
export function runSession(
  b: SessionBase,
  edits: readonly NEdit[] | null,
  summaryTokensAssumed: number
): SessionRun {
  const list = edits ?? []
  const rules = list.map(sessionRuleOf)
  let tc: ToolClasses | null = null
  for (let i = 0; i < list.length && !tc; i++)
    tc = rules[i]!.pairClasses?.(b, list[i]!) ?? null
  const implicit =
    b.thinkingOn &&
    !list.some((e) => EDIT_KINDS[e.type].replacesThinkingDefault)
  const sTok = summaryTokens(b, summaryTokensAssumed)
  const steps: RunStep[] = []
  let real = 0 // compaction blocks seen (index into compSlots)
  let cReal = 0
  let summary = -1
  const summaries: number[] = []
  let jLo = 0
  let jHi = 0
  const np = b.useSlot.length
  for (let k = 0; k < b.ends.length; k++) {
    const end = b.ends[k]!
    const Rs = b.msgSlot[end + 1]!
    while (real < b.compSlots.length && b.compSlots[real]! < Rs)
      cReal = b.compSlots[real++]!
    const c = Math.max(cReal, summary)
    const sumTok = c === summary && summary >= 0 ? sTok : 0
    while (jLo < np && b.useSlot[jLo]! < c) jLo++
    while (jHi < np && b.useSlot[jHi]! < Rs) jHi++
    const start = uneditedTokens(b, implicit, end, cReal, c, sumTok)
    const hidden = hiddenBefore(b, c, summaries, sTok)
    const at = { end, c, jLo, jHi, hidden }
    const r = editRequest(b, list, rules, tc, at, start)
    steps.push({
      originalTokens: start.original,
      inputTokens: r.T,
      applied: r.applied,
      compacted: r.compacted,
      after: {
        end,
        c,
        summaryTok: sumTok,
        thinkCut: r.thinkCut,
        vLo: jLo,
        vHi: r.vHi,
      },
      before: {
        end,
        c: cReal,
        summaryTok: 0,
        thinkCut: start.beforeThinkCut,
        vLo: 0,
        vHi: 0,
      },
    })
    if (r.compacted) {
      const slot = summarySlot(b, end)
      if (slot >= 0) summaries.push((summary = slot))
    }
  }
  return { steps, tc }
}
