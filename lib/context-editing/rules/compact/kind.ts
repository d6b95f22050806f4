/**
 * `compact_20260112`, the light half (docs/semantics.md#compact-fields): its
 * wire types, words, documented defaults and limits, and its export and
 * editor-schema pieces. The behaviour is rule.ts; registered in ../kinds.ts.
 */
import type { EditKind, InputTokensValue } from "../edit-kind"

const TYPE = "compact_20260112"

/** `compact_20260112` edit (docs/semantics.md#compact-fields). */
export interface CompactEdit {
  type: typeof TYPE
  trigger?: InputTokensValue | null
  pause_after_compaction?: boolean | null
  instructions?: string | null
}

/** compact with defaults applied. */
export interface NCompact {
  type: typeof TYPE
  index: number
  trigger: number
  pause: boolean
  instructions: string | null
}

const defaults = {
  trigger: { type: "input_tokens", value: 150_000 },
  pause_after_compaction: false,
  instructions: null,
} as const

const limits = { compactionTriggerMin: 50_000 }

export const compactKind = {
  label: "Compaction",
  short: "compaction",
  blurb: "Summarises the conversation when it reaches the trigger.",
  menuNote: "summarise at a trigger (≥ 50k)",
  beta: "compact-2026-01-12",
  keys: ["type", "trigger", "pause_after_compaction", "instructions"],
  defaults,
  limits,
  fresh: (): CompactEdit => ({
    type: TYPE,
    trigger: { ...defaults.trigger },
  }),
  needs: "compaction",
  needsThinking: false,
  goesFirst: false,
  replacesThinkingDefault: false,
  // DOC: replayed compaction blocks need the edit (docs/semantics.md#errors).
  blocks: ["compaction"],
  // Compaction never adds an applied_edits entry (docs/semantics.md#applied-edits).
  applied: null,
  verdicts: ["fires", "does not fire"],
  compare: {
    id: "compact",
    label: "Compaction",
    description: (fmt) =>
      `At ${fmt(defaults.trigger.value)} input tokens, summarise the conversation and continue from the summary.`,
    clause: (fmt) =>
      `compact when the prompt still reaches ${fmt(defaults.trigger.value)}`,
  },
  langchain: `${TYPE} has no counterpart in this middleware (LangChain's SummarizationMiddleware summarises on the client instead).`,
  editorSchema: ({ z, count }) =>
    z
      .strictObject({
        type: z.literal(TYPE),
        trigger: z
          .object({
            type: z.literal("input_tokens"),
            value: count(limits.compactionTriggerMin, "At least 50,000"),
          })
          .nullable()
          .default({ ...defaults.trigger }),
        pause_after_compaction: z
          .boolean()
          .default(defaults.pause_after_compaction),
        instructions: z
          .string()
          .nullable()
          .optional()
          .describe("Replaces the default summary prompt entirely."),
      })
      .describe(
        "Server-side compaction: summarises the conversation once the prompt reaches the trigger."
      ),
} as const satisfies EditKind<CompactEdit>
