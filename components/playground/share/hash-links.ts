"use client"

import type { PlaygroundStore } from "@/lib/state"

import { readFragment, type FragmentOutcome } from "./read-link"
import { mayReplaceRequest } from "../store/replace-request"

/** A message for the link bar. */
export interface LinkNotice {
  kind: "info" | "error"
  text: string
}

/**
 * A share or deep link pasted into the address bar of an open tab (only the
 * fragment changes, so the page does not reload): opens it like a fresh
 * load would, as one undoable change, and removes the fragment from the
 * address bar so that a later reload restores the newer work, not the link.
 * Null when the fragment is not a link (e.g. `#learn`) or the user keeps
 * their unparsable text.
 */
export async function openFragmentInto(
  store: PlaygroundStore
): Promise<LinkNotice | null> {
  const fragment = await readFragment(window.location.hash)
  if (!fragment) return null
  history.replaceState(
    null,
    "",
    window.location.pathname + window.location.search
  )
  if (!fragment.success) return { kind: "error", text: fragment.error }
  if (!mayReplaceRequest(store)) return null
  return applyFragment(store, fragment)
}

/**
 * Opens a decoded link over the store's current request as one undoable
 * change (the page load path and the hash-change path both come here), so
 * what the tab held is always one Undo away.
 */
export function applyFragment(
  store: PlaygroundStore,
  fragment: Extract<FragmentOutcome, { success: true }>
): LinkNotice {
  const s = store.getState()
  s.setRequest(fragment.request, fragment.source)
  if (fragment.requestText !== undefined) s.setRequestText(fragment.requestText)
  store.setState({ assumptions: fragment.assumptions ?? {} })
  if (fragment.view) store.setState(fragment.view)
  if (fragment.probes)
    store.getState().mergeProbeRuns(fragment.probes, { fromLink: true })
  return {
    kind: "info",
    text: `${fragment.notice ?? "Opened the link."} Undo brings back what you had.`,
  }
}
