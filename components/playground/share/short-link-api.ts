// Browser calls to the short-link routes, parsed with the same schemas the
// routes use (lib/share/api.ts).

import {
  DELETE_TOKEN_HEADER,
  createShareResponseSchema,
  shareErrorResponseSchema,
  type CreateShareResponse,
} from "@/lib/share"

/** Outcome of a short-link call, with a message ready to show. */
export type ApiResult<T> =
  { ok: true; data: T } | { ok: false; message: string }

async function errorMessage(
  response: Response,
  fallback: string
): Promise<string> {
  try {
    const parsed = shareErrorResponseSchema.safeParse(await response.json())
    if (parsed.success) return parsed.data.error.message
  } catch {
    // not JSON: use the fallback
  }
  return fallback
}

/** POST /api/share. */
export async function createShortLink(
  payload: string
): Promise<ApiResult<CreateShareResponse>> {
  try {
    const response = await fetch("/api/share", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ payload }),
    })
    if (!response.ok) {
      return {
        ok: false,
        message: await errorMessage(
          response,
          `The server answered ${response.status}.`
        ),
      }
    }
    const parsed = createShareResponseSchema.safeParse(await response.json())
    return parsed.success
      ? { ok: true, data: parsed.data }
      : { ok: false, message: "The server sent an unexpected answer." }
  } catch {
    return {
      ok: false,
      message:
        "Could not reach the server. Check your connection and try again.",
    }
  }
}

/** DELETE /api/share/:id → "deleted" (also when already gone) or a message. */
export async function deleteShortLink(
  id: string,
  token: string
): Promise<ApiResult<"deleted" | "forbidden">> {
  try {
    const response = await fetch(`/api/share/${encodeURIComponent(id)}`, {
      method: "DELETE",
      headers: { [DELETE_TOKEN_HEADER]: token },
    })
    if (
      response.status === 204 ||
      response.status === 404 ||
      response.status === 410
    ) {
      return { ok: true, data: "deleted" }
    }
    if (response.status === 403) return { ok: true, data: "forbidden" }
    return {
      ok: false,
      message: await errorMessage(
        response,
        `The server answered ${response.status}.`
      ),
    }
  } catch {
    return {
      ok: false,
      message:
        "Could not reach the server. Check your connection and try again.",
    }
  }
}
