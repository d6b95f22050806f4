import { modelTakesThinking } from "@/lib/context-editing/request/request-defaults"
import type {
  ContentBlock,
  ImportedRequest,
  ToolDefinition,
} from "@/lib/import/types"

import {
  createRandom,
  pick,
  pickWeighted,
  randomInt,
  type Random,
} from "./prng"
import { fillSlots, SessionBuilder } from "./session-builder"
import {
  customToolSpec,
  DEFAULT_TOOL_MIX,
  MEMORY_TOOL,
  WEB_SEARCH_TOOL,
} from "./tool-catalogue"
import { memoryCall } from "./memory-calls"
import { paragraph, proseProducer, sentence } from "./text/prose"
import { SOFTWARE } from "./text/vocab"
import { assistantLead, followUp, taskPrompt, thinkingText } from "./text/turns"

/** Options of {@link generateSession}. */
export interface GenerateOptions {
  /** Size of the whole request by the chars≈tokens×3.5 rule (1,000–2,000,000). */
  targetTokens: number
  /** Number of tool calls; derived from `resultSize` when omitted. */
  toolCalls?: number
  /** Typical result size (tokens) used to derive `toolCalls`; the target wins. */
  resultSize?: "small" | "medium" | "large" | number
  /** Which tools are called and how often; `web_search`/`memory` map to those tools. */
  toolMix?: Array<{ name: string; weight: number }>
  /** Thinking blocks (fake signatures) in every assistant message, `thinking` enabled. */
  thinking: boolean
  /** Maximum parallel tool calls per assistant message (default 1). */
  parallel?: number
  /** Adds the `web_search` server tool (server_tool_use/web_search_tool_result). */
  serverTools?: boolean
  /** Adds the `memory` tool (memory_20250818). */
  memory?: boolean
  /** Model id (default `claude-sonnet-4-6`). */
  model?: string
  /** Seed for the built-in PRNG (default 1); ignored when `random` is given. */
  seed?: number
  /** A seeded PRNG to draw from instead of `seed`. */
  random?: Random
  /** Number of human turns (default: one per ~8 tool calls). */
  humanTurns?: number
}

const RESULT_TOKENS = { small: 400, medium: 2_000, large: 6_000 } as const

function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min
  return Math.min(max, Math.max(min, value))
}

interface MixEntry {
  name: string
  weight: number
  kind: "custom" | "server" | "memory"
}

function resolveMix(options: GenerateOptions): MixEntry[] {
  const given = (options.toolMix ?? []).filter(
    (t) => t && typeof t.name === "string" && t.name !== "" && t.weight > 0
  )
  const base = given.length > 0 ? given : DEFAULT_TOOL_MIX
  const mix: MixEntry[] = base.map((t) => ({
    name: t.name,
    weight: t.weight,
    kind:
      t.name === "web_search"
        ? "server"
        : t.name === "memory"
          ? "memory"
          : "custom",
  }))
  if (options.serverTools && !mix.some((t) => t.kind === "server"))
    mix.push({ name: "web_search", weight: 2, kind: "server" })
  if (options.memory && !mix.some((t) => t.kind === "memory"))
    mix.push({ name: "memory", weight: 1, kind: "memory" })
  return mix
}

function toolDefinitions(mix: MixEntry[]): ToolDefinition[] {
  return mix.map((t) =>
    t.kind === "server"
      ? { ...WEB_SEARCH_TOOL }
      : t.kind === "memory"
        ? { ...MEMORY_TOOL }
        : structuredClone(customToolSpec(t.name).definition)
  )
}

/** How many calls, turns and parallel calls a session of these options gets. */
interface SessionPlan {
  target: number
  mix: MixEntry[]
  toolCalls: number
  parallel: number
  turns: number
}

function planSession(options: GenerateOptions): SessionPlan {
  const target = Math.round(clamp(options.targetTokens, 1_000, 2_000_000))
  const perResult =
    typeof options.resultSize === "number"
      ? clamp(options.resultSize, 20, 200_000)
      : RESULT_TOKENS[options.resultSize ?? "medium"]
  const overhead = 90 + (options.thinking ? 120 : 0)
  const toolCalls = Math.round(
    options.toolCalls !== undefined
      ? clamp(options.toolCalls, 0, 5_000)
      : clamp((target * 0.92) / (perResult + overhead), 1, 3_000)
  )
  // Without tool calls the assistant answers carry the size: use more turns.
  const defaultTurns =
    toolCalls === 0
      ? Math.round(clamp(target / 3_000, 1, 300))
      : Math.ceil(toolCalls / 8)
  const turns = Math.round(
    clamp(
      options.humanTurns ?? defaultTurns,
      1,
      Math.max(1, toolCalls, defaultTurns)
    )
  )
  const parallel = Math.round(clamp(options.parallel ?? 1, 1, 16))
  return { target, mix: resolveMix(options), toolCalls, parallel, turns }
}

/** The generator's running state: the builder, the PRNG and what is left to place. */
interface SessionState {
  b: SessionBuilder
  random: Random
  plan: SessionPlan
  thinking: boolean
  memoryCalls: number
  callsLeft: number
}

