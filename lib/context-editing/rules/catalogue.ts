import type { EditType } from "../types"
import { EDIT_KINDS, type EditOf } from "./kinds"

/** The edit strategies, in the order the docs introduce them (from the registry). */
export const EDIT_TYPES: readonly EditType[] = Object.keys(
  EDIT_KINDS
) as EditType[]

const byKind = <V>(pick: (k: (typeof EDIT_KINDS)[EditType]) => V) =>
  Object.fromEntries(
    EDIT_TYPES.map((t) => [t, pick(EDIT_KINDS[t])])
  ) as Readonly<Record<EditType, V>>

/** Beta header that unlocks each edit type (docs: context editing / compaction betas). */
export const EDIT_BETAS: Readonly<Record<EditType, string>> = byKind(
  (k) => k.beta
)

/** Human labels for the edit types. */
export const EDIT_LABELS: Readonly<Record<EditType, string>> = byKind(
  (k) => k.label
)

/**
 * Documented defaults per edit type (DOC S-CE / S-CMP). clear_thinking's keep
 * default is model-specific (`null` here; see ModelInfo.thinkingDefaultKeep).
 */
export const EDIT_DEFAULTS = {
  clear_tool_uses_20250919: EDIT_KINDS.clear_tool_uses_20250919.defaults,
  clear_thinking_20251015: EDIT_KINDS.clear_thinking_20251015.defaults,
  compact_20260112: EDIT_KINDS.compact_20260112.defaults,
} as const

/** Validation limits the API enforces (or, where marked in validate-edits.ts, that we infer). */
export const EDIT_LIMITS = {
  ...EDIT_KINDS.clear_tool_uses_20250919.limits,
  ...EDIT_KINDS.clear_thinking_20251015.limits,
  ...EDIT_KINDS.compact_20260112.limits,
} as const

/** A fresh edit object with the documented defaults, for "add rule" buttons. */
export function defaultEdit<T extends EditType>(type: T): EditOf<T> {
  return EDIT_KINDS[type].fresh() as EditOf<T>
}

/** Beta header of on-demand compaction (docs/semantics.md#beta-headers, docs/semantics.md#on-demand-compaction). */
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
