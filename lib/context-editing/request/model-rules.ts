/**
 * The request rules that depend on the model: which `thinking.type` it
 * takes, forced tool use, thinking with a forced tool, and retired ids. The
 * data (which model, with what evidence) lives in models-data.ts; the
 * wording of each answer and its evidence is here.
 */
import { isObj, issue } from "./issues"
import { EV } from "./models-data"
import type {
  Assumptions,
  ModelEvidence,
  ModelInfo,
  SimulateError,
  SimulateWarning,
} from "../types"
import type { ParsedRequest } from "./validate-request"

type Verdict = { error: SimulateError | null; warnings: SimulateWarning[] }

/** Each rule of this module with its evidence (label and URL), for docs and the UI. */
export const MODEL_RULES: readonly {
  rule: string
  evidence: readonly ModelEvidence[]
}[] = [
  {
    rule: 'thinking.type "enabled" on a model that takes only adaptive thinking: the API\'s 400 "\"thinking.type.enabled\" is not supported for this model…"',
    evidence: [EV.enabledRejected, EV.haiku55],
  },
  {
    rule: 'thinking.type "disabled" on Sonnet 5.5 (use between_tools) or on an always-on model: a 400 (wording ours)',
    evidence: [EV.sonnet55, EV.alwaysOn],
  },
  {
    rule: "between_tools only at effort low, medium or high; documented for Sonnet 5.5 only (elsewhere a warning)",
    evidence: [EV.sonnet55],
  },
  {
    rule: "tool_choice any/tool on Sonnet 5.5: a 400 (wording ours)",
    evidence: [EV.sonnet55],
  },
  {
    rule: 'thinking enabled with a forced tool_choice: the API\'s 400 "Thinking may not be enabled when tool_choice forces tool use."',
    evidence: [
      {
        label: "DOC",
        url: "https://platform.claude.com/docs/en/build-with-claude/extended-thinking",
        fact: "With thinking, tool_choice may only be auto or none.",
      },
    ],
  },
  {
    rule: "A final assistant message (a prefill) on Claude 4.6 or later: the API's 400",
    evidence: [EV.prefillRemoved, EV.prefill400],
  },
  {
    rule: 'A retired id: 404 not_found_error "model: <id>" (a warning unless rejectRetiredModels)',
    evidence: [EV.retired404, EV.deprecations],
  },
]

const ADAPTIVE_HINT =
  'Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.'

/**
 * The 400 for a `thinking.type` the model does not take. `enabled`: the
 * API's words (OBS, live 400s on Opus 4.7, Opus 4.8 and Sonnet 5).
 * `disabled`: our wording on that pattern; on Sonnet 5.5 it points to
 * `between_tools`, which the docs name as the way to turn thinking off.
 */
function thinkingTypeError(
  type: string,
  accepted: readonly string[]
): SimulateError {
  const hint =
    type === "disabled" && accepted.includes("between_tools")
      ? 'Use "thinking.type.between_tools" to turn off up-front thinking.'
      : ADAPTIVE_HINT
  return issue(
    ["thinking", "type"],
    `"thinking.type.${type}" is not supported for this model. ${hint}`,
    null
  )
}

/** DOC (Sonnet 5.5 page): between_tools is allowed at effort low, medium and high only. */
function betweenToolsEffort(
  body: Record<string, unknown>
): SimulateError | null {
  const oc = body.output_config
  const effort = isObj(oc) ? oc.effort : undefined
  if (effort !== "xhigh" && effort !== "max") return null
  return issue(
    ["output_config", "effort"],
    `\`thinking.type: "between_tools"\` cannot be combined with effort \`${effort}\`; use low, medium or high.`,
    null
  )
}

