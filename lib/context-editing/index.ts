/**
 * The context-editing simulation engine's public surface: UI and API routes
 * import from here only. See README.md for guarantees and the rule catalogue.
 */
export { simulate } from "./result/simulate"
export {
  CACHE_READ,
  CACHE_WRITE,
  CACHE_WRITE_1H,
  cacheImpact,
  type CacheImpact,
  writePrice,
} from "./result/cache-impact"
export {
  CACHE_LOOKBACK_BLOCKS,
  cacheReach,
  type CacheReach,
  cacheSetup,
  type CacheSetup,
  isBreakpoint,
  MAX_BREAKPOINTS,
  sessionCaching,
  type SessionCaching,
} from "./request/cache-setup"
export {
  requestEnds,
  timeline,
  TIMELINE_BUDGET,
  type BreakAt,
  type CacheUse,
  type Timeline,
  type TimelineOptions,
  type TimelinePoint,
} from "./session/timeline"
export { SUMMARY_TOKENS } from "./session/summary"
export {
  presenceOf,
  timelinePresence,
  type ResultLoss,
  type ResultPresence,
} from "./session/presence"
export {
  resultNeeds,
  type NeedsOptions,
  type ResultNeed,
  type ResultUse,
} from "./session/needs/evidence"
export {
  infeasibleText,
  lossesOf,
  type Losses,
  type LostResult,
  NO_REFETCH,
  type Refetch,
  type RequestCosts,
  type UnreadResult,
  unreadResults,
} from "./session/needs/losses"
export {
  AGENT_SWITCH_SPECS,
  type AgentSwitches,
  type AgentSwitchSpec,
  agentSwitches,
  DEFAULT_AGENT_SWITCHES,
} from "./session/needs/switches"
export {
  paretoFrontier,
  tuneSession,
  type TuneConfig,
  type TuneEntry,
  type TuneOptions,
  type TuneResult,
} from "./tuner/tune"
export { type ToolAdvice, toolAdvice } from "./tuner/advice"
export { applyTuned } from "./tuner/apply"
export type { BillPrice, TuneBill } from "./tuner/bill"
export {
  clearsNewestResult,
  tuneChoices,
  type TuneChoice,
} from "./tuner/choices"
export {
  formatDollars,
  type ModelPrice,
  OUTPUT_NOT_MODELLED,
  type PriceRow,
  PRICES,
  priceOf,
  PRICING_SOURCE,
  requestDollars,
} from "./request/prices"
export {
  compareStrategy,
  type Strategy,
  type StrategyId,
  type StrategyResult,
  strategies,
  withStrategy,
} from "./tuner/compare"
export {
  ASSUMPTION_SPECS,
  DEFAULT_ASSUMPTIONS,
  resolveAssumptions,
} from "./request/assumptions"
export {
  appliedCount,
  appliedText,
  betaHeadersFor,
  blockOwner,
  CONTEXT_MANAGEMENT_BETA,
  defaultEdit,
  EDIT_BETAS,
  EDIT_DEFAULTS,
  EDIT_LABELS,
  EDIT_LIMITS,
  EDIT_TYPES,
  ON_DEMAND_BETA,
  SEND_ORDER,
  verdictOf,
} from "./rules/catalogue"
export { EDIT_KINDS, type EditOf, editKind, type NEditOf } from "./rules/kinds"
export type { EditKind } from "./rules/edit-kind"
export { DEFAULT_MODEL_ID, getModelInfo, MODELS } from "./request/models"
export { MODEL_RULES } from "./request/model-rules"
export {
  ALL_BLOCK_TYPES,
  blockTypesFor,
  MESSAGE_BLOCK_TYPES,
  SERVER_TOOL_RESULT_TYPES,
  TOOL_RESULT_BLOCK_TYPES,
} from "./request/block-types"
export {
  defaultMaxTokens,
  enableThinking,
  modelTakesThinking,
  type RequestFix,
  THINKING_BUDGET,
  withThinkingMode,
} from "./request/request-defaults"
export { thinkingOnFix } from "./result/thinking-fix"
export {
  type NClearToolUses,
  type NEdit,
  parseEdits,
} from "./rules/parse-edits"
export { fitCalibrationFactor } from "@/lib/tokens"
export { calibrationFor } from "./result/setup"
export type { HiddenPart } from "@/lib/tokens"
export type {
  EstimateContext,
  TokenEstimator,
  TokenizerFamily,
} from "@/lib/tokens"
export type * from "./types"
