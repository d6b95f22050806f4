/**
 * Folds `StreamLine`s into a render-ready snapshot of the streamed reply.
 * Pure and immutable: each line yields a new snapshot (React-friendly).
 */
import type {
  BetaDiagnostics,
  BetaRawMessageStreamEvent,
} from "@anthropic-ai/sdk/resources/beta/messages/messages"

import type { ApiErrorBody } from "./errors"
import type { AppliedEdit, StreamLine } from "./schemas"

/** One content block of the reply as far as it has arrived. */
export type StreamBlock =
  | { kind: "thinking"; text: string; signed: boolean }
  | { kind: "redacted_thinking" }
  | { kind: "text"; text: string }
  | {
      kind: "tool_use"
      id: string
      name: string
      /** Raw `input_json_delta` concatenation. */
      inputJson: string
      /** Parsed input once the block stopped (undefined while partial). */
      input: unknown
      done: boolean
    }
  | { kind: "compaction"; text: string }
  | { kind: "other"; type: string }

/** Everything the Server tab shows about a run. */
export interface StreamSnapshot {
  model: string | null
  /** The response's id (`msg_…`): the next run's `diagnostics.previous_message_id`. */
  messageId: string | null
  /**
   * Cache diagnostics (lib/anthropic/cache-diagnosis.ts): undefined until
   * the API sends the field; its `cache_miss_reason` is null when nothing
   * diverged or the comparison is still pending.
   */
  diagnostics: BetaDiagnostics | null | undefined
  blocks: StreamBlock[]
  stopReason: string | null
  /** Input tokens after the cached prefix (the API's `input_tokens`). */
  inputTokens: number | null
  outputTokens: number | null
  /** Input tokens read from the prompt cache; null until reported. */
  cacheReadTokens: number | null
  /** Input tokens written to the prompt cache; null until reported. */
  cacheWriteTokens: number | null
  /** From the final `message_delta`; null until it arrives or if not reported. */
  appliedEdits: AppliedEdit[] | null
  retries: number
  betas: string[]
  status: "streaming" | "complete" | "error"
  error: ApiErrorBody | null
}

/** The snapshot before any line arrived. */
export function emptySnapshot(): StreamSnapshot {
  return {
    model: null,
    messageId: null,
    diagnostics: undefined,
    blocks: [],
    stopReason: null,
    inputTokens: null,
    outputTokens: null,
    cacheReadTokens: null,
    cacheWriteTokens: null,
    appliedEdits: null,
    retries: 0,
    betas: [],
    status: "streaming",
    error: null,
  }
}

function startBlock(
  block: Extract<
    BetaRawMessageStreamEvent,
    { type: "content_block_start" }
  >["content_block"]
): StreamBlock {
  switch (block.type) {
    case "thinking":
      return { kind: "thinking", text: block.thinking, signed: false }
    case "redacted_thinking":
      return { kind: "redacted_thinking" }
    case "text":
      return { kind: "text", text: block.text }
    case "tool_use":
      return {
        kind: "tool_use",
        id: block.id,
        name: block.name,
        inputJson: "",
        input: undefined,
        done: false,
      }
    case "compaction":
      return { kind: "compaction", text: block.content ?? "" }
    default:
      return { kind: "other", type: block.type }
  }
}

function applyDelta(
  block: StreamBlock,
  delta: Extract<
    BetaRawMessageStreamEvent,
    { type: "content_block_delta" }
  >["delta"]
): StreamBlock {
  if (block.kind === "thinking" && delta.type === "thinking_delta") {
    return { ...block, text: block.text + delta.thinking }
  }
  if (block.kind === "thinking" && delta.type === "signature_delta") {
    return { ...block, signed: true }
  }
  if (block.kind === "text" && delta.type === "text_delta") {
    return { ...block, text: block.text + delta.text }
  }
  if (block.kind === "tool_use" && delta.type === "input_json_delta") {
    return { ...block, inputJson: block.inputJson + delta.partial_json }
  }
  if (block.kind === "compaction" && delta.type === "compaction_delta") {
    return { ...block, text: block.text + (delta.content ?? "") }
  }
  return block
}

function finishBlock(block: StreamBlock): StreamBlock {
  if (block.kind !== "tool_use") return block
  let input: unknown = {}
  if (block.inputJson.trim() !== "") {
    try {
      input = JSON.parse(block.inputJson)
    } catch {
      input = undefined
    }
  }
  return { ...block, input, done: true }
}

function withBlock(
  s: StreamSnapshot,
  index: number,
  update: (b: StreamBlock | undefined) => StreamBlock | undefined
): StreamSnapshot {
  const next = update(s.blocks[index])
  if (next === undefined) return s
  const blocks = s.blocks.slice()
  blocks[index] = next
  return { ...s, blocks }
}

/** The diagnostics an event carries (the message at its start, or a later event), else what came before. */
function diagnosticsOf(
  holder: object,
  before: StreamSnapshot["diagnostics"]
): StreamSnapshot["diagnostics"] {
  if (!("diagnostics" in holder)) return before
  const d = (holder as { diagnostics?: BetaDiagnostics | null }).diagnostics
  // A pending comparison (null reason) does not hide a reason already seen.
  if (d === undefined || (d?.cache_miss_reason == null && before)) return before
  return d
}

function applyEvent(
  s: StreamSnapshot,
  event: BetaRawMessageStreamEvent
): StreamSnapshot {
  switch (event.type) {
    case "message_start":
      return {
        ...s,
        model: event.message.model,
        messageId: event.message.id,
        diagnostics: diagnosticsOf(event.message, s.diagnostics),
        inputTokens: event.message.usage.input_tokens,
        outputTokens: event.message.usage.output_tokens,
        cacheReadTokens: event.message.usage.cache_read_input_tokens ?? null,
        cacheWriteTokens:
          event.message.usage.cache_creation_input_tokens ?? null,
      }
    case "content_block_start":
      return withBlock(s, event.index, () => startBlock(event.content_block))
    case "content_block_delta":
      return withBlock(s, event.index, (b) => b && applyDelta(b, event.delta))
    case "content_block_stop":
      return withBlock(s, event.index, (b) => b && finishBlock(b))
    case "message_delta":
      return {
        ...s,
        stopReason: event.delta.stop_reason ?? s.stopReason,
        inputTokens: event.usage.input_tokens ?? s.inputTokens,
        outputTokens: event.usage.output_tokens,
        cacheReadTokens:
          event.usage.cache_read_input_tokens ?? s.cacheReadTokens,
        cacheWriteTokens:
          event.usage.cache_creation_input_tokens ?? s.cacheWriteTokens,
        appliedEdits: event.context_management?.applied_edits ?? s.appliedEdits,
        diagnostics: diagnosticsOf(event, s.diagnostics),
      }
    default:
      return s
  }
}

/** Applies one stream line to a snapshot. */
export function applyStreamLine(
  s: StreamSnapshot,
  line: StreamLine
): StreamSnapshot {
  switch (line.kind) {
    case "meta":
      return { ...s, retries: line.retries, betas: line.betas }
    case "event":
      return applyEvent(s, line.event)
    case "error":
      return { ...s, status: "error", error: line.error }
    case "done":
      return { ...s, status: "complete" }
  }
}
