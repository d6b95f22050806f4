/**
 * Configuration types of the engine: the model capability row, the
 * assumption switches and simulate's options. Re-exported by types.ts.
 */
import type { TokenEstimator, TokenizerFamily } from "@/lib/tokens"

/** Capability-table row for a model (spec §5). */
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
  /** Hidden tool-use system prompt: auto/none vs any/tool (spec §8.2). */
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
   * validator knows. The rule's wording and evidence are in model-rules.ts.
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
  /** Text that replaces a cleared tool result (§2.2.1). */
  placeholderText: string
  /** What a cleared tool_use input becomes (§2.2.1). */
  clearedInputShape: "empty_object" | "placeholder_string"
  /** clear_tool_uses trigger: fire on tokens > value or ≥ value (§2.1.4). */
  triggerComparison: "gt" | "gte"
  /** Compaction trigger: docs say "reach" → ≥ (§2.1.4). */
  compactionTriggerComparison: "gt" | "gte"
  /** Excluded tool uses take keep slots (§2.2). */
  excludedCountTowardKeep: boolean
  /** server_tool_use + *_tool_result pairs are clearable (§2.2). */
  clearServerToolResults: boolean
  /** mcp_tool_use + mcp_tool_result pairs are clearable (§2.2). */
  clearMcpToolResults: boolean
  /** is_error results are clearable (§2.2). */
  clearErrorResults: boolean
  /** The tool_uses trigger counts server and MCP tool uses too (§2.2). */
  toolUsesTriggerCountsServerTools: boolean
  /** redacted_thinking is removed with thinking and marks a thinking turn (§2.3 (b)). */
  redactedThinkingCountsAsThinking: boolean
  /** Earlier turns without thinking take keep slots (§2.3 (a)). */
  turnsWithoutThinkingHoldKeepSlot: boolean
  /** The turn being generated / in progress holds one kept slot (§2.3, inferred from OBS). */
  currentTurnHoldsKeepSlot: boolean
  /** Implicit thinking default with no clear_thinking edit (§2.3). */
  implicitThinkingDefault: "per_model" | "keep_all" | "last_turn"
  /** clear_thinking must be the first edit (§1.4). */
  requireThinkingFirst: boolean
  /** `edits: []` is a no-op (false: rejected like an empty list) (§1.1). */
  emptyEditsNoop: boolean
  /** compact_20260112 may be combined with the clear edits (§1.5). */
  allowCompactionWithClearEdits: boolean
  /** Clear edits on a model without context editing are a 400 (false: a warning) (§4). */
  rejectUnsupportedModelEdits: boolean
  /** With the memory tool, mark the automatic warning above this share of the clearing trigger (§7). */
  memoryWarningAt: "off" | "0.8" | "0.9" | "0.95"
  /** Thinking at the end of a request breaks the API's rules: a 400 (false: a warning) (§4). */
  rejectThinkingContinuation: boolean
  /** The same strategy twice in `edits` is a 400 (false: each copy runs on the previous one's result) (§4). */
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
