/**
 * simulate(request) → what the Messages API would do with context_management:
 * validate like the API (400-shaped errors), replay compaction blocks, apply
 * the model's implicit thinking default, run the edits in array order (each
 * on the previous one's result) and report tokens, outcomes and traces.
 * Pure and deterministic; never throws; never mutates its input.
 */
// The engine's extensions (PDF reader, input_schema validator): installed on
// import in Node; the browser bundle swaps this for an empty module and the
// page installs them after the first paint (lib/extensions/README.md).
import "@/lib/extensions/auto"
import {
  defaultEstimator,
  type EstimateContext,
  hiddenParts,
  type HiddenPart,
  hiddenTotal,
  type TokenEstimator,
} from "@/lib/tokens"

import { type AcceptedRequest, acceptRequest } from "./accept-request"
import type { Analysis } from "../request/analyze"
import { afterRunWarnings } from "../rules/check-edits"
import { betasFor } from "../rules/catalogue"
import { applyEdit } from "../rules/registry"
import { approx, fmt } from "../request/format"
import { windowWarnings } from "../request/context-window"
import { buildOutcomes } from "./outcomes"
import {
  buildRequest,
  categorize,
  categorizeOriginal,
  type FixedTokens,
  totalOf,
} from "./outputs"
import { clearThinking } from "../rules/clear-thinking/rule"
import {
  calibrationFor,
  hideSystemMessages,
  implicitKeep,
  initState,
  replay,
  templateOf,
  tokensOf,
  turnInfos,
} from "./setup"
import { clean, type SimState } from "../rules/state"
import type {
  CompactionInfo,
  EditTrace,
  ImplicitThinkingInfo,
  ModelInfo,
  SimulateError,
  SimulateOptions,
  SimulateResult,
  SimulateSuccess,
  SimulateWarning,
} from "../types"
import {
  asksOnDemand,
  isOnDemandBlock,
  onDemandInfo,
} from "../request/on-demand"
import { EDIT_KINDS, type NEdit } from "../rules/kinds"
import { type ParsedRequest, parseRequest } from "../request/validate-request"

/**
 * The hidden tool-use system prompt (the model row's measured size, 313 for
 * Claude 3.5 Sonnet (Oct) to 4.x, the docs' numbers for Claude 3). Models the docs do not list (Claude 5 and later, unknown ids)
 * take the same numbers unscaled: OBS real counts of 5.x requests come out
 * 80–150 below the 4.x numbers scaled by the new tokenizer's +30 %
 * (pydantic-ai cassette pai-sonnet-5-5-output-tool-auto: Sonnet 5.5, 402
 * real, 551 with the scaled prompt, 447 without).
 */
function toolPromptTokens(model: ModelInfo, toolChoice: string): number {
  const t = model.toolPromptTokens
  return toolChoice === "any" || toolChoice === "tool" ? t.any : t.auto
}

/** One warning naming the hidden parts whose size is not measured for this model. */
function hiddenWarnings(parts: readonly HiddenPart[]): SimulateWarning[] {
  const unsure = parts.filter((x) => x.basis === "guess")
  if (unsure.length === 0) return []
  const names = unsure.map(
    (x) => `${x.label.replace(" (hidden)", "")} ≈ ${fmt(x.tokens)}`
  )
  return [
    {
      code: "hidden_tokens_estimated",
      message: `Hidden tokens never measured: ${names.join(", ")} (a named guess, so the total is not short; the real count may differ).`,
      path: unsure[0]!.path,
    },
  ]
}

/**
 * The parts of the prompt no edit touches: system prompt, tool definitions,
 * the hidden tool-use prompt and the other hidden parts (server tools,
 * structured outputs…, from the hidden-token table).
 */
export function fixedTokens(
  p: ParsedRequest,
  model: ModelInfo,
  estimator: TokenEstimator,
  est: EstimateContext,
  hidden: readonly HiddenPart[] = hiddenParts(p.body, model.tokenizer)
): FixedTokens {
  // An MCP server's tools join the tool-use prompt like client tools
  // (docs/tokens.md, "MCP servers").
  const mcp = p.body.mcp_servers
  const hasTools = p.tools.length > 0 || (Array.isArray(mcp) && mcp.length > 0)
  return {
    system: clean(estimator.countSystem(p.system, est)),
    tools: p.tools.length > 0 ? clean(estimator.countTools(p.tools, est)) : 0,
    toolPrompt: hasTools ? toolPromptTokens(model, p.toolChoice) : 0,
    hidden: hiddenTotal(hidden),
  }
}

