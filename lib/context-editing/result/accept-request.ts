/**
 * Whether the API accepts a parsed request (simulate.ts): the checks in the
 * API's order, giving the first 400-shaped error or the request's model,
 * analysis and edits with the warnings of the checks, in order.
 */
import { type Analysis, analyzeMessages } from "../request/analyze"
import { resolveAssumptions } from "../request/assumptions"
import { checkCacheLimit } from "../request/cache-limit"
import { checkEdits, editWarnings } from "../rules/check-edits"
import { fmt } from "../request/format"
import { checkModelRules, checkPrefill } from "../request/model-rules"
import { DEFAULT_MODEL_ID, getModelInfo } from "../request/models"
import { checkOnDemand } from "../request/on-demand"
import { checkThinkingContinuation } from "../request/thinking-continuation"
import type {
  Assumptions,
  ModelInfo,
  SimulateError,
  SimulateOptions,
  SimulateWarning,
} from "../types"
import { type NEdit, parseEdits } from "../rules/parse-edits"
import { type ParsedRequest, thinkingIsOn } from "../request/validate-request"

/** Warnings for what the request leaves out about its model (bare array, no model, unknown id). */
function assumedModelWarnings(
  p: ParsedRequest,
  modelId: string,
  model: ModelInfo
): SimulateWarning[] {
  const warnings: SimulateWarning[] = []
  if (p.bare)
    warnings.push({
      code: "messages_array_input",
      message: `Only a messages array was pasted: assumed model ${modelId} with no system prompt, no tools and thinking off.`,
    })
  else if (!p.modelId)
    warnings.push({
      code: "model_missing",
      message: `No model given: assumed ${modelId}.`,
      path: ["model"],
    })
  if (!model.known)
    warnings.push({
      code: "unknown_model",
      message: `Unknown model '${modelId}': capabilities guessed from its name (${model.tokenizer} tokenizer, ${fmt(model.contextWindow)}-token window).`,
      path: ["model"],
    })
  return warnings
}

/** The warning for a mid-conversation system message the model does not take. */
function systemMessageWarnings(
  model: ModelInfo,
  a: Analysis
): SimulateWarning[] {
  const systemAt = model.systemMessages ? -1 : a.messageRoles.indexOf("system")
  if (systemAt < 0) return []
  return [
    {
      code: "system_message_unsupported",
      message: `${model.displayName} does not take mid-conversation system messages (Opus 4.8 and later do, Sonnet 5 does not): the API would reject this request ("role 'system' is not supported on this model"). Move the text to the top-level system field.`,
      path: ["messages", systemAt, "role"],
    },
  ]
}

/** A request the API accepts: what the simulation runs on, with the warnings so far. */
export interface AcceptedRequest {
  ok: true
  warnings: SimulateWarning[]
  modelId: string
  model: ModelInfo
  A: Assumptions
  a: Analysis
  edits: NEdit[] | null
  thinkingOn: boolean
}

/**
 * Whether the API accepts the request: its 400-shaped error (first in the
 * API's order) or the request's model, analysis and edits with the
 * warnings of the checks, in order.
 */
export function acceptRequest(
  p: ParsedRequest,
  options: SimulateOptions
): AcceptedRequest | { ok: false; error: SimulateError } {
  const modelId = p.modelId ?? DEFAULT_MODEL_ID
  const model = getModelInfo(modelId)
  const warnings = assumedModelWarnings(p, modelId, model)
  const A = resolveAssumptions(options.assumptions)
  const mr = checkModelRules(p, model, modelId, A)
  if (mr.error) return { ok: false, error: mr.error }
  warnings.push(...mr.warnings)
  const a = analyzeMessages(p.messages)
  if (a.error) return { ok: false, error: a.error }
  warnings.push(...a.warnings)
  warnings.push(...systemMessageWarnings(model, a))
  const pe = parseEdits(p.body.context_management)
  if (!pe.ok) return { ok: false, error: pe.error }
  const cl = checkCacheLimit(p.tools, p.system, a)
  if (cl) return { ok: false, error: cl }
  const edits = pe.value
  const check = {
    edits,
    thinking: p.thinking,
    model,
    modelId,
    analysis: a,
    tools: p.tools,
    assumptions: A,
  }
  const tc = checkThinkingContinuation(p.thinking, a)
  if (tc && A.rejectThinkingContinuation) return { ok: false, error: tc }
  if (tc)
    warnings.push({
      code: "thinking_continuation",
      message: `The API rejects this request (a rule of extended thinking, not of context editing): ${tc.message}`,
      path: tc.path,
    })
  const ce =
    checkEdits(check) ??
    checkOnDemand(p.body, a, model, modelId) ??
    checkPrefill(model, a.messageRoles)
  if (ce) return { ok: false, error: ce }
  warnings.push(...editWarnings(check))
  const thinkingOn = thinkingIsOn(p.thinking)
  if (!thinkingOn && a.hasThinkingBlock)
    warnings.push({
      code: "thinking_blocks_without_thinking",
      message:
        "The conversation has thinking blocks but thinking is off for this request; no thinking rule applies to them.",
      path: ["thinking"],
    })
  return { ok: true, warnings, modelId, model, A, a, edits, thinkingOn }
}
