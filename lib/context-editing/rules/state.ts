/**
 * The simulation's working state: current block and token count per record
 * of the original request, plus the outcome fields the UI shows. Rules
 * update it in place (it is private to one simulate call) so an edit costs
 * O(blocks it touches) and later edits see earlier edits' results.
 */
import {
  type EstimateContext,
  replacedContentCounter,
  type TokenEstimator,
  uncachedBlockCounter,
} from "@/lib/tokens"

import type { Analysis } from "../request/analyze"
import { EDIT_TYPES } from "./catalogue"
import type {
  Assumptions,
  BlockStatus,
  EditType,
  ModelInfo,
  SimulateWarning,
} from "../types"

/** Read-only inputs shared by every rule. */
export interface RuleContext {
  assumptions: Assumptions
  estimator: TokenEstimator
  est: EstimateContext
  model: ModelInfo
  warnings: SimulateWarning[]
}

/** Mutable per-call state (NOTE: rules mutate it; it never escapes simulate). */
export interface SimState {
  a: Analysis
  ctx: RuleContext
  /** Estimated tokens of each original block. */
  original: Float64Array
  /** Current tokens per record (0 = removed or ignored). */
  tokens: Float64Array
  /** Current block per record (null = removed or ignored). */
  blocks: Array<Record<string, unknown> | null>
  /** Original block per record (shared, read-only). */
  origBlocks: ReadonlyArray<Record<string, unknown>>
  /** Message index per record (shared, read-only). */
  recMessage: Int32Array
  /** Per message: 1 once any of its blocks was replaced or removed. */
  dirty: Uint8Array
  /** How many times a block was replaced or removed so far. */
  changed: number
  /** Live blocks per message; a message with none is dropped with its framing. */
  alive: Int32Array
  /** Framing tokens per live message. */
  framing: number
  /** System prompt + tool definitions + hidden tool-use prompt. */
  fixed: number
  total: number
  /** Status per record as an index into STATUSES (0 = "kept"). */
  status: Uint8Array
  /** Deciding edit's index + 1 per record (0 = none). */
  editIndex: Int32Array
  /** Deciding edit's type as an index into EDIT_TYPES (catalogue.ts) + 1 (0 = none). */
  editType: Uint8Array
  reason: string[]
  /** Placeholder per record as an index into `placeholders` + 1 (0 = none). */
  placeholder: Uint8Array
  /** Placeholder texts used in this run. */
  placeholders: string[]
}

// Per-record verdicts are small codes in typed arrays: a run allocates a few
// kilobytes instead of arrays of pointers, and comparing runs is cheap.
/** Every status, by code. */
export const STATUSES: readonly BlockStatus[] = [
  "kept",
  "kept_recent",
  "excluded",
  "cleared",
  "input_cleared",
  "removed",
  "ignored",
  "not_applied",
]
function statusCode(x: BlockStatus): number {
  switch (x) {
    case "kept":
      return 0
    case "kept_recent":
      return 1
    case "excluded":
      return 2
    case "cleared":
      return 3
    case "input_cleared":
      return 4
    case "removed":
      return 5
    case "ignored":
      return 6
    default:
      return 7 // not_applied
  }
}
/** Each edit type's code: its place in the registry + 1 (0 = none). */
const EDIT_CODES = new Map(EDIT_TYPES.map((t, i) => [t, i + 1]))
/** The code of an edit type (0 for none); a type the registry does not hold throws. */
export function editTypeCode(x: EditType | null): number {
  if (x === null) return 0
  const code = EDIT_CODES.get(x)
  if (code === undefined)
    throw new Error(`No edit kind "${x}" in rules/kinds.ts`)
  return code
}

/** Whether a status code means the block was changed (cleared/removed/…). */
const CHANGES = new Uint8Array(STATUSES.length)
for (const x of ["cleared", "input_cleared", "removed", "ignored"] as const)
  CHANGES[statusCode(x)] = 1

/** Custom estimators may return anything; keep counts non-negative integers. */
export const clean = (n: number): number =>
  Number.isFinite(n) && n > 0 ? Math.ceil(n) : 0

/** Replaces (or with null removes) the current block of record i. */
export function setBlock(
  s: SimState,
  i: number,
  block: Record<string, unknown> | null,
  tokens: number
): void {
  const was = s.blocks[i] !== null
  s.total += tokens - s.tokens[i]!
  s.tokens[i] = tokens
  s.blocks[i] = block
  const mi = s.recMessage[i]!
  s.dirty[mi] = 1
  s.changed++
  if (was === (block !== null)) return
  const before = s.alive[mi]!
  s.alive[mi] = before + (block ? 1 : -1)
  if (before === 0) s.total += s.framing
  else if (s.alive[mi] === 0) s.total -= s.framing
}

/**
 * Records why a block ended as it did. A status that changed the block
 * (cleared/removed/…) is never overwritten by a later "kept"-style verdict.
 */
