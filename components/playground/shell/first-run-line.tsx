"use client"

import { usePlaygroundStore } from "../store/playground-store-provider"

/**
 * One line for a first-time visitor — what the page is for and where to
 * start — while the untouched sample is open; it goes away with the first
 * change, import or link.
 */
export function FirstRunLine() {
  const onSample = usePlaygroundStore(
    (s) =>
      s.origin?.source.kind === "preset" &&
      !s.origin.edited &&
      s.past.length === 0
  )
  if (!onSample) return null
  return (
    <p
      data-testid="intro"
      className="border-b border-zinc-200 px-3 py-1.5 text-sm text-zinc-700 dark:border-zinc-800 dark:text-zinc-300"
    >
      See what context editing will clear from a Messages API request before you
      send it. Start by changing an edit in the{" "}
      {/* The regions are tabs below the lg breakpoint (workspace.tsx). */}
      <span className="lg:hidden">Edits tab</span>
      <span className="hidden lg:inline">middle column</span> and watch the
      Blocks list, or <strong>Import</strong> your own conversation.
    </p>
  )
}
