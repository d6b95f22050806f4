// Small Response helpers for the share routes. Kept local on purpose: the
// routes need one error shape, `{ error: { code, message } }`, not a framework.

const NO_STORE = {
  // Deletion must take effect immediately, so nothing may cache a link...
  "cache-control": "no-store",
  // ...and shared conversations must not end up in search results
  // (regex101#388: a shared link got indexed).
  "x-robots-tag": "noindex",
}

/** A JSON response with no-store / noindex headers. */
export function jsonResponse(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: NO_STORE })
}

/** The share routes' error response: `{ error: { code, message } }`. */
export function errorResponse(
  status: number,
  code: string,
  message: string
): Response {
  return jsonResponse(status, { error: { code, message } })
}

/** An empty response (e.g. 204 after a delete). */
export function emptyResponse(status: number): Response {
  return new Response(null, { status, headers: NO_STORE })
}

/** Result of `readBodyText`. */
export type ReadBodyResult =
  { ok: true; text: string } | { ok: false; reason: "too_large" | "unreadable" }

/**
 * Reads a request body as UTF-8, giving up as soon as it passes `maxBytes`
 * (a lying or missing Content-Length cannot make the server buffer more).
 */
export async function readBodyText(
  request: Request,
  maxBytes: number
): Promise<ReadBodyResult> {
  const declared = Number(request.headers.get("content-length"))
  if (Number.isFinite(declared) && declared > maxBytes) {
    return { ok: false, reason: "too_large" }
  }
  if (!request.body) return { ok: true, text: "" }
  const reader = request.body.getReader()
  const decoder = new TextDecoder()
  let total = 0
  let text = ""
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined)
        return { ok: false, reason: "too_large" }
      }
      text += decoder.decode(value, { stream: true })
    }
    return { ok: true, text: text + decoder.decode() }
  } catch {
    return { ok: false, reason: "unreadable" }
  }
}
