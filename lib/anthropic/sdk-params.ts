/**
 * Top-level parameters of the beta Messages calls in @anthropic-ai/sdk's
 * types (`MessageCreateParams`, `MessageCountTokensParams`), minus `betas`,
 * which travels as a header. One list for the count_tokens route (what it
 * forwards), the exported snippets (what count_tokens keeps; which fields
 * TypeScript has to cast) and the test that reads them back from the SDK.
 * `user_profile_id` and `workspace_id` are sent by the SDK as headers.
 */

/** Parameters of `client.beta.messages.create`. */
export const CREATE_PARAMS: ReadonlySet<string> = new Set([
  "max_tokens",
  "messages",
  "model",
  "billing_policy",
  "cache_control",
  "compaction",
  "container",
  "context_management",
  "diagnostics",
  "fallback_credit_token",
  "fallbacks",
  "inference_geo",
  "mcp_servers",
  "metadata",
  "output_config",
  "output_format",
  "service_tier",
  "speed",
  "stop_sequences",
  "stream",
  "system",
  "thinking",
  "thread",
  "tool_choice",
  "tools",
  "user_profile_id",
  "workspace_id",
])

/**
 * Parameters of `client.beta.messages.countTokens`: the endpoint rejects
 * any other field (max_tokens, temperature, …) as an extra input.
 */
export const COUNT_TOKENS_PARAMS: ReadonlySet<string> = new Set([
  "messages",
  "model",
  "billing_policy",
  "cache_control",
  "compaction",
  "context_management",
  "mcp_servers",
  "output_config",
  "output_format",
  "speed",
  "system",
  "thinking",
  "tool_choice",
  "tools",
  "user_profile_id",
  "workspace_id",
])
