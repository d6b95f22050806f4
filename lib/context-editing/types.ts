/**
 * Public types of the context-editing simulation engine. Field names that
 * mirror the Anthropic API stay snake_case; engine-only fields are camelCase.
 * Every token number is an estimate (the UI prints "≈").
 */
import type { HiddenPart } from "@/lib/tokens"
import type {
  AppliedEdit,
  ContextManagementEdit,
  EditType,
} from "./rules/kinds"
import type { Assumptions, ModelInfo } from "./types-config"

export type * from "./types-config"
// The edit kinds' wire types (each in its rules/<kind>/kind.ts), gathered by the registry.
export type {
  AppliedEdit,
  ClearThinkingEdit,
  ClearToolUsesEdit,
  CompactEdit,
  ContextManagementEdit,
  EditType,
  InputTokensValue,
  ThinkingKeep,
  ToolUsesValue,
} from "./rules/kinds"

/** JSON path into the pasted document, e.g. ["context_management","edits",0]. */
export type JsonPath = (string | number)[]

/** The request's `context_management` parameter. */
export interface ContextManagementConfig {
  edits?: ContextManagementEdit[] | null
}

/** The response's `context_management` field. */
export interface ContextManagementResponse {
  applied_edits: AppliedEdit[]
}

/**
 * What happened to one content block of the original request:
 * - kept: untouched, nothing applied to it
 * - kept_recent: a candidate protected by `keep`
 * - excluded: its tool is in `exclude_tools`
 * - cleared: tool result content replaced by the placeholder
 * - input_cleared: tool_use input cleared
 * - removed: thinking / redacted_thinking removed
 * - ignored: before a replayed compaction block; the server skips it
 * - not_applied: would have been cleared but the edit was skipped
 */
export type BlockStatus =
  | "kept"
  | "kept_recent"
  | "excluded"
  | "cleared"
  | "input_cleared"
  | "removed"
  | "ignored"
  | "not_applied"

/** Who sent a message: the API's two roles, or a mid-conversation system message. */
export type MessageRole = "user" | "assistant" | "system"

/** Per-block outcome; one per content block of the ORIGINAL messages, in order. */
export interface BlockOutcome {
  messageIndex: number
  /** 0 for string message content (treated as one text block). */
  blockIndex: number
  role: MessageRole
  /** The block's `type` ("text" for string content). */
  type: string
  status: BlockStatus
  /** Index in `context_management.edits` of the edit that decided the status. */
  editIndex: number | null
  /** That edit's type; null when no edit decided it (incl. implicit thinking default). */
  editType: EditType | null
  tokensBefore: number
  /** 0 when removed or ignored. */
  tokensAfter: number
  /** One readable sentence, with numbers. */
  reason: string
  /** id of the tool use (on tool_use-like and tool_result-like blocks). */
  toolUseId?: string
  /** Tool name (on both blocks of a tool pair). */
  toolName?: string
  /** The text that replaced a cleared result. */
  placeholder?: string
  /** Index into `SimulateSuccess.turns` (absent for ignored blocks). */
  turnIndex?: number
}

/** Machine-readable warning codes (suspicious but allowed inputs). */
export type WarningCode =
  | "messages_array_input"
  | "model_missing"
  | "unknown_model"
  | "retired_model"
  | "context_editing_unsupported"
  | "compaction_support_unknown"
  | "exclude_tools_unknown"
  | "clear_tool_inputs_unknown"
  | "keep_covers_all"
  | "memory_not_excluded"
  | "memory_warning_expected"
  | "implicit_thinking_default"
  | "thinking_blocks_without_thinking"
  | "thinking_signature_missing"
  | "thinking_continuation"
  | "duplicate_edit_type"
  | "empty_edits"
  | "context_window_exceeded"
  | "system_message_unsupported"
  | "edit_after_compaction"
  | "unknown_block_type"
  | "thinking_type_unsupported"
  | "hidden_tokens_estimated"

/** A suspicious but allowed thing in the request. */
export interface SimulateWarning {
  code: WarningCode
  message: string
  path?: JsonPath
}

/** One step of an edit's decision, in plain language ("≈" marks estimates). */
export interface TraceStep {
  /** Stable id, e.g. "trigger", "candidates", "exclude", "keep", "gate", "result". */
  id: string
  text: string
  /** "stop" = the edit ended here; the text says what would change it. */
  outcome: "pass" | "stop" | "info"
}

