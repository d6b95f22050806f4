import { MESSAGES_RATE_LIMIT } from "@/lib/anthropic/rate-limit"
import { answerPost, logApiError } from "@/lib/anthropic/route-guard"
import { createSharedRateLimiter } from "@/lib/server/shared-rate-limit"
import {
  messagesBodySchema,
  NDJSON_CONTENT_TYPE,
} from "@/lib/anthropic/schemas"
import { openMessageStream } from "@/lib/anthropic/stream-messages"

export const runtime = "nodejs"
export const dynamic = "force-dynamic"

/** Shared by every instance on the same database (SHARE_DATABASE_URL). */
const limiter = createSharedRateLimiter("messages", MESSAGES_RATE_LIMIT)

/**
 * A real (billed) run, streamed as NDJSON `StreamLine`s: `meta`, upstream
 * events verbatim (incl. the final `message_delta` with
 * `context_management.applied_edits`), then `done` or `error`.
 */
export async function POST(request: Request): Promise<Response> {
  return answerPost(
    request,
    { surface: "messages", schema: messagesBodySchema, limiter },
    (client, body, upstream) =>
      openMessageStream(client, body.request, {
        ...upstream,
        onStreamError: logApiError,
      }),
    (stream) =>
      new Response(stream, {
        headers: {
          "content-type": NDJSON_CONTENT_TYPE,
          // no-transform keeps compression from buffering the stream.
          "cache-control": "no-store, no-transform",
          "x-accel-buffering": "no",
        },
      })
  )
}
