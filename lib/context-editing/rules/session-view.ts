/**
 * What a kind's session restatement reads and writes (its `session.ts`,
 * beside its rule): the session's prefix sums (`SessionBase`, built by
 * session/base.ts), where one request stands, what the edits have done to it
 * so far, and the pair classes the session cache reads. Types and codes
 * only, so the rules can speak the session engine's language without
 * importing it.
 */
import type { EstimateContext } from "@/lib/tokens"

import type { Analysis } from "../request/analyze"
import type { Assumptions, ModelInfo, SimulateOptions } from "../types"
import type { AppliedEdit, NEdit } from "./kinds"
import type { SessionTurns } from "./session-turns"

/** The session-wide facts (see the file comment). */
export interface SessionBase {
  body: Record<string, unknown>
  a: Analysis
  model: ModelInfo
  modelId: string
  A: Assumptions
  est: EstimateContext
  estimator: NonNullable<SimulateOptions["estimator"]>
  thinkingOn: boolean
  implicit: "all" | 1
  fixed: number
  framing: number
  /** Last message of each request. */
  ends: number[]
  /** First slot of each message (its summary slot); one more entry at the end. */
  msgSlot: Int32Array
  msgOfSlot: Int32Array
  /** Record of each slot (-1 for summary slots). */
  recOfSlot: Int32Array
  /** Original tokens per slot, and their prefix sums. */
  tok: Float64Array
  TOK: Float64Array
  /** Prefix count over messages of those with at least one block. */
  MSGLIVE: Int32Array
  /** Slots of compaction blocks that hold a summary, in order. */
  compSlots: number[]
  /** Pairs, by use slot (sorted), with their result slot (-1 unanswered). */
  useSlot: Int32Array
  resultSlot: Int32Array
  /** Pair index by the slot of its use / result (-1 elsewhere). */
  pairAtUse: Int32Array
  pairAtResult: Int32Array
  turns: SessionTurns
  /** Hidden system messages: the message, its hider, tokens, whether it has blocks. */
  hidden: Array<{ m: number; by: number; tokens: number; live: boolean }>
}

/**
 * Where one request stands: its last message, first live slot, and its
 * live pairs [jLo, jHi) (pairs before jLo stand before a compaction block).
 */
export interface RequestAt {
  end: number
  c: number
  jLo: number
  jHi: number
  /** Tokens of the message list before c (the model does not read them; clearing counts them). */
  hidden: number
}

/** What the edits, in array order, have done to one request so far. */
export interface EditedRequest {
  /** Input tokens. */
  T: number
  /** Thinking in slots [c, thinkCut) is removed. */
  thinkCut: number
  /** Pairs [jLo, vHi) have their clearable results (and chosen inputs) cleared. */
  vHi: number
  applied: AppliedEdit[]
  compacted: boolean
}

// Pair classes (as rules/clear-tool-uses/pair-classes.ts).
export const OFF = 1
export const ERROR_KEPT = 2
export const EXCLUDED = 3
export const CLEARABLE = 4
export const SMALL = 5

/** How an edit that clears tool pairs clears them, as prefix sums over pairs (the cache reads it). */
export interface ToolClasses {
  cls: Uint8Array
  /** Whether a cleared pair's input is cleared too. */
  inputs: Uint8Array
  CLR: Int32Array
  /** Prefix count of the pairs that take keep slots, and their indices. */
  KP: Int32Array
  kpIdx: Int32Array
  CLIENT: Int32Array
  /** Prefix sums of what clearing a pair's result / input frees. */
  SR: Float64Array
  SI: Float64Array
  /** Running maximum of SR + SI (the first prefix that frees a given amount). */
  SMAX: Float64Array
  /** Tokens of the cleared form, per slot (results and inputs). */
  clearedTok: Float64Array
}

/**
 * A kind's rule restated on a session's prefix sums: for one request it
 * answers in O(1) or O(log n) what the rule answers in O(blocks), and must
 * agree with simulate() exactly (session/session.property.test.ts).
 */
export interface SessionRule<N extends NEdit> {
  /** The session engine models one edit of the kind at most (more: requests are simulated one by one). */
  once: boolean
  /** The pair classes the edit clears by, once per session and configuration. */
  pairClasses?: (b: SessionBase, e: N) => ToolClasses
  /** Runs the edit on one request (tc: the run's pair classes, if any). */
  step: (
    b: SessionBase,
    e: N,
    at: RequestAt,
    r: EditedRequest,
    tc: ToolClasses | null
  ) => void
}
