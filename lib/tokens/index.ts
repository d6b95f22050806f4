export type { EstimateContext, TokenEstimator, TokenizerFamily } from "./types"
export {
  CODE_CHARS_PER_TOKEN,
  PROSE_CHARS_PER_TOKEN,
  profileText,
  rawTextTokens,
  type TextProfile,
} from "./text"
export {
  DEFAULT_DOCUMENT_TOKENS,
  DEFAULT_IMAGE_TOKENS,
  imageSizeFromBase64,
  imageTokensFromSize,
  type ImageSize,
} from "./image"
export { rawJsonTokens } from "./json-walk"
export {
  createHeuristicEstimator,
  defaultEstimator,
  FAMILY_MULTIPLIER,
  FRAMING,
  replacedContentCounter,
  uncachedBlockCounter,
} from "./heuristic-estimator"
export { fitCalibrationFactor } from "./calibration"
export {
  hiddenParts,
  hiddenTotal,
  lookupHidden,
  type HiddenBasis,
  type HiddenPart,
} from "./hidden"
export { HIDDEN_GUESSES, HIDDEN_ROWS, type HiddenRow } from "./hidden-table"
export {
  CLASS_FACTOR,
  contentClass,
  contentKey,
  createRefinedEstimator,
  createRefineTable,
  refinedRaw,
  type ContentClass,
  type RefineTable,
} from "./refine"
export { countPieceByRanks, createBpeCounter, type PieceEncoder } from "./bpe"
