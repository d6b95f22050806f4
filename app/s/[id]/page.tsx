// /s/:id — a short link. Loads the stored payload on the server and hands it
// to a tiny client page that navigates to `/#v2.…` (rows stored before v2
// keep their `/#v1.…`, which still decodes), so the playground opens it
// exactly like a full link. (A server redirect cannot carry it: the
// fragment would travel in a Location header, and payloads run to 1 MB.)

import type { Metadata } from "next"
import { notFound } from "next/navigation"

import { SHORT_ID_PATTERN } from "@/lib/share/ids"
import { readShortLink } from "@/lib/share/service"
import { getShareStore, type GetResult } from "@/lib/share/store"

import { OpenShare } from "./open-share"
import { ShareMissing } from "./share-missing"

export const metadata: Metadata = {
  title: "Shared playground",
  robots: { index: false, follow: false },
}

export default async function ShortLinkPage({
  params,
}: {
  params: Promise<{ id: string }>
}) {
  const { id } = await params
  if (!SHORT_ID_PATTERN.test(id)) notFound()
  let link: GetResult
  try {
    link = await readShortLink(getShareStore(), id)
  } catch (error) {
    console.error("share: reading a short link failed", error)
    return (
      <ShareMissing
        title="This link could not be opened right now"
        detail="The server could not read its stored links. Try again in a moment."
      />
    )
  }
  if (link.status === "missing") notFound()
  if (link.status === "deleted") {
    return (
      <ShareMissing
        title="This link was deleted"
        detail="Its creator removed the shared state from this server."
      />
    )
  }
  return <OpenShare payload={link.payload} />
}