function checkThinkingType(
  p: ParsedRequest,
  model: ModelInfo,
  A: Assumptions,
  warnings: SimulateWarning[]
): SimulateError | null {
  const type = p.thinking
  if (type === "absent") return null
  const accepted = model.thinkingTypes
  if (type === "between_tools") {
    if (accepted?.includes(type)) return betweenToolsEffort(p.body)
    // DOC names only Sonnet 5.5; elsewhere unknown, so a warning, not a 400.
    warnings.push({
      code: "thinking_type_unsupported",
      message: `\`thinking.type: "between_tools"\` is documented for Claude Sonnet 5.5 only; ${model.displayName} may reject it.`,
      path: ["thinking", "type"],
    })
    return null
  }
  if (!accepted || accepted.includes(type)) return null
  const error = thinkingTypeError(type, accepted)
  if (model.thinkingTypesDocumented || A.rejectUnlistedThinkingTypes)
    return error
  warnings.push({
    code: "thinking_type_unsupported",
    message: `The API rejects this thinking type on ${model.displayName} (live errors on Opus 4.7, 4.8 and Sonnet 5; the switch "Reject manual thinking on adaptive models" makes it a 400): ${error.message}`,
    path: ["thinking", "type"],
  })
  return null
}

/**
 * Forced tool use: thinking `enabled` with `tool_choice` any/tool is a 400
 * in the API's words (OBS, many live 400s; DOC extended thinking: only
 * auto/none with thinking); on a model without forced tool use (Sonnet
 * 5.5, DOC "Forced tool use returns an error") any/tool is a 400 (our
 * wording).
 */
function checkForcedToolUse(
  p: ParsedRequest,
  model: ModelInfo
): SimulateError | null {
  if (p.toolChoice !== "any" && p.toolChoice !== "tool") return null
  if (model.forcedToolUse === false)
    return issue(
      ["tool_choice", "type"],
      `tool_choice \`${p.toolChoice}\` (forced tool use) is not supported for this model; use \`auto\` or \`none\`.`,
      null
    )
  if (p.thinking === "enabled")
    return issue(
      ["tool_choice"],
      "Thinking may not be enabled when tool_choice forces tool use.",
      null
    )
  return null
}

/**
 * A retired id: the API answers 404 `not_found_error` "model: <id>" (OBS).
 * With the switch off (default) a warning that quotes it, so a recorded
 * session of a retired model can still be simulated.
 */
function checkLifecycle(
  model: ModelInfo,
  modelId: string,
  A: Assumptions,
  warnings: SimulateWarning[]
): SimulateError | null {
  const when = model.retiresOn ? ` on ${model.retiresOn}` : ""
  if (model.retired) {
    if (A.rejectRetiredModels)
      return {
        type: "not_found_error",
        message: `model: ${modelId}`,
        path: ["model"],
      }
    warnings.push({
      code: "retired_model",
      message: `${model.displayName} was retired from the API${when}: the API answers 404 not_found_error "model: ${modelId}". The numbers here are what it would have done.`,
      path: ["model"],
    })
  }
  // An announced retirement is shown by the model picker (`retiresOn`), not
  // as a warning: the request is valid until that date.
  return null
}

/** The API's words for a prefill on a model that refuses one (OBS). */
export const PREFILL_MESSAGE =
  "This model does not support assistant message prefill. The conversation must end with a user message."

/**
 * A prefill (the last message is the assistant's) on a model that refuses
 * one: Claude 4.6 and every later model (DOC whats-new-claude-4-6, OBS live
 * 400s). Mid-conversation system messages do not end a conversation.
 */
export function checkPrefill(
  model: ModelInfo,
  roles: readonly string[]
): SimulateError | null {
  if (model.prefill !== false) return null
  let at = roles.length - 1
  while (at >= 0 && roles[at] === "system") at--
  if (at < 0 || roles[at] !== "assistant") return null
  return issue(["messages", at, "role"], PREFILL_MESSAGE, null)
}

/** The model's rules for this request: the first 400 (or 404), and warnings. */
export function checkModelRules(
  p: ParsedRequest,
  model: ModelInfo,
  modelId: string,
  A: Assumptions
): Verdict {
  const warnings: SimulateWarning[] = []
  const error =
    checkLifecycle(model, modelId, A, warnings) ??
    checkThinkingType(p, model, A, warnings) ??
    checkForcedToolUse(p, model)
  return { error, warnings }
}
