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
export { FAMILY_MULTIPLIER, FRAMING } from "./block-count"
export {
  createHeuristicEstimator,
  defaultEstimator,
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
// The BPE refinement (./bpe, ./refine) is imported from its own modules by
// the worker and its driver, so it stays out of the page's first-load JS.
