/**
 * Every request of a session under one edit configuration, in order, on the
 * session's prefix sums (session-rules.ts): the numbers simulate() gives for
 * each request alone, and what each request's prompt looks like (a small
 * descriptor the cache model compares between requests, session-cache.ts).
 */
import type { SessionBase } from "./base"
import { summaryBlock } from "./summary"
import {
  baseTotal,
  thinkingCut,
  type ToolClasses,
  toolClasses,
  toolDecision,
} from "./prefix"
import { clean } from "../rules/state"
import type { AppliedEdit } from "../types"
import type { NClearToolUses, NEdit } from "../rules/parse-edits"

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

/** What the edits, in array order, do to one request. */
interface EditedRequest {
  T: number
  thinkCut: number
  vHi: number
  applied: AppliedEdit[]
  compacted: boolean
}

/**
 * Runs the edits in array order on one request (the prompt from c, tool
 * pairs [jLo, jHi)): what each clears, and whether compaction fires.
 */
function editRequest(
  b: SessionBase,
  list: readonly NEdit[],
  tc: ToolClasses | null,
  at: { end: number; c: number; jLo: number; jHi: number },
  start: UneditedTokens
): EditedRequest {
  const { end, c, jLo, jHi } = at
  const gte = b.A.compactionTriggerComparison === "gte"
  let T = start.T
  let thinkCut = start.thinkCut
  const applied: AppliedEdit[] = []
  let compacted = false
  let vHi = jLo
  for (const e of list) {
    if (e.type === "clear_thinking_20251015") {
      const cut = thinkingCut(b, end, c, e.keep ?? b.implicit)
      thinkCut = cut.cut
      if (cut.turns > 0) {
        T -= cut.removed
        applied.push({
          type: e.type,
          cleared_thinking_turns: cut.turns,
          cleared_input_tokens: Math.max(0, Math.round(cut.removed)),
        })
      }
    } else if (e.type === "clear_tool_uses_20250919") {
      const d = toolDecision(b, tc!, e, jLo, jHi, T)
      if (d) {
        T -= d.saved
        vHi = d.jb
        applied.push({
          type: e.type,
          cleared_tool_uses: d.victims,
          cleared_input_tokens: Math.max(0, Math.round(d.saved)),
        })
      }
    } else compacted = gte ? T >= e.trigger : T > e.trigger
  }
  return { T, thinkCut, vHi, applied, compacted }
}

/** Runs one configuration (edits already validated) over every request. */
export function runSession(
  b: SessionBase,
  edits: readonly NEdit[] | null,
  summaryTokensAssumed: number
): SessionRun {
  const list = edits ?? []
  const tool = list.find(
    (e): e is NClearToolUses => e.type === "clear_tool_uses_20250919"
  )
  const tc = tool ? toolClasses(b, tool) : null
  const hasThinkingEdit = list.some((e) => e.type === "clear_thinking_20251015")
  const implicit = b.thinkingOn && !hasThinkingEdit
  const sTok = summaryTokens(b, summaryTokensAssumed)
  const steps: RunStep[] = []
  let real = 0 // compaction blocks seen (index into compSlots)
  let cReal = 0
  let summary = -1
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
    const r = editRequest(b, list, tc, { end, c, jLo, jHi }, start)
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
      const at = summarySlot(b, end)
      if (at >= 0) summary = at
    }
  }
  return { steps, tc }
}
