"use client"

import { useMemo, useState } from "react"

import type { SimulateSuccess } from "@/lib/context-editing"
import {
  DIFF_STRING_HEAD,
  DIFF_STRING_LIMIT,
  diffText,
} from "@/lib/json/diff-text"
import { LazyJsonDiffEditor } from "@/components/monaco/lazy-json-diff-editor"

/**
 * Monaco's diff editor over the request JSON before and after the edits.
 * Long strings are shortened on both sides unless the user asks for the full
 * text (see lib/json/diff-text.ts for why).
 */
export function RawDiff({
  sim,
  original,
}: {
  sim: SimulateSuccess
  original: unknown
}) {
  const [full, setFull] = useState(false)
  const limit = full ? Infinity : DIFF_STRING_LIMIT
  const before = useMemo(() => diffText(original, limit), [original, limit])
  const after = useMemo(
    () => diffText(sim.request, limit),
    [sim.request, limit]
  )
  const [ready, setReady] = useState<{
    original: string
    modified: string
  } | null>(null)
  const computing =
    ready?.original !== before.text || ready?.modified !== after.text
  const shortened = before.shortened + after.shortened

  return (
    <div className="flex h-full flex-col" data-testid="raw.diff">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-zinc-200 px-3 py-1.5 text-xs text-zinc-500 dark:border-zinc-800">
        <span data-testid="raw.diff.strings">
          {full
            ? "Full strings: very long changed lines can take seconds to diff."
            : shortened > 0
              ? `Strings over ${DIFF_STRING_LIMIT} characters show their first ${DIFF_STRING_HEAD} and a tag of the whole text, so different strings never look equal.`
              : "Request JSON before → after the edits."}
        </span>
        {(full || shortened > 0) && (
          <button
            type="button"
            data-testid="raw.diff.full"
            aria-pressed={full}
            onClick={() => setFull(!full)}
            className="rounded border border-zinc-300 px-1.5 py-0.5 text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
          >
            {full ? "Shorten long strings" : "Show full strings"}
          </button>
        )}
        <span
          role="status"
          data-testid="raw.diff.status"
          data-state={computing ? "computing" : "ready"}
          className="ml-auto"
        >
          {computing ? "Computing diff…" : ""}
        </span>
      </div>
      <div className="min-h-0 flex-1">
        <LazyJsonDiffEditor
          original={before.text}
          modified={after.text}
          onDiffReady={setReady}
        />
      </div>
    </div>
  )
}
