"use client"

import { useId } from "react"

import type { ImportCandidate } from "@/lib/import"

const TITLES: Record<ImportCandidate["kind"], string> = {
  command: "This text holds several requests: pick the one to import",
  "sdk-call": "This text holds several requests: pick the one to import",
  json: "This text holds several requests: pick the one to import",
  "main-thread": "This log holds several conversations: pick one to import",
  sidechain: "This log holds several conversations: pick one to import",
}

/**
 * Which of several importable things to take: the curl commands of a docs
 * block, the SDK calls of a snippet, or a Claude Code log's main thread and
 * subagents (sidechains).
 */
export function CandidatePicker({
  candidates,
  onPick,
}: {
  candidates: readonly ImportCandidate[] | undefined
  onPick(id: string): void
}) {
  const id = useId()
  if (!candidates || candidates.length < 2) return null
  const selected = candidates.find((c) => c.selected) ?? candidates[0]!
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {TITLES[selected.kind]}
      </label>
      <select
        id={id}
        data-testid="import.candidates"
        value={selected.id}
        onChange={(event) => onPick(event.target.value)}
        className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-600 dark:bg-zinc-950"
      >
        {candidates.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  )
}
