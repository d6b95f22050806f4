/**
 * The tables every reader of the kinds uses, each derived from the registry
 * (kinds.ts): types, labels, betas, defaults, limits, fresh edits, the beta
 * headers of a request, and the words for an `applied_edits` entry or a
 * trace. Nothing here names a kind.
 */
import { CONTEXT_MANAGEMENT_BETA } from "./edit-kind"
import {
  type AppliedEdit,
  EDIT_KINDS,
  type EditOf,
  type EditType,
  editKind,
} from "./kinds"

export { CONTEXT_MANAGEMENT_BETA }

type Kinds = typeof EDIT_KINDS

/** The edit strategies, in the order the docs introduce them (from the registry). */
export const EDIT_TYPES: readonly EditType[] = Object.keys(
  EDIT_KINDS
) as EditType[]

/** The kinds in the order an `edits` array sends them: those that go first, then the rest. */
export const SEND_ORDER: readonly EditType[] = [
  ...EDIT_TYPES.filter((t) => EDIT_KINDS[t].goesFirst),
  ...EDIT_TYPES.filter((t) => !EDIT_KINDS[t].goesFirst),
]

const byKind = <V>(pick: (k: Kinds[EditType], t: EditType) => V) =>
  Object.fromEntries(EDIT_TYPES.map((t) => [t, pick(EDIT_KINDS[t], t)]))

/** Beta header that unlocks each edit type (docs: context editing / compaction betas). */
export const EDIT_BETAS = byKind((k) => k.beta) as Readonly<
  Record<EditType, string>
>

/** Human labels for the edit types. */
export const EDIT_LABELS = byKind((k) => k.label) as Readonly<
  Record<EditType, string>
>

/**
 * Documented defaults per edit type (DOC S-CE / S-CMP). clear_thinking's keep
 * default is model-specific (`null` here; see ModelInfo.thinkingDefaultKeep).
 */
export const EDIT_DEFAULTS = byKind((k) => k.defaults) as {
  readonly [T in EditType]: Kinds[T]["defaults"]
}

type Intersect<U> = (U extends unknown ? (x: U) => void : never) extends (
  x: infer I
) => void
  ? I
  : never

/** Validation limits the API enforces (or, where a kind's rule says so, that we infer). */
export const EDIT_LIMITS = Object.assign(
  {},
  ...EDIT_TYPES.map((t) => EDIT_KINDS[t].limits)
) as Readonly<Intersect<Kinds[EditType]["limits"]>>

/** A fresh edit object with the documented defaults, for "add rule" buttons. */
export function defaultEdit<T extends EditType>(type: T): EditOf<T> {
  return EDIT_KINDS[type].fresh() as EditOf<T>
}

/** The kind whose edit blocks of `blockType` in `messages` need (e.g. "compaction"). */
export function blockOwner(blockType: string): EditType | undefined {
  return EDIT_TYPES.find((t) =>
    (EDIT_KINDS[t].blocks as readonly string[]).includes(blockType)
  )
}

/** Beta header of on-demand compaction (docs/semantics.md#beta-headers, docs/semantics.md#on-demand-compaction). */
export const ON_DEMAND_BETA = "compact-2026-09-04"

/** The beta a replayed block of `blockType` needs: its owner's (none for other blocks). */
function blockBeta(blockType: string): string | undefined {
  const owner = blockOwner(blockType)
  return owner && EDIT_KINDS[owner].beta
}

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
  for (const t of types) {
    const beta = editKind(t)?.beta
    if (beta) out.add(beta)
  }
  const replayed = hasCompactionBlocks && blockBeta("compaction")
  if (replayed) out.add(replayed)
  if (onDemand) out.add(ON_DEMAND_BETA)
  return [...out].sort()
}

/**
 * Beta headers a request needs: context-management-2025-06-27 for clear
 * edits, compact-2026-01-12 for a compact edit or replayed compaction blocks,
 * compact-2026-09-04 for on-demand compaction or its replayed block (each
 * kind's `beta` and `blocks`). Never throws; unknown shapes give [].
 */
export function betaHeadersFor(request: unknown): string[] {
  const out = new Set<string>()
  if (typeof request !== "object" || request === null) return []
  addEditBetas(out, field(field(request, "context_management"), "edits"))
  const messages = Array.isArray(request) ? request : field(request, "messages")
  if (Array.isArray(messages))
    for (const m of messages) addBlockBetas(out, field(m, "content"))
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
    const beta = editKind(field(e, "type"))?.beta
    if (beta) out.add(beta)
  }
}

/** Replayed blocks a kind owns; a signed compaction block is on-demand compaction's. */
function addBlockBetas(out: Set<string>, content: unknown): void {
  if (!Array.isArray(content)) return
  for (const b of content) {
    const type = field(b, "type")
    if (typeof type !== "string") continue
    const beta = blockBeta(type)
    if (!beta) continue
    const signed =
      type === "compaction" && typeof field(b, "signature") === "string"
    out.add(signed ? ON_DEMAND_BETA : beta)
  }
}

/** What an `applied_edits` entry (or a server's, with optional counts) holds. */
type AppliedLike = { type: string } | AppliedEdit

/** What the entry counts (tool uses, thinking turns), by its kind's `applied.field`. */
export function appliedCount(entry: AppliedLike): number | undefined {
  const field = editKind(entry.type)?.applied?.field
  const n = field ? (entry as Record<string, unknown>)[field] : undefined
  return typeof n === "number" ? n : undefined
}

/** "3 tool uses", "1 thinking turn": the entry's count in its kind's words. */
export function appliedText(entry: AppliedLike): string {
  const unit = editKind(entry.type)?.applied?.unit ?? "item"
  const n = appliedCount(entry) ?? 0
  return `${n} ${unit}${n === 1 ? "" : "s"}`
}

/** A trace's verdict in its kind's words ("applied", "does not fire", …). */
export function verdictOf(trace: { type: string; applied: boolean }): string {
  const words = editKind(trace.type)?.verdicts ?? ["applied", "not applied"]
  return trace.applied ? words[0] : words[1]
}
