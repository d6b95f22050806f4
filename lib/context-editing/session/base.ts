/**
 * What does not change from one request of a session to the next: the
 * per-block token counts (the very counts simulate uses, from the analysis of
 * the whole transcript), tool-use pairs, turns, and prefix sums over them.
 * Every request of the session is a prefix of the transcript, so its totals
 * are differences of these sums (run.ts).
 *
 * Positions are "slots": each message m owns slot `msgSlot[m]` for a stand-in
 * compaction summary a session replay may put first in it, then one slot per
 * original block. A record i of message m is slot i + m + 1.
 */
import { defaultEstimator } from "@/lib/tokens"

import {
  type Analysis,
  analyzeMessages,
  isFailedCompaction,
} from "../request/analyze"
import { resolveAssumptions } from "../request/assumptions"
import { checkCacheLimit } from "../request/cache-limit"
import { DEFAULT_MODEL_ID, getModelInfo } from "../request/models"
import { asksOnDemand, isOnDemandBlock } from "../request/on-demand"
import { calibrationFor, implicitKeep, tokensOf } from "../result/setup"
import { fixedTokens } from "../result/simulate"
import { checkThinkingContinuation } from "../request/thinking-continuation"
import { clean } from "../rules/state"
import type { Assumptions, SimulateOptions } from "../types"
import { parseRequest } from "../request/validate-request"
import { requestEnds } from "./ends"
import { buildSessionTurns } from "../rules/session-turns"
import type { SessionBase } from "../rules/session-view"

export type { SessionBase } from "../rules/session-view"

/** Why a session cannot take the incremental path (null: it can). */
export type BaseResult = { ok: true; base: SessionBase } | { ok: false }

function slotsOf(a: Analysis): {
  msgSlot: Int32Array
  msgOfSlot: Int32Array
  recOfSlot: Int32Array
} {
  const nMsg = a.msgStart.length - 1
  const n = a.recs.length + nMsg
  const msgSlot = new Int32Array(nMsg + 1)
  const msgOfSlot = new Int32Array(n)
  const recOfSlot = new Int32Array(n).fill(-1)
  for (let m = 0; m < nMsg; m++) {
    msgSlot[m] = a.msgStart[m]! + m
    for (let s = msgSlot[m]!; s < a.msgStart[m + 1]! + m + 1; s++) {
      msgOfSlot[s] = m
      if (s > msgSlot[m]!) recOfSlot[s] = s - m - 1
    }
  }
  msgSlot[nMsg] = n
  return { msgSlot, msgOfSlot, recOfSlot }
}

/** Whether the session has something the incremental path does not model. */
/**
 * Whether some request of the session breaks the API's thinking-continuation
 * rule (manual thinking only: adaptive thinking may skip a turn). Blocks a
 * later compaction block hides are read differently by a shorter request,
 * so a session with compaction blocks is replayed request by request.
 */
function continuationMayFail(
  p: ReturnType<typeof parseRequest> & { ok: true },
  a: Analysis
): boolean {
  if (p.value.thinking !== "enabled") return false
  if (a.compactionRecs.length > 0) return true
  return requestEnds(p.value.messages as unknown[]).some(
    (end) => checkThinkingContinuation("enabled", a, end) !== null
  )
}

function unsupported(
  p: ReturnType<typeof parseRequest> & { ok: true },
  a: Analysis,
  A: Assumptions
): boolean {
  const body = p.value.body
  if (a.error || asksOnDemand(body)) return true
  if (checkCacheLimit(p.value.tools, p.value.system, a)) return true
  const thinkingOn =
    p.value.thinking === "enabled" || p.value.thinking === "adaptive"
  if (thinkingOn && A.rejectThinkingContinuation && continuationMayFail(p, a))
    return true
  for (const i of a.compactionRecs)
    if (isOnDemandBlock(a.recs[i]!.block)) return true
  // Pairs must come in the order of their uses (a prefix of the pairs is a
  // prefix of the transcript).
  for (let k = 1; k < a.pairs.length; k++)
    if (a.pairs[k]!.use < a.pairs[k - 1]!.use) return true
  // A result that already reads the placeholder changes how clearing counts.
  const ph = A.placeholderText
  for (const pr of a.pairs)
    if (pr.result >= 0 && a.recs[pr.result]!.block.content === ph) return true
  return false
}

