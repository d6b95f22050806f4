import type {
  ClearThinkingEdit,
  ClearToolUsesEdit,
  CompactEdit,
  ContextManagementEdit,
  EditType,
} from "./types"

/** The three edit strategies, in the order the docs introduce them. */
export const EDIT_TYPES: readonly EditType[] = [
  "clear_tool_uses_20250919",
  "clear_thinking_20251015",
  "compact_20260112",
]

/** Beta header that unlocks each edit type (spec §1.2). */
export const EDIT_BETAS: Readonly<Record<EditType, string>> = {
  clear_tool_uses_20250919: "context-management-2025-06-27",
  clear_thinking_20251015: "context-management-2025-06-27",
  compact_20260112: "compact-2026-01-12",
}

/** Human labels for the edit types. */
export const EDIT_LABELS: Readonly<Record<EditType, string>> = {
  clear_tool_uses_20250919: "Clear tool uses",
  clear_thinking_20251015: "Clear thinking",
  compact_20260112: "Compaction",
}

/**
 * Documented defaults per edit type (DOC S-CE / S-CMP). clear_thinking's keep
 * default is model-specific (`null` here; see ModelInfo.thinkingDefaultKeep).
 */
export const EDIT_DEFAULTS = {
  clear_tool_uses_20250919: {
    trigger: { type: "input_tokens", value: 100_000 },
    keep: { type: "tool_uses", value: 3 },
    clear_at_least: null,
    exclude_tools: null,
    clear_tool_inputs: false,
  },
  clear_thinking_20251015: { keep: null },
  compact_20260112: {
    trigger: { type: "input_tokens", value: 150_000 },
    pause_after_compaction: false,
    instructions: null,
  },
} as const

/** Validation limits the API enforces (or, where marked in validate-edits.ts, that we infer). */
export const EDIT_LIMITS = {
  clearTriggerMin: 1,
  clearKeepMin: 0,
  clearAtLeastMin: 0,
  thinkingTurnsMin: 1,
  compactionTriggerMin: 50_000,
} as const

/** A fresh edit object with the documented defaults, for "add rule" buttons. */
export function defaultEdit(type: "clear_tool_uses_20250919"): ClearToolUsesEdit
export function defaultEdit(type: "clear_thinking_20251015"): ClearThinkingEdit
export function defaultEdit(type: "compact_20260112"): CompactEdit
export function defaultEdit(type: EditType): ContextManagementEdit
export function defaultEdit(type: EditType): ContextManagementEdit {
  switch (type) {
    // Fresh copies of the documented defaults (callers may edit them).
    case "clear_tool_uses_20250919": {
      const d = EDIT_DEFAULTS[type]
      return { type, trigger: { ...d.trigger }, keep: { ...d.keep } }
    }
    case "clear_thinking_20251015":
      // No documented default keep to copy: the form starts at one turn.
      return { type, keep: { type: "thinking_turns", value: 1 } }
    case "compact_20260112":
      return { type, trigger: { ...EDIT_DEFAULTS[type].trigger } }
  }
}

/** Beta header of on-demand compaction (spec §1.2, §1.6). */
export const ON_DEMAND_BETA = "compact-2026-09-04"

/**
 * Beta headers for a list of edit types, replayed compaction blocks and
 * on-demand compaction (a `compaction` field, or a replayed block with a
 * signature), sorted.
 */
export function betasFor(
  types: readonly string[],
  hasCompactionBlocks: boolean,
  onDemand = false
): string[] {
  const out = new Set<string>()
  for (const t of types) if (t in EDIT_BETAS) out.add(EDIT_BETAS[t as EditType])
  if (hasCompactionBlocks) out.add(EDIT_BETAS.compact_20260112)
  if (onDemand) out.add(ON_DEMAND_BETA)
  return [...out].sort()
}

/**
 * Beta headers a request needs: context-management-2025-06-27 for clear
 * edits, compact-2026-01-12 for a compact edit or replayed compaction blocks,
 * compact-2026-09-04 for on-demand compaction or its replayed block.
 * Never throws; unknown shapes give [].
 */
export function betaHeadersFor(request: unknown): string[] {
  const out = new Set<string>()
  if (typeof request !== "object" || request === null) return []
  addEditBetas(out, field(field(request, "context_management"), "edits"))
  const messages = Array.isArray(request) ? request : field(request, "messages")
  if (Array.isArray(messages))
    for (const m of messages) addCompactionBetas(out, field(m, "content"))
  const od = Array.isArray(request) ? undefined : field(request, "compaction")
  if (od !== undefined && od !== null) out.add(ON_DEMAND_BETA)
  return [...out].sort()
}

/** value[key] when value is an object or array (else undefined). */
const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null
    ? (value as Record<string, unknown>)[key]
    : undefined

/** The beta of each known edit type in the edits list. */
function addEditBetas(out: Set<string>, edits: unknown): void {
  if (!Array.isArray(edits)) return
  for (const e of edits) {
    const t = field(e, "type")
    if (typeof t === "string" && t in EDIT_BETAS)
      out.add(EDIT_BETAS[t as EditType])
  }
}

/** Replayed compaction blocks: a signed one is on-demand compaction's. */
function addCompactionBetas(out: Set<string>, content: unknown): void {
  if (!Array.isArray(content)) return
  for (const b of content) {
    if (field(b, "type") !== "compaction") continue
    out.add(
      typeof field(b, "signature") === "string"
        ? ON_DEMAND_BETA
        : EDIT_BETAS.compact_20260112
    )
  }
}
