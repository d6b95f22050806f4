/**
 * What an edit kind does (the behaviour half; the light half is
 * edit-kind.ts): its shape validator, its rule on the simulation state, the
 * warnings only it gives, and its restatement on a session's prefix sums.
 * Each kind's `rule.ts` exports one; registry.ts lists them.
 */
import type { Analysis, ReplayInfo } from "../request/analysis"
import type { ThinkingMode } from "../request/validate-request"
import type {
  Assumptions,
  CompactionInfo,
  EditTrace,
  ModelInfo,
  SimulateWarning,
} from "../types"
import type { NEdit } from "./kinds"
import type { SessionRule } from "./session-view"
import type { Validator } from "./shapes"
import type { SimState } from "./state"

/** What a rule function may need beyond the state and its own edit. */
export interface ApplyContext {
  /** clear_thinking's keep when the edit gives none (model-specific). */
  defaultThinkingKeep: "all" | 1
  /** Compaction blocks replayed from the request. */
  replayed: ReplayInfo
}

/** A rule's effect: its trace, and the compaction it decides, if any. */
export interface RuleOutcome {
  trace: EditTrace
  compaction?: CompactionInfo
}

/** What the cross-field checks look at (check-edits.ts). */
export interface CheckInput {
  edits: NEdit[] | null
  thinking: ThinkingMode
  model: ModelInfo
  /** The model id as sent (errors quote it). */
  modelId: string
  analysis: Analysis
  tools: readonly Record<string, unknown>[]
  assumptions: Assumptions
}

/** The behaviour of one edit kind. */
export interface EditRule<N extends NEdit> {
  /** Shape check of the raw edit object at `path`, defaults filled in. */
  validate: Validator<N>
  /** Runs the edit on the simulation state. */
  apply: (s: SimState, e: N, ctx: ApplyContext) => RuleOutcome
  /** Warnings about a valid edit that is probably not what the user meant. */
  warnings?: (e: N, x: CheckInput) => SimulateWarning[]
  /** Warnings read off the edit's trace once the edits have run. */
  afterRun?: (
    e: N,
    trace: EditTrace | undefined,
    tools: readonly Record<string, unknown>[],
    assumptions: Assumptions
  ) => SimulateWarning[]
  /** Its restatement for the session engine; null: sessions with it are simulated request by request. */
  session: SessionRule<N> | null
}
