/**
 * The context-editing simulation engine's public surface: UI and API routes
 * import from here only. See README.md for guarantees and the rule catalogue.
 */
export { simulate } from "./simulate"
export {
  CACHE_READ,
  CACHE_WRITE,
  CACHE_WRITE_1H,
  cacheImpact,
  type CacheImpact,
  writePrice,
} from "./cache-impact"
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
} from "./cache-setup"
export {
  requestEnds,
  timeline,
  TIMELINE_BUDGET,
  type BreakAt,
  type CacheUse,
  type Timeline,
  type TimelineOptions,
  type TimelinePoint,
} from "./timeline"
export { SUMMARY_TOKENS } from "./session-compaction"
export {
  paretoFrontier,
  tuneSession,
  type TuneConfig,
  type TuneEntry,
  type TuneOptions,
  type TuneResult,
} from "./tune"
export {
  formatDollars,
  type ModelPrice,
  OUTPUT_NOT_MODELLED,
  type PriceRow,
  PRICES,
  priceOf,
  PRICING_SOURCE,
  requestDollars,
} from "./prices"
export {
  compareStrategy,
  type Strategy,
  type StrategyId,
  type StrategyResult,
  strategies,
  withStrategy,
} from "./compare"
export {
  ASSUMPTION_SPECS,
  DEFAULT_ASSUMPTIONS,
  resolveAssumptions,
} from "./assumptions"
export {
  betaHeadersFor,
  defaultEdit,
  EDIT_BETAS,
  EDIT_DEFAULTS,
  EDIT_LABELS,
  EDIT_LIMITS,
  EDIT_TYPES,
} from "./edit-defaults"
export { DEFAULT_MODEL_ID, getModelInfo, MODELS } from "./models"
export { MODEL_RULES } from "./model-rules"
export {
  ALL_BLOCK_TYPES,
  blockTypesFor,
  MESSAGE_BLOCK_TYPES,
  SERVER_TOOL_RESULT_TYPES,
  TOOL_RESULT_BLOCK_TYPES,
} from "./block-types"
export {
  defaultMaxTokens,
  enableThinking,
  modelTakesThinking,
  type RequestFix,
  THINKING_BUDGET,
  thinkingOnFix,
  withThinkingMode,
} from "./request-defaults"
export { type NClearToolUses, type NEdit, parseEdits } from "./validate-edits"
export { fitCalibrationFactor } from "@/lib/tokens"
export { calibrationFor } from "./setup"
export type { HiddenPart } from "@/lib/tokens"
export type {
  EstimateContext,
  TokenEstimator,
  TokenizerFamily,
} from "@/lib/tokens"
export type * from "./types"
