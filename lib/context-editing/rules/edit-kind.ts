/**
 * What an edit kind declares about itself apart from its behaviour: the
 * light half of a kind (its words, defaults, limits, beta, placement rules,
 * export and editor-schema pieces), read by the UI, the exports and the
 * editor without loading the engine. Each kind's `kind.ts` exports one;
 * `kinds.ts` lists them. The behaviour half is `edit-rule.ts`.
 */
import type { z } from "zod"

/** Enables `context_management` and its clear edits (docs/semantics.md#beta-headers). */
export const CONTEXT_MANAGEMENT_BETA = "context-management-2025-06-27"

/** `{type:"input_tokens", value}` (trigger / clear_at_least). */
export interface InputTokensValue {
  type: "input_tokens"
  value: number
}
/** `{type:"tool_uses", value}` (trigger / keep of clear_tool_uses). */
export interface ToolUsesValue {
  type: "tool_uses"
  value: number
}

/** zod, as the editor loads it, and its integer-field helper (lib/schema). */
export interface SchemaKit {
  z: typeof z
  count: (minimum: number, description: string) => z.ZodInt
}

/** Everything the repository knows about one edit kind, apart from its behaviour. */
export interface EditKind<E extends { type: string }> {
  /** Human label (card title, menus, the Explain tab). */
  label: string
  /** How prose names it ("clear_thinking", "compaction"). */
  short: string
  /** One sentence for the card: what the edit does. */
  blurb: string
  /** Short note for the "+ Add edit" menu. */
  menuNote: string
  /** Beta header that unlocks the kind (docs: context editing / compaction betas). */
  beta: string
  /** The fields the API accepts on this edit (any other is "extra"). */
  keys: readonly string[]
  /** Documented defaults (DOC S-CE / S-CMP). */
  defaults: Readonly<Record<string, unknown>>
  /** Validation minimums the API enforces (or, where its rule says so, that we infer). */
  limits: Readonly<Record<string, number>>
  /** A fresh edit object with the documented defaults, for "add rule" buttons. */
  fresh: () => E
  /** The model capability it needs (`ModelInfo.contextEditing` / `.compaction`). */
  needs: "contextEditing" | "compaction"
  /** The API rejects it unless thinking is enabled or adaptive. */
  needsThinking: boolean
  /** It must be the first strategy when strategies are combined (the API's rule). */
  goesFirst: boolean
  /** Sending it replaces the model's implicit thinking default (docs/semantics.md#implicit-thinking-default). */
  replacesThinkingDefault: boolean
  /** Block types in `messages` the API takes only with this kind in `edits` (and its beta). */
  blocks: readonly string[]
  /** What its `applied_edits` entry counts (`field`, one `unit`); null: it never adds an entry. */
  applied: { field: string; unit: string } | null
  /** A trace's verdict in the kind's words: [when it applied, when it did not]. */
  verdicts: readonly [string, string]
  /** The Compare view's row for the kind with its documented defaults. */
  compare: {
    id: string
    label: string
    description: (fmt: (n: number) => string) => string
    /** Its clause in the "all of them" row. */
    clause: (fmt: (n: number) => string) => string
  }
  /** LangChain's ContextEditingMiddleware: null, it has a counterpart (lib/export maps it); else the note the export prints. */
  langchain: string | null
  /** The edit's editor schema (lib/schema/request-schema.ts), built with the editor's zod. */
  editorSchema: (kit: SchemaKit) => z.ZodType
}
