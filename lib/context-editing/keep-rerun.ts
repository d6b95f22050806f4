/**
 * Keep-only re-runs of a whole simulation. The last run on a conversation
 * is remembered (per analysis); a new call that differs from it only in the
 * `keep` of its last, single clear_tool_uses edit patches that run's final
 * state (rules/clear-tool-uses-keep.ts) and its result: only the changed
 * outcomes, messages and token categories are rebuilt. Every other call
 * runs in full. The full run is the reference: tests and the equivalence
 * checks compare both paths byte for byte.
 */
import type { EstimateContext, TokenEstimator } from "@/lib/tokens"

import type { Analysis } from "./analyze"
import { memoryMarkers } from "./check-edits"
import { approx, fmt } from "./format"
import { patchOutcomes } from "./outcomes"
import { patchCategories, patchRequest, totalOf } from "./outputs"
import { lastToolUses, patchKeep } from "./rules/clear-tool-uses-keep"
import { templateOf } from "./setup"
import type { SimState } from "./state"
import type {
  Assumptions,
  ModelInfo,
  SimulateSuccess,
  SimulateWarning,
} from "./types"
import type { NEdit } from "./validate-edits"

/** Everything a call is compared on, besides the request body and estimator. */
export interface RunKey {
  a: Analysis
  body: Record<string, unknown>
  edits: NEdit[] | null
  A: Assumptions
  estimator: TokenEstimator
  est: EstimateContext
  model: ModelInfo
  modelId: string
  maxTokens: number | null
}

interface RunMemo {
  key: RunKey
  s: SimState
  result: SimulateSuccess
  /** Warnings raised after the pre-edit checks and before the last edit. */
  midWarnings: SimulateWarning[]
}

const memos = new WeakMap<Analysis, RunMemo>()

/** Whether the edits allow a keep-only re-run: one clear_tool_uses, last. */
function patchable(edits: NEdit[] | null): boolean {
  if (!edits || edits.length === 0) return false
  const last = edits.length - 1
  for (let i = 0; i < last; i++)
    if (edits[i]!.type === "clear_tool_uses_20250919") return false
  return edits[last]!.type === "clear_tool_uses_20250919"
}

/** The edits as text, without the last edit's keep. */
function editsBarLastKeep(edits: NEdit[]): string {
  const last = edits.length - 1
  return JSON.stringify(
    edits.map((e, i) => (i === last ? { ...e, keep: null } : e))
  )
}

/** Whether two calls agree on everything but the body and the last keep. */
function sameCall(x: RunKey, y: RunKey): boolean {
  if (
    x.estimator !== y.estimator ||
    x.est.family !== y.est.family ||
    x.est.factor !== y.est.factor ||
    x.modelId !== y.modelId ||
    x.maxTokens !== y.maxTokens
  )
    return false
  for (const name of Object.keys(x.A) as Array<keyof Assumptions>)
    if (x.A[name] !== y.A[name]) return false
  return editsBarLastKeep(x.edits!) === editsBarLastKeep(y.edits!)
}

/** Same keys in the same order, the same values except context_management. */
function sameBodyButEdits(
  x: Record<string, unknown>,
  y: Record<string, unknown>
): boolean {
  const kx = Object.keys(x)
  const ky = Object.keys(y)
  if (kx.length !== ky.length) return false
  for (let i = 0; i < kx.length; i++) {
    const key = kx[i]!
    if (key !== ky[i]) return false
    if (key !== "context_management" && x[key] !== y[key]) return false
  }
  return true
}

/** Remembers a full run so that the next keep-only call can patch it. */
export function rememberRun(
  k: RunKey,
  s: SimState,
  result: SimulateSuccess,
  midWarnings: SimulateWarning[]
): void {
  if (!patchable(k.edits) || !lastToolUses(s)) {
    memos.delete(k.a)
    return
  }
  memos.set(k.a, {
    key: k,
    s,
    result,
    midWarnings,
  })
}

/** The context-window warnings for a final token count. */
export function windowWarnings(
  inputTokens: number,
  model: ModelInfo,
  maxTokens: number | null
): SimulateWarning[] {
  if (inputTokens > model.contextWindow)
    return [
      {
        code: "context_window_exceeded",
        message: `${approx(inputTokens)} input tokens exceed ${model.displayName}'s ${fmt(model.contextWindow)}-token context window.`,
      },
    ]
  if (maxTokens !== null && inputTokens + maxTokens > model.contextWindow)
    return [
      {
        code: "context_window_exceeded",
        message: `${approx(inputTokens)} input tokens + max_tokens ${fmt(maxTokens)} exceed the ${fmt(model.contextWindow)}-token context window.`,
        path: ["max_tokens"],
      },
    ]
  return []
}

/**
 * The result of a keep-only re-run of the remembered run, or null when the
 * call differs in anything else (or the patch does not apply). `warnings`
 * are the call's own pre-edit warnings.
 */
export function keepRerun(
  k: RunKey,
  warnings: SimulateWarning[]
): SimulateSuccess | null {
  const memo = memos.get(k.a)
  if (!memo || !patchable(k.edits)) return null
  if (!sameBodyButEdits(memo.key.body, k.body) || !sameCall(memo.key, k))
    return null
  const s = memo.s
  const run = lastToolUses(s)
  const e = k.edits!.at(-1)!
  if (!run || e.type !== "clear_tool_uses_20250919") return null
  const patch = patchKeep(s, run, e)
  if (!patch) return null

  const prev = memo.result
  const changed = patch.changed
  const moved = changed.subarray(0, patch.blocksChanged)
  const after = patchCategories(
    prev.categories.after,
    templateOf(k.a).slots,
    moved,
    patch.deltas
  )
  const inputTokens = totalOf(after)
  const traces = prev.edits.slice(0, -1)
  traces.push(patch.trace)
  const all = [...warnings, ...memo.midWarnings]
  if (patch.warning) all.push(patch.warning)
  const tools = Array.isArray(k.body.tools)
    ? (k.body.tools as Record<string, unknown>[])
    : []
  all.push(...memoryMarkers(traces, k.edits, tools, k.A))
  all.push(...windowWarnings(inputTokens, k.model, k.maxTokens))
  const result: SimulateSuccess = {
    ok: true,
    request: patchRequest(
      k.body,
      s,
      prev.request.messages as Array<Record<string, unknown>>,
      moved
    ),
    context_management: {
      applied_edits: traces.flatMap((t) => (t.entry ? [t.entry] : [])),
    },
    original_input_tokens: prev.original_input_tokens,
    input_tokens: inputTokens,
    blocks: patchOutcomes(s, prev.blocks, changed),
    warnings: all,
    edits: traces,
    implicitThinking: prev.implicitThinking,
    categories: { before: prev.categories.before, after },
    hiddenTokens: prev.hiddenTokens,
    messageFraming: prev.messageFraming,
    contextWindow: k.model.contextWindow,
    model: k.model,
    compaction: prev.compaction,
    turns: prev.turns,
    betas: prev.betas,
    assumptions: k.A,
  }
  memo.key = k
  memo.result = result
  return result
}
