// The share routes' entry checks: the app's one route guard (same origin,
// JSON body) and, for creation, a per-client rate limit. Server-only.

import {
  guardStateChange,
  type GuardRefusal,
} from "@/lib/anthropic/route-guard"
import { clientIdentity } from "@/lib/server/client-identity"
import { createSharedRateLimiter } from "@/lib/server/shared-rate-limit"

import { errorResponse } from "./http"
import { SHARE_CREATE_RATE_LIMIT } from "./limits"

/** Shared by every instance on the same database (tests call `reset()`). */
export const shareCreateLimiter = createSharedRateLimiter(
  "share-create",
  SHARE_CREATE_RATE_LIMIT
)

function refusedResponse(refused: GuardRefusal): Response {
  return errorResponse(
    refused.status,
    refused.reason === "cross_site" ? "forbidden:share" : "bad_request:share",
    refused.message
  )
}

/** For `POST /api/share`: null when the request may create a link. */
export async function refuseShareCreate(
  request: Request,
  nowMs: number
): Promise<Response | null> {
  const refused = guardStateChange(request, { hasBody: true })
  if (refused) return refusedResponse(refused)
  const verdict = await shareCreateLimiter.take(
    clientIdentity(request.headers),
    nowMs
  )
  if (verdict.allowed) return null
  const response = errorResponse(
    429,
    "rate_limit:share",
    `Too many short links from this browser; retry in ${verdict.retryAfterSeconds} s.`
  )
  response.headers.set("retry-after", String(verdict.retryAfterSeconds))
  return response
}

/** For `DELETE /api/share/:id`: null when the request may go on. */
export function refuseShareDelete(request: Request): Response | null {
  const refused = guardStateChange(request, { hasBody: false })
  return refused ? refusedResponse(refused) : null
}
