/**
 * `clear_tool_uses_20250919`, the light half (docs/semantics.md#clear-tool-uses-fields):
 * its wire types, words, documented defaults and limits, and its export and
 * editor-schema pieces. The behaviour is rule.ts; registered in ../kinds.ts.
 */
import {
  CONTEXT_MANAGEMENT_BETA,
  type EditKind,
  type InputTokensValue,
  type ToolUsesValue,
} from "../edit-kind"

const TYPE = "clear_tool_uses_20250919"

/** `clear_tool_uses_20250919` edit (docs/semantics.md#clear-tool-uses-fields). */
export interface ClearToolUsesEdit {
  type: typeof TYPE
  trigger?: InputTokensValue | ToolUsesValue | null
  keep?: ToolUsesValue | null
  clear_at_least?: InputTokensValue | null
  exclude_tools?: string[] | null
  clear_tool_inputs?: boolean | string[] | null
}

/** Its `applied_edits` entry, exactly as the API returns it. */
export interface ClearToolUsesApplied {
  type: typeof TYPE
  cleared_tool_uses: number
  cleared_input_tokens: number
}

/** clear_tool_uses with defaults applied (what rule.ts runs). */
export interface NClearToolUses {
  type: typeof TYPE
  index: number
  trigger: { type: "input_tokens" | "tool_uses"; value: number }
  keep: number
  clearAtLeast: number | null
  exclude: string[]
  /** true = every cleared pair, list = only these tool names. */
  clearInputs: boolean | string[]
}

const defaults = {
  trigger: { type: "input_tokens", value: 100_000 },
  keep: { type: "tool_uses", value: 3 },
  clear_at_least: null,
  exclude_tools: null,
  clear_tool_inputs: false,
} as const

// Minimum 1 is an inference from the SDK's generated fixtures (docs/semantics.md#clear-tool-uses-fields).
const limits = { clearTriggerMin: 1, clearKeepMin: 0, clearAtLeastMin: 0 }

export const clearToolUsesKind = {
  label: "Clear tool uses",
  short: "clear_tool_uses",
  blurb:
    "Replaces old tool results with a placeholder once the prompt is large.",
  menuNote: "old tool results → placeholder",
  beta: CONTEXT_MANAGEMENT_BETA,
  keys: [
    "type",
    "trigger",
    "keep",
    "clear_at_least",
    "exclude_tools",
    "clear_tool_inputs",
  ],
  defaults,
  limits,
  // Fresh copies of the documented defaults (callers may edit them).
  fresh: (): ClearToolUsesEdit => ({
    type: TYPE,
    trigger: { ...defaults.trigger },
    keep: { ...defaults.keep },
  }),
  needs: "contextEditing",
  needsThinking: false,
  goesFirst: false,
  replacesThinkingDefault: false,
  blocks: [],
  applied: { field: "cleared_tool_uses", unit: "tool use" },
  verdicts: ["applied", "not applied"],
  compare: {
    id: "tools",
    label: "Clear tool results",
    description: (fmt) =>
      `Over ${fmt(defaults.trigger.value)} input tokens, replace the oldest tool results with a placeholder, never the last ${fmt(defaults.keep.value)}, until the prompt is back under it.`,
    clause: () => "clear tool results",
  },
  langchain: null,
  editorSchema: ({ z, count }) =>
    z
      .strictObject({
        type: z.literal(TYPE),
        trigger: z
          .object({
            type: z.enum(["input_tokens", "tool_uses"]),
            value: count(limits.clearTriggerMin, "Threshold"),
          })
          .default({ ...defaults.trigger })
          .describe("When clearing starts. Default: 100,000 input tokens."),
        keep: z
          .object({
            type: z.literal("tool_uses"),
            value: count(limits.clearKeepMin, "Tool uses to keep"),
          })
          .default({ ...defaults.keep })
          .describe("Most recent tool uses left intact. Default: 3."),
        clear_at_least: z
          .object({
            type: z.literal("input_tokens"),
            value: count(limits.clearAtLeastMin, "Minimum tokens to free"),
          })
          .nullable()
          .optional()
          .describe(
            "All-or-nothing gate: skip the edit unless it frees at least this many tokens."
          ),
        exclude_tools: z
          .array(z.string())
          .nullable()
          .optional()
          .describe("Tool names whose uses and results are never cleared."),
        clear_tool_inputs: z
          .union([z.boolean(), z.array(z.string())])
          .nullable()
          .default(defaults.clear_tool_inputs)
          .describe(
            "Also clear the inputs of cleared tool uses: true, or a list of tool names."
          ),
      })
      .describe(
        "Clears the oldest tool results (and optionally inputs) once the prompt exceeds the trigger."
      ),
} as const satisfies EditKind<ClearToolUsesEdit>
