"use client"

import type { PlaygroundStore } from "@/lib/state"

/**
 * Whether the request may be replaced (an example, a lesson): always, unless
 * the JSON editor holds text that does not parse. That text is not in the
 * undo history, so the user is asked first.
 */
export function mayReplaceRequest(store: PlaygroundStore): boolean {
  if (!store.getState().parseError) return true
  return window.confirm(
    "The JSON editor has an error, and its text is not in the undo history. Replace it anyway?"
  )
}
