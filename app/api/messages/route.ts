import { MESSAGES_RATE_LIMIT } from "@/lib/anthropic/rate-limit"
import { logApiError, postRoute } from "@/lib/anthropic/route-guard"
import {
  messagesBodySchema,
  NDJSON_CONTENT_TYPE,
} from "@/lib/anthropic/schemas"
import { createSharedRateLimiter } from "@/lib/server/shared-rate-limit"
import { openMessageStream } from "@/lib/anthropic/stream-messages"

export const runtime = "nodejs"
export const dynamic = "force-dynamic"

/**
 * A real (billed) run, streamed as NDJSON `StreamLine`s: `meta`, upstream
 * events verbatim (incl. the final `message_delta` with
 * `context_management.applied_edits`), then `done` or `error`.
 */
export const POST = postRoute(
  {
    surface: "messages",
    schema: messagesBodySchema,
    // Shared by every instance on the same database (SHARE_DATABASE_URL).
    limiter: createSharedRateLimiter("messages", MESSAGES_RATE_LIMIT),
  },
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
