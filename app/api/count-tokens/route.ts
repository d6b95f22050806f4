import { countTokensUpstream } from "@/lib/anthropic/count-tokens"
import {
  COUNT_TOKENS_RATE_LIMIT,
  createRateLimiter,
} from "@/lib/anthropic/rate-limit"
import { logApiError, prepareRequest } from "@/lib/anthropic/route-guard"
import { countTokensBodySchema } from "@/lib/anthropic/schemas"

export const runtime = "nodejs"
export const dynamic = "force-dynamic"

const limiter = createRateLimiter(COUNT_TOKENS_RATE_LIMIT)

/** Exact server token counts (free): edited and original input tokens. */
export async function POST(request: Request): Promise<Response> {
  const prepared = await prepareRequest(request, {
    surface: "count_tokens",
    schema: countTokensBodySchema,
    limiter,
    env: process.env,
    nowMs: Date.now(),
  })
  if (!prepared.success) return prepared.error.toResponse()

  const { client, body, config, apiKey } = prepared.data
  const result = await countTokensUpstream(client, body.request, {
    mode: body.mode,
    config,
    secrets: [apiKey],
    signal: request.signal,
  })
  if (!result.success) {
    logApiError(result.error)
    return result.error.toResponse()
  }
  return Response.json(result.data, {
    headers: { "cache-control": "no-store" },
  })
}
