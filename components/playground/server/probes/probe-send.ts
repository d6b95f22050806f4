import { API_ERROR_STATUS, parseApiErrorCode } from "@/lib/anthropic/errors"
import { countTokens } from "@/lib/anthropic/fetcher"
import type { ProbeSend } from "@/lib/probes"

/**
 * A probe `send` through the app's own count_tokens route: the answer is
 * turned back into count_tokens' shape (200: input_tokens and
 * context_management; errors: the API's `{type:"error", error}` body, a 429
 * with its retry-after). The key goes in the route's header only.
 */
export function routeSend(apiKey: string, signal: AbortSignal): ProbeSend {
  return async (body) => {
    const r = await countTokens(body, { apiKey: apiKey || undefined, signal })
    if (r.success)
      return {
        status: 200,
        body: {
          input_tokens: r.data.input_tokens,
          context_management: r.data.reported_original
            ? { original_input_tokens: r.data.original_input_tokens }
            : null,
        },
      }
    const { type } = parseApiErrorCode(r.error.code)
    if (type === "cancelled") throw new DOMException("Cancelled", "AbortError")
    return {
      status: API_ERROR_STATUS[type],
      body: {
        type: "error",
        error: {
          type: type === "bad_request" ? "invalid_request_error" : type,
          message: r.error.message,
        },
        retryAfterSeconds: r.error.details?.retryAfterSeconds,
      },
    }
  }
}
