/** Synthetic session generator: deterministic, realistic, sized by tokens. */
export { generateSession, SEARCH_DOMAINS } from "./generate-session"
export type { GenerateOptions } from "./generate-session"
export { createRandom, type Random } from "./prng"
export {
  CHARS_PER_TOKEN,
  estimateRequestTokens,
  fillSlots,
  SessionBuilder,
  type Slot,
} from "./session-builder"
export { memoryCall } from "./memory-calls"
export { checkToolPairing } from "./check-pairing"
export {
  customToolSpec,
  DEFAULT_TOOL_MIX,
  MEMORY_TOOL,
  WEB_SEARCH_TOOL,
} from "./tool-catalogue"
export {
  markdownProducer,
  paragraph,
  proseProducer,
  sentence,
} from "./text/prose"
export { GRID_STORAGE, SOFTWARE, type Vocabulary } from "./text/vocab"
export { thinkingText } from "./text/turns"
export { generateToEstimate, type RequestEstimate } from "./to-estimate"
/** The generate panel's form: its fields, bounds, options and summary. */
export * from "./panel-options"
