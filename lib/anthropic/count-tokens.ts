/**
 * Server side of `POST /api/count-tokens`: one `count_tokens` call with the
 * edits (which yields both the edited and the original count), optionally a
 * second one without `context_management`. Server-only.
 */
import type Anthropic from "@anthropic-ai/sdk"
import type { MessageCountTokensParams } from "@anthropic-ai/sdk/resources/beta/messages/messages"

import { betaHeadersFor } from "./betas"
import type { ServerConfig } from "./client"
import type { ApiError } from "./errors"
import { COUNT_TOKENS_PARAMS } from "./sdk-params"
import { withBoundedRetry } from "./retry"
import type {
  CountTokensMode,
  CountTokensRequest,
  CountTokensResult,
} from "./schemas"
import { toApiError } from "./upstream-errors"

/** Splits a Messages body into what `count_tokens` accepts and what it would reject. */
export function toCountTokensParams(request: CountTokensRequest): {
  params: Record<string, unknown>
  dropped: string[]
} {
  const params: Record<string, unknown> = {}
  const dropped: string[] = []
  for (const [key, value] of Object.entries(request)) {
    if (COUNT_TOKENS_PARAMS.has(key)) params[key] = value
    else if (key !== "betas") dropped.push(key)
  }
  return { params, dropped }
}

/** Calls `count_tokens` (with bounded retry) and normalises the answer. */
export async function countTokensUpstream(
  client: Anthropic,
  request: CountTokensRequest,
  options: {
    mode?: CountTokensMode
    config: ServerConfig
    secrets: readonly string[]
    signal?: AbortSignal
  }
): Promise<
  | { success: true; data: CountTokensResult }
  | { success: false; error: ApiError }
> {
  const { config, signal } = options
  const { params, dropped } = toCountTokensParams(request)
  const betas = betaHeadersFor(request)
  let retries = 0

  const count = async (body: Record<string, unknown>) => {
    const outcome = await withBoundedRetry(
      () =>
        client.beta.messages.countTokens(
          { ...(body as unknown as MessageCountTokensParams), betas },
          { signal }
        ),
      config.retry,
      { signal }
    )
    retries += outcome.retries
    if (!outcome.success) {
      throw toApiError(outcome.error, {
        surface: "count_tokens",
        retries: outcome.retries,
        timeoutMs: config.timeoutMs,
        secrets: options.secrets,
      })
    }
    return outcome.data
  }

  try {
    const edited = await count(params)
    const original = edited.context_management?.original_input_tokens
    const data: CountTokensResult = {
      model: request.model,
      input_tokens: edited.input_tokens,
      original_input_tokens: original ?? edited.input_tokens,
      reported_original: typeof original === "number",
      dropped_fields: dropped,
      retries,
    }
    if (options.mode === "both" && "context_management" in params) {
      const { context_management: _omit, ...unedited } = params
      // Best effort: without the edits the API may reject the body (e.g. a
      // replayed compaction block), which must not hide the main count.
      const second = await count(unedited).catch(() => undefined)
      if (second) data.unedited_input_tokens = second.input_tokens
      data.retries = retries
    }
    return { success: true, data }
  } catch (error) {
    return { success: false, error: error as ApiError }
  }
}
