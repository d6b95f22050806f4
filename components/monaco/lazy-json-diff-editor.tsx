"use client"

import dynamic from "next/dynamic"

/** The raw before/after diff, loaded on demand (Monaco stays out of first paint). */
export const LazyJsonDiffEditor = dynamic(
  () => import("./json-diff-editor").then((m) => m.JsonDiffEditor),
  {
    ssr: false,
    loading: () => (
      <p className="p-4 text-sm text-zinc-500">Loading the diff editor…</p>
    ),
  }
)
