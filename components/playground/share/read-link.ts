"use client"

import type { RequestSource, ResultTab } from "@/lib/state"

import { decodeLink } from "./link-decoder"

export type FragmentOutcome =
  | {
      success: true
      request: unknown
      requestText?: string
      source: RequestSource
      assumptions?: Record<string, unknown>
      /** Probe results the link carries (validated by the store). */
      probes?: unknown
      view?: { resultTab?: ResultTab }
      notice?: string
    }
  | { success: false; error: string }

/**
 * Reads a `#v2.` (or older `#v1.`) share link or a `#request=` deep link (bounded decoding, see
 * lib/share/codec.ts); null when the fragment is neither.
 */
export async function readFragment(
  hash: string
): Promise<FragmentOutcome | null> {
  // Anything else (`#learn`, an anchor) is not a link: no decoder needed.
  if (!/^\s*#?(?:v\d|request=)/.test(hash)) return null
  const reply = await decodeLink(hash)
  // Measured before anything simulates or renders it: bytes are not work.
  if ("overLimit" in reply)
    return {
      success: false,
      error: `This link is too large for the page to open. ${reply.overLimit} Your current work was kept.`,
    }
  const decoded = reply.decoded
  if (!decoded.success) {
    if (decoded.error.code === "not_share") return null
    return {
      success: false,
      error: `${decoded.error.message} Your current work was kept.`,
    }
  }
  const { data, notes } = decoded
  const isDeepLink = hash.startsWith("#request=")
  return {
    success: true,
    request: data.requestText === undefined ? data.request : {},
    requestText: data.requestText,
    source: isDeepLink ? { kind: "deep-link" } : { kind: "share" },
    assumptions: data.assumptions,
    probes: data.probes,
    view: data.view?.tab ? { resultTab: data.view.tab } : undefined,
    notice:
      notes.length > 0
        ? notes.join(" ")
        : isDeepLink
          ? "Opened the request from the link."
          : "Opened a shared playground link.",
  }
}