function fail(error: SimulateError, bare: boolean): SimulateResult {
  // For a pasted bare array, paths point into that array (drop "messages").
  const path =
    bare && error.path[0] === "messages" ? error.path.slice(1) : error.path
  return { ok: false, error: { ...error, path } }
}

/**
 * The model's implicit thinking default, when thinking is on and no
 * clear_thinking edit is given: drops earlier turns' thinking (or keeps
 * all) and says so.
 */
function implicitThinkingDefault(
  s: SimState,
  model: ModelInfo,
  dk: ReturnType<typeof implicitKeep>,
  warnings: SimulateWarning[]
): ImplicitThinkingInfo {
  const out = clearThinking(s, dk.keep, {
    kind: "implicit",
    modelName: model.displayName,
  })
  const applied = out.clearedTurns > 0
  const implicitThinking: ImplicitThinkingInfo = {
    keep: dk.keep,
    source: dk.source,
    applied,
    clearedThinkingTurns: out.clearedTurns,
    clearedInputTokens: out.clearedTokens,
    message: applied
      ? `${model.displayName} keeps only the last turn's thinking by default: thinking from ${out.clearedTurns} earlier turn${out.clearedTurns === 1 ? "" : "s"} (${approx(out.clearedTokens)} tokens) is dropped, with no applied_edits entry.`
      : dk.keep === "all"
        ? `${model.displayName} keeps all earlier thinking by default (no clear_thinking edit).`
        : `${model.displayName} keeps only the last turn's thinking by default; there is no earlier thinking to drop.`,
  }
  if (applied)
    warnings.push({
      code: "implicit_thinking_default",
      message: implicitThinking.message,
      path: ["thinking"],
    })
  return implicitThinking
}

/**
 * Runs the edits in array order, each on the previous one's result: their
 * traces, and the last compaction's info (with a warning when later edits
 * run after a compaction that fires).
 */
function runEdits(
  s: SimState,
  edits: readonly NEdit[] | null,
  defaultThinkingKeep: "all" | 1,
  replayed: ReturnType<typeof replay>,
  warnings: SimulateWarning[]
): { traces: EditTrace[]; compaction: CompactionInfo | null } {
  const traces: EditTrace[] = []
  let compaction: CompactionInfo | null = null
  for (const e of edits ?? []) {
    const r = applyEdit(s, e, { defaultThinkingKeep, replayed })
    traces.push(r.trace)
    if (r.compaction) {
      compaction = r.compaction
      const later = (edits ?? []).filter((x) => x.index > e.index)
      if (r.compaction.fires && later.length > 0)
        warnings.push({
          code: "edit_after_compaction",
          message: `${e.type} fires here: the server summarises the conversation and continues on the compacted context, which no simulator can produce. What ${later.map((x) => x.type).join(" and ")} after it does to that context is undocumented; ${later.length === 1 ? "it is" : "they are"} shown as if run on the full prompt, so ${later.length === 1 ? "its" : "their"} applied_edits numbers are an upper bound. Put the clear edits before ${e.type} to know what they do.`,
          path: ["context_management", "edits", later[0]!.index],
        })
    }
  }
  return { traces, compaction }
}

/** The anthropic-beta values the request needs (edits, compaction blocks, on-demand compaction). */
function requestBetas(
  p: ParsedRequest,
  a: Analysis,
  edits: readonly NEdit[] | null
): string[] {
  return betasFor(
    (edits ?? []).map((e) => e.type),
    a.compactionRecs.some((i) => !isOnDemandBlock(a.recs[i]!.block)),
    asksOnDemand(p.body) ||
      a.compactionRecs.some((i) => isOnDemandBlock(a.recs[i]!.block))
  )
}

