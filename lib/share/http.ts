// Small Response helpers for the share routes. Kept local on purpose: the
// routes need one error shape, `{ error: { code, message } }`, not a framework.

import { readBodyUpTo } from "@/lib/anthropic/route-guard"

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
  try {
    const text = await readBodyUpTo(request, maxBytes)
    return text === null
      ? { ok: false, reason: "too_large" }
      : { ok: true, text }
  } catch {
    return { ok: false, reason: "unreadable" }
  }
}
