// GET /api/share/:id — the stored payload (404 unknown, 410 deleted).
// DELETE /api/share/:id — with the creator's `x-delete-token` → 204.

import { DELETE_TOKEN_HEADER } from "@/lib/share/api"
import { refuseShareDelete } from "@/lib/share/guard"
import { emptyResponse, errorResponse, jsonResponse } from "@/lib/share/http"
import { SHORT_ID_PATTERN } from "@/lib/share/ids"
import { deleteShortLink, readShortLink } from "@/lib/share/service"
import { getShareStore } from "@/lib/share/store"

export const runtime = "nodejs"

interface Context {
  params: Promise<{ id: string }>
}

const notFound = () =>
  errorResponse(404, "not_found:share", "There is no shared link with this id.")
const gone = () =>
  errorResponse(
    410,
    "gone:share",
    "This shared link was deleted by its creator."
  )
const failed = (error: unknown) => {
  console.error("share: reading the store failed", error)
  return errorResponse(
    500,
    "server_error:share",
    "The link could not be read. Try again."
  )
}

export async function GET(
  _request: Request,
  context: Context
): Promise<Response> {
  const { id } = await context.params
  if (!SHORT_ID_PATTERN.test(id)) return notFound()
  try {
    const link = await readShortLink(getShareStore(), id)
    if (link.status === "missing") return notFound()
    if (link.status === "deleted") return gone()
    return jsonResponse(200, {
      id,
      payload: link.payload,
      createdAt: link.createdAt,
    })
  } catch (error) {
    return failed(error)
  }
}

export async function DELETE(
  request: Request,
  context: Context
): Promise<Response> {
  const refused = refuseShareDelete(request)
  if (refused) return refused
  const { id } = await context.params
  if (!SHORT_ID_PATTERN.test(id)) return notFound()
  const token = request.headers.get(DELETE_TOKEN_HEADER)
  if (!token) {
    return errorResponse(
      403,
      "forbidden:share",
      `Send the delete token in the ${DELETE_TOKEN_HEADER} header.`
    )
  }
  try {
    const outcome = await deleteShortLink({
      store: getShareStore(),
      id,
      deleteToken: token,
      now: Date.now(),
    })
    if (outcome === "deleted") return emptyResponse(204)
    if (outcome === "missing") return notFound()
    if (outcome === "gone") return gone()
    return errorResponse(
      403,
      "forbidden:share",
      "This delete token does not match the link."
    )
  } catch (error) {
    return failed(error)
  }
}
