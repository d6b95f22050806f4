import { countTokensUpstream } from "@/lib/anthropic/count-tokens"
import { COUNT_TOKENS_RATE_LIMIT } from "@/lib/anthropic/rate-limit"
import { createSharedRateLimiter } from "@/lib/server/shared-rate-limit"
import { answerPost } from "@/lib/anthropic/route-guard"
import { countTokensBodySchema } from "@/lib/anthropic/schemas"

export const runtime = "nodejs"
export const dynamic = "force-dynamic"

/** Shared by every instance on the same database (SHARE_DATABASE_URL). */
const limiter = createSharedRateLimiter("count_tokens", COUNT_TOKENS_RATE_LIMIT)

/** Exact server token counts (free): edited and original input tokens. */
export async function POST(request: Request): Promise<Response> {
  return answerPost(
    request,
    { surface: "count_tokens", schema: countTokensBodySchema, limiter },
    (client, body, upstream) =>
      countTokensUpstream(client, body.request, {
        ...upstream,
        mode: body.mode,
      }),
    (counts) =>
      Response.json(counts, { headers: { "cache-control": "no-store" } })
  )
}