/** Builds the session-wide facts, or says the session needs per-request simulation. */
export function sessionBase(
  request: Record<string, unknown>,
  options: SimulateOptions
): BaseResult {
  const parsed = parseRequest(request)
  if (!parsed.ok || parsed.value.bare) return { ok: false }
  const p = parsed.value
  const a = analyzeMessages(p.messages)
  const A = resolveAssumptions(options.assumptions)
  if (unsupported(parsed, a, A)) return { ok: false }
  const modelId = p.modelId ?? DEFAULT_MODEL_ID
  const model = getModelInfo(modelId)
  const estimator = options.estimator ?? defaultEstimator
  const est = {
    family: model.tokenizer,
    factor: calibrationFor(options.calibration, modelId, model),
  }
  const f = fixedTokens(p, model, estimator, est)
  const recTok = tokensOf(a, estimator, est)
  const sl = slotsOf(a)
  const n = sl.recOfSlot.length
  const tok = new Float64Array(n)
  const TOK = new Float64Array(n + 1)
  for (let s = 0; s < n; s++) {
    const i = sl.recOfSlot[s]!
    if (i >= 0) tok[s] = recTok[i]!
    TOK[s + 1] = TOK[s]! + tok[s]!
  }
  return {
    ok: true,
    base: {
      body: p.body,
      a,
      model,
      modelId,
      A,
      est,
      estimator,
      thinkingOn: p.thinking === "enabled" || p.thinking === "adaptive",
      implicit: implicitKeep(model, A).keep,
      fixed: f.system + f.tools + f.toolPrompt + f.hidden,
      framing: clean(estimator.messageOverhead(est)),
      ends: requestEnds(p.messages as unknown[]),
      ...sl,
      tok,
      TOK,
      MSGLIVE: liveMessagePrefix(a),
      compSlots: a.compactionRecs
        .filter((i) => !isFailedCompaction(a.recs[i]!.block))
        .map((i) => i + a.recs[i]!.mi + 1),
      ...pairSlots(a, n),
      turns: buildSessionTurns(a, sl, tok, A),
      hidden: a.hiddenSystemMessages.map(({ message, hiddenBy }) => ({
        m: message,
        by: hiddenBy,
        tokens: TOK[sl.msgSlot[message + 1]!]! - TOK[sl.msgSlot[message]!]!,
        live: a.msgStart[message + 1]! > a.msgStart[message]!,
      })),
    },
  }
}

function liveMessagePrefix(a: Analysis): Int32Array {
  const nMsg = a.msgStart.length - 1
  const out = new Int32Array(nMsg + 1)
  for (let m = 0; m < nMsg; m++)
    out[m + 1] = out[m]! + (a.msgStart[m + 1]! > a.msgStart[m]! ? 1 : 0)
  return out
}

function pairSlots(a: Analysis, n: number) {
  const np = a.pairs.length
  const useSlot = new Int32Array(np)
  const resultSlot = new Int32Array(np)
  const pairAtUse = new Int32Array(n).fill(-1)
  const pairAtResult = new Int32Array(n).fill(-1)
  for (let j = 0; j < np; j++) {
    const pr = a.pairs[j]!
    const u = pr.use + a.recs[pr.use]!.mi + 1
    useSlot[j] = u
    pairAtUse[u] = j
    if (pr.result < 0) resultSlot[j] = -1
    else {
      const r = pr.result + a.recs[pr.result]!.mi + 1
      resultSlot[j] = r
      pairAtResult[r] = j
    }
  }
  return { useSlot, resultSlot, pairAtUse, pairAtResult }
}
