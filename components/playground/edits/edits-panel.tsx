"use client"

/** The edits region (forms per strategy). */
export function EditsPanel() {
  return <div className="p-3 text-sm text-zinc-500">Edits</div>
}
