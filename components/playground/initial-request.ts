"use client"

import type { RequestSource, ResultTab } from "@/lib/state"

export type FragmentOutcome =
  | {
      success: true
      request: unknown
      requestText?: string
      source: RequestSource
      assumptions?: Record<string, unknown>
      view?: { resultTab?: ResultTab }
      notice?: string
    }
  | { success: false; error: string }

const MAX_DEEP_LINK_CHARS = 8_000_000

/** Reads a `#request=` deep link or a `#v1.` share link; null when there is neither. */
export async function readFragment(
  hash: string
): Promise<FragmentOutcome | null> {
  if (!hash || hash === "#") return null
  if (hash.startsWith("#request=")) {
    if (hash.length > MAX_DEEP_LINK_CHARS) {
      return {
        success: false,
        error: "This link's request is too large to open.",
      }
    }
    let text: string
    try {
      text = decodeURIComponent(hash.slice("#request=".length))
    } catch {
      return {
        success: false,
        error:
          "This link's request is not valid percent-encoding; nothing was loaded.",
      }
    }
    try {
      return {
        success: true,
        request: JSON.parse(text),
        source: { kind: "deep-link" },
      }
    } catch {
      return {
        success: true,
        request: {},
        requestText: text,
        source: { kind: "deep-link" },
        notice:
          "The linked request is not valid JSON; it was loaded as text so you can fix it.",
      }
    }
  }
  return null
}

/** The request the page opens with when nothing else is asked for. */
export async function loadDefaultSample(): Promise<{
  id: string
  request: unknown
}> {
  return {
    id: "starter",
    request: {
      model: "claude-sonnet-4-6",
      max_tokens: 1024,
      messages: [{ role: "user", content: "Hello" }],
      context_management: { edits: [{ type: "clear_tool_uses_20250919" }] },
    },
  }
}
