"use client"

import { useMemo } from "react"

import type { SimulateSuccess } from "@/lib/context-editing"
import { LazyJsonDiffEditor } from "@/components/monaco/lazy-json-diff-editor"

/** Monaco's diff editor over the request JSON before and after the edits. */
export function RawDiff({
  sim,
  original,
}: {
  sim: SimulateSuccess
  original: unknown
}) {
  const before = useMemo(() => JSON.stringify(original, null, 2), [original])
  const after = useMemo(
    () => JSON.stringify(sim.request, null, 2),
    [sim.request]
  )
  return (
    <div className="h-full" data-testid="raw.diff">
      <LazyJsonDiffEditor original={before} modified={after} />
    </div>
  )
}
