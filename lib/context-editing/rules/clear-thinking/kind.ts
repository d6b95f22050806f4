/**
 * `clear_thinking_20251015`, the light half (docs/semantics.md#clear-thinking-fields):
 * its wire types, words, defaults and limits, and its export and
 * editor-schema pieces. The behaviour is rule.ts; registered in ../kinds.ts.
 */
import { CONTEXT_MANAGEMENT_BETA, type EditKind } from "../edit-kind"

const TYPE = "clear_thinking_20251015"

/** `keep` of `clear_thinking_20251015`. */
export type ThinkingKeep =
  { type: "thinking_turns"; value: number } | { type: "all" } | "all"

/** `clear_thinking_20251015` edit (docs/semantics.md#clear-thinking-fields). */
export interface ClearThinkingEdit {
  type: typeof TYPE
  keep?: ThinkingKeep | null
}

/** Its `applied_edits` entry, exactly as the API returns it. */
export interface ClearThinkingApplied {
  type: typeof TYPE
  cleared_thinking_turns: number
  cleared_input_tokens: number
}

/** clear_thinking; keep null = the model's default. */
export interface NClearThinking {
  type: typeof TYPE
  index: number
  keep: "all" | number | null
}

const limits = { thinkingTurnsMin: 1 }

export const clearThinkingKind = {
  label: "Clear thinking",
  short: "clear_thinking",
  blurb: "Removes thinking blocks from older assistant turns.",
  menuNote: "older turns' thinking removed (goes first)",
  beta: CONTEXT_MANAGEMENT_BETA,
  keys: ["type", "keep"],
  // The keep default is model-specific (`null` here; see ModelInfo.thinkingDefaultKeep).
  defaults: { keep: null },
  limits,
  // No documented default keep to copy: the form starts at one turn.
  fresh: (): ClearThinkingEdit => ({
    type: TYPE,
    keep: { type: "thinking_turns", value: 1 },
  }),
  needs: "contextEditing",
  needsThinking: true,
  // DOC (context editing, "Combining strategies").
  goesFirst: true,
  replacesThinkingDefault: true,
  blocks: [],
  applied: { field: "cleared_thinking_turns", unit: "thinking turn" },
  verdicts: ["applied", "not applied"],
  compare: {
    id: "thinking",
    label: "Clear thinking",
    description: () =>
      "Remove the thinking of earlier assistant turns (keep 1 turn, and the turn being generated counts).",
    clause: () => "clear thinking first",
  },
  langchain: `${TYPE} has no LangChain counterpart (the middleware only clears tool results).`,
  editorSchema: ({ z, count }) =>
    z
      .strictObject({
        type: z.literal(TYPE),
        keep: z
          .union([
            z.object({
              type: z.literal("thinking_turns"),
              value: count(
                limits.thinkingTurnsMin,
                "Turns whose thinking is kept"
              ),
            }),
            z.object({ type: z.literal("all") }),
            z.literal("all"),
          ])
          .optional()
          .describe(
            'Recent thinking turns to keep: {"type":"thinking_turns","value":N>0}, "all" or {"type":"all"}.'
          ),
      })
      .describe(
        "Removes thinking blocks from older assistant turns. Must come first in edits."
      ),
} as const satisfies EditKind<ClearThinkingEdit>
