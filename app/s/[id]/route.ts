// /s/:id — a short link. Reads the stored payload and answers a tiny page
// that navigates to `/#v2.…` (rows stored before v2 keep their `/#v1.…`,
// which still decodes), so the playground opens it exactly like a full link.
// (A server redirect cannot carry it: the fragment would travel in a
// Location header, and payloads run to 1 MB.) A route handler, not a page,
// so a deleted link answers 410 and an unknown one 404.

import { SHORT_ID_PATTERN } from "@/lib/share/ids"
import { readShortLink } from "@/lib/share/service"
import {
  renderShortLinkPage,
  type ShortLinkPage,
} from "@/lib/share/short-link-page"
import { getShareStore } from "@/lib/share/store"

export const runtime = "nodejs"
export const dynamic = "force-dynamic"

interface Context {
  params: Promise<{ id: string }>
}

async function lookUp(
  id: string,
  embed: boolean,
  nonce: string | undefined
): Promise<ShortLinkPage> {
  if (!SHORT_ID_PATTERN.test(id)) return { kind: "missing" }
  try {
    const link = await readShortLink(getShareStore(), id)
    if (link.status === "found")
      return { kind: "open", payload: link.payload, embed, nonce }
    return { kind: link.status }
  } catch (error) {
    console.error("share: reading a short link failed", error)
    return { kind: "unavailable" }
  }
}

export async function GET(
  request: Request,
  context: Context
): Promise<Response> {
  const { id } = await context.params
  // `?embed` (the Share dialog's iframe snippet) opens the embed card.
  const embed = new URL(request.url).searchParams.has("embed")
  // proxy.ts's nonce for this response: the page's redirect script needs it.
  const nonce = request.headers.get("x-nonce") ?? undefined
  const { status, html } = renderShortLinkPage(await lookUp(id, embed, nonce))
  return new Response(html, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "x-robots-tag": "noindex",
      "referrer-policy": "no-referrer",
    },
  })
}
