/**
 * The assumption switches (spec: every ASSUMPTION that changes an outcome is
 * a named toggle with the spec's default). `evidence` tells the UI how sure
 * we are: documented (docs), observed (real API output), assumed (ours).
 */
import type { AssumptionSpec, Assumptions } from "../types"

/** Every switch with its default, label, evidence and spec reference. */
export const ASSUMPTION_SPECS: readonly AssumptionSpec[] = [
  {
    key: "placeholderText",
    label: "Placeholder text",
    description:
      "Text that replaces a cleared tool result (the server's text is unpublished).",
    evidence: "assumed",
    specRef: "§2.2.1",
    default: "[cleared]",
  },
  {
    key: "clearedInputShape",
    label: "Cleared input shape",
    description: "What a cleared tool_use input becomes.",
    evidence: "assumed",
    specRef: "§2.2.1",
    default: "empty_object",
    options: [
      { value: "empty_object", label: "{} (empty object)" },
      {
        value: "placeholder_string",
        label: 'the placeholder text ({"cleared": "[cleared]"})',
      },
    ],
  },
  {
    key: "triggerComparison",
    label: "Clearing trigger comparison",
    description:
      "clear_tool_uses fires when the count exceeds (>) or reaches (≥) the trigger.",
    evidence: "assumed",
    specRef: "§2.1.4",
    default: "gt",
    options: [
      { value: "gt", label: "> (exceeds)" },
      { value: "gte", label: "≥ (reaches)" },
    ],
  },
  {
    key: "compactionTriggerComparison",
    label: "Compaction trigger comparison",
    description:
      "Compaction fires when input tokens reach (≥) or exceed (>) the trigger.",
    evidence: "assumed",
    specRef: "§2.1.4",
    default: "gte",
    options: [
      { value: "gte", label: "≥ (reaches)" },
      { value: "gt", label: "> (exceeds)" },
    ],
  },
  {
    key: "excludedCountTowardKeep",
    label: "Excluded tools use keep slots",
    description:
      "Tool uses in exclude_tools count toward the `keep` most recent.",
    evidence: "assumed",
    specRef: "§2.2",
    default: false,
  },
  {
    key: "clearDownToTrigger",
    label: "Clearing stops below the trigger",
    description:
      "Past an input_tokens trigger, clear_tool_uses clears the oldest results only until the prompt no longer exceeds the trigger (and clear_at_least is met), never more than all but `keep`. Off: every result but the `keep` most recent, the docs' literal reading. The cookbook's recorded runs fit on (and off only with small results up to 54 characters).",
    evidence: "observed",
    specRef: "§6.2",
    default: true,
  },
  {
    key: "smallResultChars",
    label: "Small results are skipped",
    description:
      "A tool result of at most this many characters is never cleared and takes no `keep` slot (clearing it would free about nothing). The cookbook's recorded runs put the limit between 36 and 55 characters.",
    evidence: "observed",
    specRef: "§6.2",
    default: "44",
    options: [
      { value: "0", label: "off: every result counts (docs' literal reading)" },
      {
        value: "44",
        label: "up to 44 characters (middle of what the runs allow)",
      },
      {
        value: "54",
        label: "up to 54 characters (fits clearing all but keep too)",
      },
    ],
  },
  {
    key: "clearServerToolResults",
    label: "Clear server tool results",
    description:
      "server_tool_use + *_tool_result pairs (web search, code execution…) are clearable.",
    evidence: "assumed",
    specRef: "§2.2",
    default: true,
  },
  {
    key: "clearMcpToolResults",
    label: "Clear MCP tool results",
    description: "mcp_tool_use + mcp_tool_result pairs are clearable.",
    evidence: "assumed",
    specRef: "§2.2",
    default: true,
  },
  {
    key: "clearErrorResults",
    label: "Clear error results",
    description: "Tool results with is_error: true are cleared like any other.",
    evidence: "assumed",
    specRef: "§2.2",
    default: true,
  },
  {
    key: "toolUsesTriggerCountsServerTools",
    label: "tool_uses trigger counts server tools",
    description:
      "The tool_uses trigger counts server and MCP tool uses, not only client tools.",
    evidence: "assumed",
    specRef: "§2.2",
    default: true,
  },
  {
    key: "redactedThinkingCountsAsThinking",
    label: "redacted_thinking is thinking",
    description:
      "redacted_thinking blocks are removed with thinking and make a turn a thinking turn.",
    evidence: "assumed",
    specRef: "§2.3 (b)",
    default: true,
  },
  {
    key: "turnsWithoutThinkingHoldKeepSlot",
    label: "Turns without thinking use keep slots",
    description:
      "Earlier assistant turns without thinking count toward clear_thinking's keep.",
    evidence: "assumed",
    specRef: "§2.3 (a)",
    default: false,
  },
  {
    key: "currentTurnHoldsKeepSlot",
    label: "Current turn holds a keep slot",
    description:
      "The turn being generated (or the tool loop in progress) is one of the kept thinking turns.",
    evidence: "observed",
    specRef: "§2.3",
    default: true,
  },
  {
    key: "implicitThinkingDefault",
    label: "Implicit thinking default",
    description:
      "Which earlier thinking survives when thinking is on and no clear_thinking edit is sent.",
    evidence: "documented",
    specRef: "§2.3",
    default: "per_model",
    options: [
      { value: "per_model", label: "Per model (docs table)" },
      { value: "keep_all", label: "Keep all prior thinking" },
      { value: "last_turn", label: "Keep only the last turn's" },
    ],
  },
  {
    key: "requireThinkingFirst",
    label: "clear_thinking must be first",
    description:
      "Reject requests where clear_thinking_20251015 is not the first edit.",
    evidence: "documented",
    specRef: "§1.4",
    default: true,
  },
  {
    key: "emptyEditsNoop",
    label: "Empty edits are a no-op",
    description:
      "`edits: []` is accepted and does nothing (off: rejected as an empty list).",
    evidence: "assumed",
    specRef: "§1.1",
    default: true,
  },
  {
    key: "allowCompactionWithClearEdits",
    label: "Compaction combines with clearing",
    description:
      "compact_20260112 may appear in the same edits array as the clear strategies.",
    evidence: "assumed",
    specRef: "§1.5",
    default: true,
  },
  {
    key: "rejectUnsupportedModelEdits",
    label: "Reject unsupported models",
    description:
      "Clear edits on a listed model without context editing are a 400, as the spec assumes (off: only a warning; an unknown id always gets only the warning).",
    evidence: "assumed",
    specRef: "§4",
    default: true,
  },
  {
    key: "memoryWarningAt",
    label: "Memory warning marker",
    description:
      "With the memory tool declared, Claude gets an automatic warning before tool results are cleared; marked above this share of the trigger (text and timing undocumented).",
    evidence: "assumed",
    specRef: "§7",
    default: "0.9",
    options: [
      { value: "off", label: "off" },
      { value: "0.8", label: "over 80 % of the trigger" },
      { value: "0.9", label: "over 90 % of the trigger" },
      { value: "0.95", label: "over 95 % of the trigger" },
    ],
  },
  {
    key: "rejectThinkingContinuation",
    label: "Reject thinking continuation errors",
    description:
      "Thinking on and a tool loop whose assistant message does not start with thinking (or thinking off and a final assistant message with thinking) is a 400, as the API answers (off: a warning).",
    evidence: "observed",
    specRef: "§4",
    default: true,
  },
  {
    key: "rejectDuplicateStrategies",
    label: "Reject duplicate strategies",
    description:
      "The same strategy type twice in context_management.edits is a 400, as a live test observed (off: each copy runs on the previous one's result).",
    evidence: "observed",
    specRef: "§4",
    default: true,
  },
  {
    key: "rejectRetiredModels",
    label: "Reject retired models",
    description:
      'A request to a retired model id gets the API\'s 404 (`not_found_error`, "model: <id>"). Off: a warning, so a recorded session of a retired model can still be simulated.',
    evidence: "observed",
    specRef: "§5",
    default: false,
  },
  {
    key: "rejectUnlistedThinkingTypes",
    label: "Reject manual thinking on adaptive models",
    description:
      'thinking.type "enabled" on Opus 4.7 and later, Sonnet 5, Fable and Opus 5.x ("disabled" on always-on models) is a 400, as live errors show for Opus 4.7, 4.8 and Sonnet 5 (off: a warning). Sonnet 5.5 and Haiku 5.5 are always checked: their docs name their thinking types.',
    evidence: "observed",
    specRef: "§5",
    default: false,
  },
]

/** The spec's defaults for every switch. */
export const DEFAULT_ASSUMPTIONS: Readonly<Assumptions> = Object.freeze(
  Object.fromEntries(
    ASSUMPTION_SPECS.map((s) => [s.key, s.default])
  ) as unknown as Assumptions
)

/** Merges overrides onto the defaults, ignoring values of the wrong kind. */
export function resolveAssumptions(overrides: unknown): Assumptions {
  const out = { ...DEFAULT_ASSUMPTIONS } as Record<string, unknown>
  if (typeof overrides !== "object" || overrides === null)
    return out as unknown as Assumptions
  for (const spec of ASSUMPTION_SPECS) {
    const v = (overrides as Record<string, unknown>)[spec.key]
    if (v === undefined || typeof v !== typeof spec.default) continue
    if (spec.options && !spec.options.some((o) => o.value === v)) continue
    out[spec.key] = v
  }
  return out as unknown as Assumptions
}
