"use client"

/** The result region. */
export function ResultPanel() {
  return <div className="p-3 text-sm text-zinc-500">Result</div>
}
