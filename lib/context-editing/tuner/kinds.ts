/**
 * The tuner's part of each edit kind: a candidate configuration
 * (`TuneConfig`, one dimension per kind the tuner searches), how each kind
 * turns its dimension into an edit and a label, and `null` for a kind the
 * tuner does not search. The table is typed over every registered kind, so
 * a new kind does not compile until it says which it is.
 */
import { SEND_ORDER } from "../rules/catalogue"
import type { EditOf, EditType } from "../rules/kinds"

/** A candidate configuration (undefined parts: that edit is absent). */
export interface TuneConfig {
  thinking?: "all" | number
  tool?: {
    trigger: { type: "input_tokens" | "tool_uses"; value: number }
    keep: number
    clearAtLeast: number | null
    exclude: string[]
    inputs: boolean
  }
  compact?: number
}

/** How the tuner searches one kind: its dimension of a config as an edit, and as words. */
export interface TunedKind<T extends EditType> {
  /** The edit for the config's value of this dimension (null: absent). */
  edit: (c: TuneConfig) => EditOf<T> | null
  label: (c: TuneConfig) => string | null
}

const fmtK = (n: number) =>
  n >= 1000 ? `${Math.round(n / 1000).toLocaleString("en-US")}k` : String(n)

/** clear_tool_uses: trigger type and value, keep, clear_at_least, exclusions, inputs. */
const TOOLS: TunedKind<"clear_tool_uses_20250919"> = {
  edit({ tool: t }) {
    if (!t) return null
    const e: EditOf<"clear_tool_uses_20250919"> = {
      type: "clear_tool_uses_20250919",
      trigger: { ...t.trigger },
      keep: { type: "tool_uses", value: t.keep },
    }
    if (t.clearAtLeast !== null)
      e.clear_at_least = { type: "input_tokens", value: t.clearAtLeast }
    if (t.exclude.length > 0) e.exclude_tools = [...t.exclude]
    if (t.inputs) e.clear_tool_inputs = true
    return e
  },
  label: ({ tool: t }) =>
    t
      ? `tool results > ${t.trigger.type === "input_tokens" ? fmtK(t.trigger.value) : `${t.trigger.value} uses`}, keep ${t.keep}${t.keep === 0 ? " (clears even the newest result)" : ""}` +
        (t.clearAtLeast !== null ? `, at least ${fmtK(t.clearAtLeast)}` : "") +
        (t.exclude.length ? `, not ${t.exclude.join("/")}` : "") +
        (t.inputs ? ", inputs too" : "")
      : null,
}

/** The tuner's dimension of each kind (null: not searched). */
export const TUNED: { readonly [T in EditType]: TunedKind<T> | null } = {
  clear_tool_uses_20250919: TOOLS,
  clear_thinking_20251015: {
    edit: ({ thinking }) =>
      thinking === undefined
        ? null
        : {
            type: "clear_thinking_20251015",
            keep:
              thinking === "all"
                ? "all"
                : { type: "thinking_turns", value: thinking },
          },
    label: ({ thinking }) =>
      thinking === undefined ? null : `thinking keep ${thinking}`,
  },
  compact_20260112: {
    edit: ({ compact }) =>
      compact === undefined
        ? null
        : {
            type: "compact_20260112",
            trigger: { type: "input_tokens", value: compact },
          },
    label: ({ compact }) =>
      compact === undefined ? null : `compact at ${fmtK(compact)}`,
  },
}

let searched: TunedKind<EditType>[] | undefined

/**
 * The searched kinds, in the order an edits array sends them (clear_thinking
 * first). A registered kind the table does not hold is a bug, said aloud on
 * first use (null is "not searched").
 */
function searchedKinds(): TunedKind<EditType>[] {
  return (searched ??= SEND_ORDER.flatMap((t) => {
    const tuned = TUNED[t] as TunedKind<EditType> | null | undefined
    if (tuned === undefined)
      throw new Error(`tuner/kinds.ts: no entry for the edit kind "${t}"`)
    return tuned ? [tuned] : []
  }))
}

/** A clear_tool_uses config with a trigger and keep, nothing else set. */
export const toolConfig = (
  value: number,
  keep: number,
  type: "input_tokens" | "tool_uses" = "input_tokens"
): NonNullable<TuneConfig["tool"]> => ({
  trigger: { type, value },
  keep,
  clearAtLeast: null,
  exclude: [],
  inputs: false,
})

/** The API's edits array of a config, in send order. */
export function editsOf(c: TuneConfig): Record<string, unknown>[] {
  return searchedKinds().flatMap((k) => {
    const e = k.edit(c)
    return e ? [e as unknown as Record<string, unknown>] : []
  })
}

/** A short description: "tool results > 100k, keep 3 · compact at 150k". */
export function labelOf(c: TuneConfig): string {
  const parts = searchedKinds().flatMap((k) => k.label(c) ?? [])
  return parts.length ? parts.join(" · ") : "no edits"
}