/** This turn's share of the calls left, varied ±40 % except on the last turn. */
function callsForTurn(s: SessionState, turnsLeft: number): number {
  let calls = Math.round(s.callsLeft / turnsLeft)
  if (turnsLeft > 1 && calls > 1)
    calls = randomInt(s.random, Math.ceil(calls * 0.6), Math.floor(calls * 1.4))
  calls = Math.min(calls, s.callsLeft)
  s.callsLeft -= calls
  return calls
}

/** One tool call of the mix: a server search (paired in place) or a client call and its result. */
function pushToolCall(
  s: SessionState,
  entry: MixEntry,
  results: ContentBlock[]
): void {
  const { b, random } = s
  if (entry.kind === "server") {
    const query = `${pick(random, SOFTWARE.adjective)} ${pick(random, SOFTWARE.noun)} best practices`
    b.webSearch(query, SOFTWARE, SEARCH_DOMAINS, 0.8 * (0.5 + random()))
    return
  }
  const id = b.id("toolu")
  if (entry.kind === "memory") {
    const call = memoryCall(random, s.memoryCalls++, SOFTWARE)
    b.push("assistant", [
      { type: "tool_use", id, name: "memory", input: call.input },
    ])
    results.push({ type: "tool_result", tool_use_id: id, content: call.result })
    return
  }
  const spec = customToolSpec(entry.name)
  const input = spec.input(random)
  b.push("assistant", [{ type: "tool_use", id, name: entry.name, input }])
  results.push(
    b.toolResultSlot(
      id,
      spec.result(random, input),
      spec.sizeFactor * (0.5 + random())
    )
  )
}

/** An assistant lead-in, then a batch of parallel calls and their results. */
function pushToolBatch(s: SessionState, batch: number): void {
  const { b, random, plan } = s
  const lead: ContentBlock[] = []
  if (s.thinking && b.assistantStarts)
    lead.push(b.thinking(thinkingText(random, SOFTWARE)))
  lead.push({ type: "text", text: assistantLead(random, SOFTWARE) })
  b.push("assistant", lead)
  const weights = plan.mix.map((t) => t.weight)
  const results: ContentBlock[] = []
  for (let i = 0; i < batch; i++)
    pushToolCall(
      s,
      plan.mix[pickWeighted(random, weights)] ?? plan.mix[0]!,
      results
    )
  if (results.length > 0) b.push("user", results)
}

/** The assistant's closing answer of a turn; without tool calls it carries the size. */
function pushAnswer(s: SessionState): void {
  const { b, random } = s
  const answer: ContentBlock[] = []
  if (s.thinking && b.assistantStarts)
    answer.push(b.thinking(thinkingText(random, SOFTWARE)))
  const summary: ContentBlock = {
    type: "text",
    text: paragraph(random, SOFTWARE, 2, 4),
  }
  if (s.plan.toolCalls === 0)
    b.textSlot(summary, "text", proseProducer(random, SOFTWARE), 1)
  answer.push(summary)
  b.push("assistant", answer)
}

function pushTurn(s: SessionState, turn: number): void {
  const { b, random, plan } = s
  b.push("user", [
    { type: "text", text: turn === 0 ? taskPrompt(random) : followUp(random) },
  ])
  let calls = callsForTurn(s, plan.turns - turn)
  while (calls > 0) {
    const batch = Math.min(calls, randomInt(random, 1, plan.parallel))
    calls -= batch
    pushToolBatch(s, batch)
  }
  const last = turn === plan.turns - 1
  if (!last || b.lastRole === "assistant" || plan.toolCalls === 0) pushAnswer(s)
}

/**
 * Builds a realistic agent session (deterministic for a given seed/PRNG):
 * paired tool_use/tool_result blocks, optional thinking, server search and
 * memory calls, sized to `targetTokens` within a few percent.
 */
export function generateSession(options: GenerateOptions): ImportedRequest {
  const random = options.random ?? createRandom(options.seed ?? 1)
  const plan = planSession(options)
  const s: SessionState = {
    b: new SessionBuilder(random),
    random,
    plan,
    thinking: options.thinking,
    memoryCalls: 0,
    callsLeft: plan.toolCalls,
  }
  for (let turn = 0; turn < plan.turns; turn++) pushTurn(s, turn)
  const { b } = s
  if (b.lastRole !== "user")
    b.push("user", [{ type: "text", text: followUp(random) }])

  const request: ImportedRequest = {
    model: options.model ?? "claude-sonnet-4-6",
    max_tokens: s.thinking ? 16_000 : 8_192,
    system: `You are a coding agent working in a ${pick(random, ["TypeScript", "Python", "polyglot"])} repository. ${sentence(random, SOFTWARE)}`,
    messages: b.messages,
  }
  if (plan.toolCalls > 0) request.tools = toolDefinitions(plan.mix)
  // Manual thinking where the model takes it, else adaptive (never a 400).
  if (s.thinking)
    request.thinking = modelTakesThinking(request, "enabled")
      ? { type: "enabled", budget_tokens: 8_000 }
      : { type: "adaptive" }
  fillSlots(request, b.slots, plan.target)
  return request
}

/** Fictional domains for search results (RFC 2606 `.example`). */
export const SEARCH_DOMAINS = [
  "engineering-blog.example",
  "docs.framework.example",
  "forum.devs.example",
  "perf-notes.example",
]