/** Simulates an accepted request: counts, replay, implicit thinking, the edits, the result. */
function simulateAccepted(
  p: ParsedRequest,
  options: SimulateOptions,
  { warnings, modelId, model, A, a, edits, thinkingOn }: AcceptedRequest
): SimulateSuccess {
  const estimator = options.estimator ?? defaultEstimator
  const est: EstimateContext = {
    family: model.tokenizer,
    factor: calibrationFor(options.calibration, modelId, model),
  }
  const hidden = hiddenParts(p.body, model.tokenizer)
  warnings.push(...hiddenWarnings(hidden))
  const fixed = fixedTokens(p, model, estimator, est, hidden)
  const s = initState(
    a,
    tokensOf(a, estimator, est),
    { assumptions: A, estimator, est, model, warnings },
    fixed,
    clean(estimator.messageOverhead(est))
  )
  const replayed = replay(s)
  hideSystemMessages(s)

  const hasThinkingEdit = (edits ?? []).some(
    (e) => EDIT_KINDS[e.type].replacesThinkingDefault
  )
  const dk = implicitKeep(model, A)
  const implicitThinking =
    thinkingOn && !hasThinkingEdit
      ? implicitThinkingDefault(s, model, dk, warnings)
      : null

  // The state before the edits: shared with the analysis' own arrays when
  // nothing has changed yet (no replay, no implicit thinking removal).
  const pristine = s.changed === 0
  const beforeTokens = pristine ? s.original : s.tokens.slice()
  const beforeAlive = pristine ? templateOf(a).alive : s.alive.slice()
  const ran = runEdits(s, edits, dk.keep, replayed, warnings)
  const traces = ran.traces
  let compaction = ran.compaction

  if (asksOnDemand(p.body)) compaction = onDemandInfo(s.total, replayed)

  const slots = templateOf(a).slots
  const before = pristine
    ? categorizeOriginal(s, fixed, slots)
    : categorize(s, beforeTokens, beforeAlive, fixed, slots)
  const after = categorize(s, s.tokens, s.alive, fixed, slots)
  const inputTokens = totalOf(after)
  warnings.push(...afterRunWarnings(traces, edits, p.tools, A))
  warnings.push(...windowWarnings(inputTokens, model, p.maxTokens))

  const result: SimulateSuccess = {
    ok: true,
    request: buildRequest(p.body, s, s.origBlocks),
    context_management:
      edits === null
        ? null
        : { applied_edits: traces.flatMap((t) => (t.entry ? [t.entry] : [])) },
    original_input_tokens: totalOf(before),
    input_tokens: inputTokens,
    blocks: buildOutcomes(s),
    warnings,
    edits: traces,
    implicitThinking,
    categories: { before, after },
    hiddenTokens: hidden,
    messageFraming: s.framing,
    contextWindow: model.contextWindow,
    model,
    compaction,
    turns: turnInfos(a, A.redactedThinkingCountsAsThinking),
    betas: requestBetas(p, a, edits),
    assumptions: A,
  }
  return result
}

function run(request: unknown, options: SimulateOptions): SimulateResult {
  const parsed = parseRequest(request)
  if (!parsed.ok) return fail(parsed.error, false)
  const p = parsed.value
  const accepted = acceptRequest(p, options)
  if (!accepted.ok) return fail(accepted.error, p.bare)
  return simulateAccepted(p, options, accepted)
}

/** Simulates the server-side context editing of a Messages API request. Never throws. */
export function simulate(
  request: unknown,
  options?: SimulateOptions
): SimulateResult {
  try {
    return run(request, options ?? {})
  } catch (err) {
    // Safety net only: every known bad input has its own API-shaped error.
    const why = err instanceof Error ? err.message : String(err)
    return {
      ok: false,
      error: {
        type: "invalid_request_error",
        message: `The simulator could not process this request: ${why}`,
        path: [],
      },
    }
  }
}

/**
 * Whether simulate() would accept the request: its parse and the API's
 * config checks (acceptRequest), without counting or running the edits.
 * Never throws.
 */
export function accepts(request: unknown, options?: SimulateOptions): boolean {
  try {
    const parsed = parseRequest(request)
    return parsed.ok && acceptRequest(parsed.value, options ?? {}).ok
  } catch {
    return false
  }
}
