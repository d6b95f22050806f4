/** Tokenizer generation of a model: "next" = Opus 4.7+, Sonnet 5, Fable, Mythos (≈30 % more tokens). */
export type TokenizerFamily = "legacy" | "next"

/** What an estimate depends on besides the block itself; part of every cache key. */
export interface EstimateContext {
  /** Tokenizer family of the model. */
  family: TokenizerFamily
  /** Calibration multiplier learnt from real count_tokens answers (1 = none). */
  factor: number
}

/**
 * Estimates Anthropic input tokens for the pieces of a Messages request.
 * Every number is an estimate (the UI prints "≈"). Implementations must be
 * pure, never throw on malformed input and return non-negative integers.
 */
export interface TokenEstimator {
  /** Stable id; part of cache keys, so two estimators never share a cache. */
  readonly id: string
  /** Tokens of one content block, including its own small framing. */
  countBlock(block: unknown, ctx: EstimateContext): number
  /** Tokens of the `system` parameter (string or text blocks). */
  countSystem(system: unknown, ctx: EstimateContext): number
  /** Tokens of the tool definitions (without the hidden tool-use prompt). */
  countTools(tools: readonly unknown[], ctx: EstimateContext): number
  /** Tokens of a bare string (e.g. a placeholder). */
  countText(text: string, ctx: EstimateContext): number
  /** Framing tokens added per message (role markers). */
  messageOverhead(ctx: EstimateContext): number
  /** Scales a documented fixed overhead (e.g. the hidden tool-use prompt). */
  scaleOverhead(tokens: number, ctx: EstimateContext): number
}
