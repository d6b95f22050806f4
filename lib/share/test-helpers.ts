// Helpers for the share codec tests (not used by the app).

import { bytesToBase64url } from "./base64url"
import { decodeShare } from "./codec"
import { deflateRaw } from "./deflate"

const encoder = new TextEncoder()

/** Builds a link around arbitrary JSON text, bypassing encodeShare's clean-up. */
export async function rawLink(json: string, version = 1): Promise<string> {
  return (
    `v${version}.` + bytesToBase64url(await deflateRaw(encoder.encode(json)))
  )
}

/** The error `link` decodes to, or a thrown error when it decodes (tests only). */
export async function decodeFailure(link: string) {
  const decoded = await decodeShare(link)
  if (decoded.success) throw new Error(`expected ${link} not to decode`)
  return decoded.error
}
