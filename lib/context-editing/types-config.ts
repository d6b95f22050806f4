/**
 * Configuration types of the engine: the model capability row, the
 * assumption switches and simulate's options. Re-exported by types.ts.
 */
import type { TokenEstimator, TokenizerFamily } from "@/lib/tokens"

/** Capability-table row for a model (docs/semantics.md#models). */
export interface ModelInfo {
  id: string
  displayName: string
  aliases: string[]
  /** clear_tool_uses / clear_thinking supported. */
  contextEditing: boolean
  /** compact_20260112 supported. */
  compaction: boolean
  onDemandCompaction: boolean
  /**
   * Accepts `role: "system"` messages inside `messages` (mid-conversation
   * system messages: Opus 4.8 and later, not Sonnet 5).
   */
  systemMessages: boolean
  /** Implicit thinking default when no clear_thinking edit is sent. */
  thinkingDefaultKeep: "all" | 1
  tokenizer: TokenizerFamily
  contextWindow: number
  retired: boolean
  /** Hidden tool-use system prompt: auto/none vs any/tool (docs/semantics.md#hidden-overheads). */
  toolPromptTokens: { auto: number; any: number }
  /**
   * The docs give `toolPromptTokens` for this model (Claude 3 to 4.x): they
   * are exact. Otherwise (Claude 5 and later, unknown ids) they are the 4.x
   * numbers scaled by the model's tokenizer family: an estimate.
   */
  toolPromptDocumented: boolean
  /** false when `getModelInfo` fell back for an unknown id. */
  known: boolean
  /** Retirement date on the Claude API (ISO), past or announced. */
  retiresOn?: string
  /**
   * `thinking.type` values this model accepts; absent: every type the
   * validator knows. The rule's wording and evidence are in request/model-rules.ts.
   */
  thinkingTypes?: readonly string[]
  /**
   * The docs name this model's thinking types (Sonnet 5.5, Haiku 5.5): any
   * other type is a 400. Otherwise a type outside `thinkingTypes` is a 400
   * only with the `rejectUnlistedThinkingTypes` switch (else a warning).
   */
  thinkingTypesDocumented?: boolean
  /** false: `tool_choice` `any` / `tool` (forced tool use) is rejected. */
  forcedToolUse?: boolean
  /**
   * false: a request that ends with an assistant message (a prefill) is
   * rejected (Claude 4.6 and every later model; request/model-rules.ts).
   */
  prefill?: boolean
  /** Where the row's facts come from: label (DOC / OBS / SDK / 3P / INFERRED) and URL. */
  evidence?: readonly ModelEvidence[]
  /** Evidence notes (e.g. inferred capabilities). */
  notes?: string
}

/** One source behind a model row or rule. */
export interface ModelEvidence {
  label: "DOC" | "OBS" | "SDK" | "3P" | "INFERRED"
  url: string
  /** What the source says, in our words. */
  fact: string
}

/** Every ASSUMPTION of the spec that changes an outcome, as a switch. */
export interface Assumptions {
  /** Text that replaces a cleared tool result (docs/semantics.md#placeholder). */
  placeholderText: string
  /** What a cleared tool_use input becomes (docs/semantics.md#placeholder). */
  clearedInputShape: "empty_object" | "placeholder_string"
  /** clear_tool_uses trigger: fire on tokens > value or ≥ value (docs/semantics.md#trigger-comparison). */
  triggerComparison: "gt" | "gte"
  /** Compaction trigger: docs say "reach" → ≥ (docs/semantics.md#trigger-comparison). */
  compactionTriggerComparison: "gt" | "gte"
  /** Excluded tool uses take keep slots (docs/semantics.md#exclude-tools). */
  excludedCountTowardKeep: boolean
  /** clear_tool_uses clears oldest-first only until the prompt no longer passes the trigger (docs/semantics.md#clear-down-to-trigger). */
  clearDownToTrigger: boolean
  /** Results of at most this many characters are never cleared and take no keep slot; "0": every result counts (docs/semantics.md#small-results). */
  smallResultChars: "0" | "44" | "54"
  /** server_tool_use + *_tool_result pairs are clearable (docs/semantics.md#server-and-mcp-tools). */
  clearServerToolResults: boolean
  /** mcp_tool_use + mcp_tool_result pairs are clearable (docs/semantics.md#server-and-mcp-tools). */
  clearMcpToolResults: boolean
  /** is_error results are clearable (docs/semantics.md#error-results). */
  clearErrorResults: boolean
  /** The tool_uses trigger counts server and MCP tool uses too (docs/semantics.md#clear-tool-uses-trigger). */
  toolUsesTriggerCountsServerTools: boolean
  /** redacted_thinking is removed with thinking and marks a thinking turn (docs/semantics.md#redacted-thinking). */
  redactedThinkingCountsAsThinking: boolean
  /** Earlier turns without thinking take keep slots (docs/semantics.md#turns-without-thinking). */
  turnsWithoutThinkingHoldKeepSlot: boolean
  /** The turn being generated / in progress holds one kept slot (docs/semantics.md#thinking-keep, inferred from OBS). */
  currentTurnHoldsKeepSlot: boolean
  /** Implicit thinking default with no clear_thinking edit (docs/semantics.md#implicit-thinking-default). */
  implicitThinkingDefault: "per_model" | "keep_all" | "last_turn"
  /** clear_thinking must be the first edit (docs/semantics.md#clear-thinking-fields). */
  requireThinkingFirst: boolean
  /** `edits: []` is a no-op (false: rejected like an empty list) (docs/semantics.md#context-management-field). */
  emptyEditsNoop: boolean
  /** compact_20260112 may be combined with the clear edits (docs/semantics.md#compact-fields). */
  allowCompactionWithClearEdits: boolean
  /** Clear edits on a model without context editing are a 400 (false: a warning) (docs/semantics.md#models). */
  rejectUnsupportedModelEdits: boolean
  /** With the memory tool, mark the automatic warning above this share of the clearing trigger (docs/semantics.md#memory-warning). */
  memoryWarningAt: "off" | "0.8" | "0.9" | "0.95"
  /** Thinking at the end of a request breaks the API's rules: a 400 (false: a warning) (docs/semantics.md#errors). */
  rejectThinkingContinuation: boolean
  /** The same strategy twice in `edits` is a 400 (false: each copy runs on the previous one's result) (docs/semantics.md#errors). */
  rejectDuplicateStrategies: boolean
  /** A retired model id is the API's 404 (false: a warning, so recorded sessions stay simulable). */
  rejectRetiredModels: boolean
  /** A thinking type outside a model's observed or inferred list is a 400 (false: a warning). */
  rejectUnlistedThinkingTypes: boolean
}

/** Describes one assumption switch for the UI. */
export interface AssumptionSpec<
  K extends keyof Assumptions = keyof Assumptions,
> {
  key: K
  label: string
  /** One line the UI shows. */
  description: string
  evidence: "assumed" | "documented" | "observed"
  specRef: string
  default: Assumptions[K]
  /** Choices for non-boolean, non-free-text switches. */
  options?: Array<{ value: Assumptions[K]; label: string }>
}

/** Options of `simulate`. */
export interface SimulateOptions {
  /** Overrides of the assumption switches (defaults: DEFAULT_ASSUMPTIONS). */
  assumptions?: Partial<Assumptions>
  /** Token estimator (default: the cached chars-per-token heuristic). */
  estimator?: TokenEstimator
  /**
   * Multiplicative factors learnt from real count_tokens answers, keyed by
   * model id (as sent or canonical) or tokenizer family ("legacy" / "next").
   */
  calibration?: Record<string, number>
}
