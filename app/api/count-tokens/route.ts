import { countTokensUpstream } from "@/lib/anthropic/count-tokens"
import { COUNT_TOKENS_RATE_LIMIT } from "@/lib/anthropic/rate-limit"
import { postRoute } from "@/lib/anthropic/route-guard"
import { countTokensBodySchema } from "@/lib/anthropic/schemas"
import { createSharedRateLimiter } from "@/lib/server/shared-rate-limit"

export const runtime = "nodejs"
export const dynamic = "force-dynamic"

/** Exact server token counts (free): edited and original input tokens. */
export const POST = postRoute(
  {
    surface: "count_tokens",
    schema: countTokensBodySchema,
    // Shared by every instance on the same database (SHARE_DATABASE_URL).
    limiter: createSharedRateLimiter("count_tokens", COUNT_TOKENS_RATE_LIMIT),
  },
  (client, body, upstream) =>
    countTokensUpstream(client, body.request, { ...upstream, mode: body.mode }),
  (counts) =>
    Response.json(counts, { headers: { "cache-control": "no-store" } })
)
