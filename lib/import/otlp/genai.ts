import { isRecord } from "../notes"
import type { ContentBlock, ToolDefinition } from "../types"
import { count, isoTime, type RunCall } from "../runs/call"
import {
  inputMessages,
  partsBlocks,
  type PartLosses,
  structured,
} from "./parts"
import type { FlatSpan } from "./spans"

/**
 * One GenAI inference span → one call (docs: OpenTelemetry GenAI semantic
 * conventions, "Anthropic"): the request from `gen_ai.input.messages`,
 * `gen_ai.system_instructions`, `gen_ai.tool.definitions` and the
 * `gen_ai.request.*` settings; the answer from `gen_ai.output.messages`;
 * the usage from `gen_ai.usage.*`.
 */

const INFERENCE = new Set(["chat", "text_completion", "generate_content"])

/** The first attribute present (span, then its events). */
export function attr(span: FlatSpan, ...keys: string[]): unknown {
  for (const k of keys)
    if (span.attributes.has(k)) return span.attributes.get(k)
  for (const e of span.eventAttributes)
    for (const k of keys) if (e.has(k)) return e.get(k)
  return undefined
}

/** Whether a span is a model call (an inference span, or usage with a model). */
export function isInference(span: FlatSpan): boolean {
  const op = attr(span, "gen_ai.operation.name")
  if (typeof op === "string") return INFERENCE.has(op)
  return (
    attr(span, "gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens") !==
      undefined && typeof attr(span, "gen_ai.request.model") === "string"
  )
}

/** The span's provider, or the model's maker when no provider is named. */
export function isAnthropic(span: FlatSpan): boolean {
  const provider = attr(span, "gen_ai.provider.name", "gen_ai.system")
  const model = String(
    attr(span, "gen_ai.response.model", "gen_ai.request.model") ?? ""
  )
  if (typeof provider === "string" && provider !== "")
    return /anthropic|claude/i.test(provider) || /claude/i.test(model)
  return /claude/i.test(model)
}

/**
 * Instrumentations that write Anthropic's own `input_tokens` (cache reads
 * and writes left out) into `gen_ai.usage.input_tokens`, against the
 * convention: OpenLLMetry's (`@traceloop/instrumentation-anthropic` 0.27,
 * `_endSpan`: `ATTR_GEN_AI_USAGE_INPUT_TOKENS, result.usage.input_tokens`).
 */
const RAW_INPUT_SCOPES = /^@traceloop\//

/** How the span's `input_tokens` was read: with the cache inside (the convention) or without. */
export type InputReading = "includes-cache" | "excludes-cache"

/** The call's billed usage, and how its input was read. */
function usageOf(span: FlatSpan): {
  usage: RunCall["usage"]
  reading: InputReading
} {
  const input = count(
    attr(span, "gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens")
  )
  const read = count(
    attr(
      span,
      "gen_ai.usage.cache_read.input_tokens",
      "gen_ai.usage.cache_read_input_tokens"
    )
  )
  const written = count(
    attr(
      span,
      "gen_ai.usage.cache_creation.input_tokens",
      "gen_ai.usage.cache_creation_input_tokens"
    )
  )
  // The convention: input_tokens = input + cache reads + cache writes.
  const raw = RAW_INPUT_SCOPES.test(span.scope) || input < read + written
  return {
    usage: {
      input_tokens: raw ? input : input - read - written,
      cache_creation_input_tokens: written,
      cache_creation_1h_input_tokens: 0,
      cache_read_input_tokens: read,
      output_tokens: count(
        attr(
          span,
          "gen_ai.usage.output_tokens",
          "gen_ai.usage.completion_tokens"
        )
      ),
    },
    reading: raw ? "excludes-cache" : "includes-cache",
  }
}

/** `gen_ai.tool.definitions` → tool definitions (function tools; others kept as given). */
function toolsOf(raw: unknown): ToolDefinition[] | undefined {
  const v = structured(raw)
  if (!Array.isArray(v)) return undefined
  return v.filter(isRecord).map((t) => {
    if (t.type === "function" || "parameters" in t)
      return {
        name: String(t.name ?? ""),
        ...(typeof t.description === "string"
          ? { description: t.description }
          : {}),
        input_schema: isRecord(t.parameters)
          ? t.parameters
          : { type: "object" },
      }
    return t as ToolDefinition
  })
}

/** The request settings the span records (`gen_ai.request.*`). */
function settingsOf(span: FlatSpan): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const max = attr(span, "gen_ai.request.max_tokens")
  if (typeof max === "number" && max > 0) out.max_tokens = max
  for (const [key, name] of [
    ["gen_ai.request.temperature", "temperature"],
    ["gen_ai.request.top_p", "top_p"],
    ["gen_ai.request.top_k", "top_k"],
  ] as const) {
    const v = attr(span, key)
    if (typeof v === "number") out[name] = v
  }
  const stop = attr(span, "gen_ai.request.stop_sequences")
  if (Array.isArray(stop) && stop.length > 0) out.stop_sequences = stop
  const budget = attr(span, "gen_ai.request.thinking.budget_tokens")
  const kind = attr(
    span,
    "gen_ai.request.thinking_type",
    "gen_ai.request.thinking.type"
  )
  if (kind === "adaptive") out.thinking = { type: "adaptive" }
  else if (typeof budget === "number" && budget > 0)
    out.thinking = { type: "enabled", budget_tokens: budget }
  return out
}

/** The request a span records (null when it recorded no messages). */
function requestOf(span: FlatSpan, model: string, lost: PartLosses) {
  const input = inputMessages(
    attr(span, "gen_ai.input.messages", "gen_ai.prompt"),
    lost
  )
  if (!input || input.messages.length === 0) return null
  const sys = structured(attr(span, "gen_ai.system_instructions"))
  const system: ContentBlock[] = [...partsBlocks(sys, lost), ...input.system]
  const tools = toolsOf(attr(span, "gen_ai.tool.definitions"))
  return {
    model,
    ...settingsOf(span),
    ...(system.length > 0 ? { system } : {}),
    ...(tools && tools.length > 0 ? { tools } : {}),
    messages: input.messages,
  }
}

/** The answer's blocks (`gen_ai.output.messages`: the first choice). */
function answerOf(span: FlatSpan, lost: PartLosses): ContentBlock[] {
  const out = structured(
    attr(span, "gen_ai.output.messages", "gen_ai.completion")
  )
  const first = Array.isArray(out) ? out.find(isRecord) : undefined
  return first ? partsBlocks(first.parts ?? first.content, lost) : []
}

/** One inference span → a call, with how its input tokens were read. */
export function spanCall(
  span: FlatSpan,
  lost: PartLosses
): { call: RunCall; reading: InputReading } {
  const model = String(
    attr(span, "gen_ai.response.model", "gen_ai.request.model") ?? ""
  )
  const { usage, reading } = usageOf(span)
  const id = attr(span, "gen_ai.response.id")
  const timestamp = isoTime(span.end)
  const startedAt = isoTime(span.start)
  const call: RunCall = {
    request: requestOf(span, model, lost),
    answer: answerOf(span, lost),
    usage,
    model,
    ...(typeof id === "string" && id ? { id } : {}),
    ...(timestamp ? { timestamp } : {}),
    ...(startedAt ? { startedAt } : {}),
    where: `span ${span.spanId || span.name}`,
  }
  return { call, reading }
}
