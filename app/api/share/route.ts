// POST /api/share — store a share state, answer with its short link.
// The id is a content address; only the request that stores the state gets
// a delete token (see lib/share/api.ts for why repeats get none).

import { createShareRequestSchema } from "@/lib/share/api"
import { bytesToBase64url } from "@/lib/share/base64url"
import { refuseShareCreate } from "@/lib/share/guard"
import { errorResponse, jsonResponse, readBodyText } from "@/lib/share/http"
import { MAX_SHORT_LINK_PAYLOAD_CHARS } from "@/lib/share/limits"
import { createShortLink } from "@/lib/share/service"
import { getShareStore } from "@/lib/share/store"
import { requestOrigin } from "@/lib/server/client-identity"

export const runtime = "nodejs"

// Room for the JSON wrapper around the payload.
const MAX_BODY_BYTES = MAX_SHORT_LINK_PAYLOAD_CHARS + 4096

export async function POST(request: Request): Promise<Response> {
  const refused = await refuseShareCreate(request, Date.now())
  if (refused) return refused
  const body = await readBodyText(request, MAX_BODY_BYTES)
  if (!body.ok) {
    return body.reason === "too_large"
      ? errorResponse(
          413,
          "too_large:share",
          "This state is too large for a short link."
        )
      : errorResponse(
          400,
          "bad_request:share",
          "The request body could not be read."
        )
  }
  let json: unknown
  try {
    json = JSON.parse(body.text)
  } catch {
    return errorResponse(
      400,
      "bad_request:share",
      "The request body is not JSON."
    )
  }
  const parsed = createShareRequestSchema.safeParse(json)
  if (!parsed.success) {
    return errorResponse(
      400,
      "bad_request:share",
      'Send { "payload": "v2.…" }.'
    )
  }

  try {
    const result = await createShortLink({
      payload: parsed.data.payload,
      store: getShareStore(),
      deleteToken: bytesToBase64url(crypto.getRandomValues(new Uint8Array(24))),
      now: Date.now(),
    })
    if (!result.ok) {
      return result.reason === "too_large"
        ? errorResponse(413, "too_large:share", result.message)
        : errorResponse(400, "bad_request:share", result.message)
    }
    const url = shortLinkUrl(request, result.id)
    return jsonResponse(result.deleteToken ? 201 : 200, {
      id: result.id,
      url,
      existed: !result.deleteToken,
      ...(result.deleteToken ? { deleteToken: result.deleteToken } : {}),
      notes: result.notes,
    })
  } catch (error) {
    console.error("share: storing a short link failed", error)
    return errorResponse(
      500,
      "server_error:share",
      "The link could not be stored. Try again."
    )
  }
}

/**
 * The link on this app's origin: PUBLIC_ORIGIN when set, else the host the
 * caller used (its Host header, so a page on 127.0.0.1 gets a 127.0.0.1
 * link); a client-written X-Forwarded-Host is never used (only a trusted
 * proxy's, with TRUSTED_PROXY_HOPS set).
 */
function shortLinkUrl(request: Request, id: string): string {
  return new URL(`/s/${id}`, requestOrigin(request)).toString()
}