export function decide(
  s: SimState,
  i: number,
  status: BlockStatus,
  editIndex: number | null,
  editType: EditType | null,
  reason: string,
  placeholder?: string
): void {
  ONE[0] = i
  decideAll(s, ONE, status, editIndex, editType, reason, placeholder)
}

// decide()'s one-record list (decideAll never re-enters decide).
const ONE = new Int32Array(1)

/**
 * decide() for a list of records that all get the same verdict: one call
 * and one lookup for the whole list (clearing thousands of results).
 */
export function decideAll(
  s: SimState,
  records: Int32Array,
  status: BlockStatus,
  editIndex: number | null,
  editType: EditType | null,
  reason: string,
  placeholder?: string
): void {
  const code = statusCode(status)
  const keepsChanges = CHANGES[code] === 0
  const ei = editIndex === null ? 0 : editIndex + 1
  const et = editTypeCode(editType)
  let pk = 0
  for (let k = 0; k < records.length; k++) {
    const i = records[k]!
    if (keepsChanges && CHANGES[s.status[i]!] === 1) continue
    s.status[i] = code
    s.editIndex[i] = ei
    s.editType[i] = et
    s.reason[i] = reason
    if (placeholder !== undefined) {
      if (pk === 0) {
        pk = s.placeholders.indexOf(placeholder) + 1
        if (pk === 0) pk = s.placeholders.push(placeholder)
      }
      s.placeholder[i] = pk
    }
  }
}

/** setBlock(s, i, table.blocks[i], table.tokens[i]) for every listed record. */
export function setBlocksFrom(
  s: SimState,
  records: Int32Array,
  table: VariantTable
): void {
  for (let k = 0; k < records.length; k++) {
    const i = records[k]!
    setBlock(s, i, table.blocks[i]!, table.tokens[i]!)
  }
}

/** Whether record i still holds its original block. */
export const untouched = (s: SimState, i: number): boolean =>
  s.blocks[i] === s.origBlocks[i]

/** Memoised edited variants of blocks for one variant key (see `variants`). */
export interface VariantTable {
  blocks: Array<Record<string, unknown> | undefined>
  tokens: Float64Array
  /** The estimator's cache-free counters, looked up once per table. */
  raw: ReturnType<typeof uncachedBlockCounter>
  replaced: ReturnType<typeof replacedContentCounter>
}

/**
 * The table of edited variants (e.g. results replaced by the placeholder)
 * for `key` under the current estimator context. Tables live on the
 * analysis, so re-simulating with another edit config returns the very same
 * objects without re-counting them. Look it up once per rule run (hot loop).
 */
export function variants(s: SimState, key: string): VariantTable {
  const { estimator, est } = s.ctx
  // By the estimator itself: a refined estimator answers from the counts it
  // was made with, and every refinement makes a new one with the same id.
  const full = `${est.family}|${est.factor}|${key}`
  const byEstimator = (s.a.variants ??= new WeakMap())
  let all = byEstimator.get(estimator)
  if (!all) byEstimator.set(estimator, (all = new Map()))
  let v = all.get(full) as VariantTable | undefined
  if (!v) {
    const n = s.a.recs.length
    v = {
      blocks: new Array(n),
      tokens: new Float64Array(n).fill(-1),
      raw: uncachedBlockCounter(estimator),
      replaced: replacedContentCounter(estimator),
    }
    all.set(full, v)
  }
  return v
}

/**
 * Tokens of record i's variant from table `v` (the variant is made and
 * counted on first use; read it from `v.blocks[i]`).
 */
export function variant(
  s: SimState,
  v: VariantTable,
  i: number,
  make: (orig: Record<string, unknown>) => Record<string, unknown>
): number {
  let block = v.blocks[i]
  if (!block) v.blocks[i] = block = make(s.a.recs[i]!.block)
  let tokens = v.tokens[i]!
  if (tokens < 0) {
    // The table is the cache: skip the estimator's identity cache if we can.
    const { estimator, est } = s.ctx
    const raw = v.raw
    const n = raw ? raw(block, est) : estimator.countBlock(block, est)
    v.tokens[i] = tokens = clean(n)
  }
  return tokens
}

/**
 * variant() for the original block with its `content` replaced by a string
 * (a cleared tool result): the default estimator counts it without reading
 * the copy back.
 */
export function contentVariant(
  s: SimState,
  v: VariantTable,
  i: number,
  content: string
): number {
  let tokens = v.tokens[i]!
  if (tokens >= 0) return tokens
  const orig = s.a.recs[i]!.block
  const block = (v.blocks[i] ??= { ...orig, content })
  const { estimator, est } = s.ctx
  const fast = v.replaced
  const n = fast ? fast(orig, content, est) : estimator.countBlock(block, est)
  v.tokens[i] = tokens = clean(n)
  return tokens
}