/** The server's decision for one edit of `context_management.edits`. */
export interface EditTrace {
  index: number
  type: EditType
  /** clear edits: produced an applied_edits entry; compaction: fires. */
  applied: boolean
  /** The applied_edits entry, or null (always null for compaction). */
  entry: AppliedEdit | null
  /** Total input tokens when this edit ran / after it. */
  tokensBefore: number
  tokensAfter: number
  steps: TraceStep[]
  /** id of the step with outcome "stop", or null. */
  stoppedAt: string | null
  /**
   * clear_tool_uses that reached its clear_at_least gate: the tokens
   * clearing frees, or would have freed when the gate skipped it (what the
   * gate compares with). Absent otherwise.
   */
  frees?: number
  /**
   * The most clearing could free here (every result outside keep): above
   * it, clear_at_least skips the edit. Equal to `frees` unless clearing
   * stopped once the prompt was back under the trigger.
   */
  mostFrees?: number
}

/** Token totals by what they are; the fields sum to the total. */
export interface TokenCategories {
  system: number
  tools: number
  text: number
  tool_inputs: number
  tool_results: number
  thinking: number
  /** Images and documents outside tool results. */
  images: number
  compaction: number
  /** Message framing and the hidden tool-use system prompt. */
  overhead: number
  /**
   * What the server adds for server tools, thinking, structured outputs and
   * MCP servers (the parts are SimulateSuccess.hiddenTokens).
   */
  hidden: number
}

/** Info about the model's implicit thinking default (docs/semantics.md#implicit-thinking-default). */
export interface ImplicitThinkingInfo {
  /** "all" = keep all prior thinking; 1 = only the last turn's. */
  keep: "all" | 1
  /** Where `keep` came from: the model table or the assumption switch. */
  source: "model" | "assumption"
  /** Whether it removed anything (never an applied_edits entry). */
  applied: boolean
  clearedThinkingTurns: number
  clearedInputTokens: number
  message: string
}

/** Compaction prediction for a `compact_20260112` edit or replayed block. */
export interface CompactionInfo {
  /** Index of the compact edit, or null (replayed block without the edit is an error, so rare). */
  editIndex: number | null
  /** Whether the server would compact before replying. */
  fires: boolean
  /** Asked for by a request-level `compaction: {type: "summarize"}` (docs/semantics.md#on-demand-compaction), not by an edit. */
  onDemand: boolean
  trigger: number
  /** Input tokens the trigger was compared with. */
  tokensAtCheck: number
  pauseAfterCompaction: boolean
  /** "compaction" when it fires with pause_after_compaction, else null (normal stop). */
  predictedStopReason: "compaction" | null
  /** Last replayed compaction block; everything before it is ignored. */
  replayedAt: { messageIndex: number; blockIndex: number } | null
  ignoredBlocks: number
  ignoredTokens: number
  instructions: string | null
}

/** One conversation turn (docs/semantics.md#thinking-turns). */
export interface TurnInfo {
  index: number
  /** assistant turns include tool_result-only user messages (tool loop). */
  role: "human" | "assistant"
  messageIndices: number[]
  /** Has at least one thinking (or, per switch, redacted_thinking) block. */
  hasThinking: boolean
  /** The in-progress assistant turn (request ends in a tool loop / prefill). */
  current: boolean
}

/** A successful simulation. */
export interface SimulateSuccess {
  ok: true
  /** The request as the model sees it after the edits (structurally shared, input untouched). */
  request: Record<string, unknown>
  /** Exactly the API's response field: null without context_management. */
  context_management: ContextManagementResponse | null
  /** count_tokens' original_input_tokens: after compaction replay and the implicit thinking default, before edits. */
  original_input_tokens: number
  /** count_tokens' input_tokens: after all edits. */
  input_tokens: number
  blocks: BlockOutcome[]
  warnings: SimulateWarning[]
  /** One trace per edit, in `context_management.edits` order. */
  edits: EditTrace[]
  /** null when the implicit thinking default does not apply (thinking off, or a clear_thinking edit is sent). */
  implicitThinking: ImplicitThinkingInfo | null
  categories: { before: TokenCategories; after: TokenCategories }
  /** The parts of categories' `hidden`, each with its evidence (never cleared by edits). */
  hiddenTokens: HiddenPart[]
  /** Tokens of one message's framing (part of categories' overhead), for prefix sums. */
  messageFraming: number
  contextWindow: number | null
  model: ModelInfo | null
  compaction: CompactionInfo | null
  turns: TurnInfo[]
  /** Beta headers the request needs (see betaHeadersFor). */
  betas: string[]
  /** The switches actually used (defaults merged with options). */
  assumptions: Assumptions
}

/** The API-shaped error for an invalid request. */
export interface SimulateError {
  /** `not_found_error` only for a retired model id (the API's 404). */
  type: "invalid_request_error" | "not_found_error"
  message: string
  path: JsonPath
  /** The API's error code, where it gives one (e.g. `compaction_block_misplaced`). */
  code?: string
}

/** A request the API would reject with 400. */
export interface SimulateFailure {
  ok: false
  error: SimulateError
}

/** Result of `simulate`. */
export type SimulateResult = SimulateSuccess | SimulateFailure
