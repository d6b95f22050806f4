"use client"

import type { HeldInput } from "./use-import-source"

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`

/** A large input held outside the text area: what it is, its start, and Clear. */
export function HeldText({
  held,
  onClear,
}: {
  held: HeldInput
  onClear(): void
}) {
  return (
    <section
      data-testid="import.held"
      aria-label="Input to import"
      className="flex flex-col gap-2 rounded-md border border-zinc-300 p-3 text-sm dark:border-zinc-600"
    >
      <div className="flex items-center justify-between gap-2">
        <p>
          <span className="font-medium">{held.label}</span>{" "}
          <span className="text-zinc-500 dark:text-zinc-400">
            · {mb(held.chars)}, too long to edit here; it is imported as it is
          </span>
        </p>
        <button
          type="button"
          data-testid="import.clear"
          onClick={onClear}
          className="rounded-md border border-zinc-300 px-2 py-0.5 text-xs hover:bg-zinc-100 dark:border-zinc-600 dark:hover:bg-zinc-800"
        >
          Clear
        </button>
      </div>
      {held.preview ? (
        <pre className="max-h-24 overflow-hidden font-mono text-xs whitespace-pre-wrap text-zinc-600 dark:text-zinc-400">
          {held.preview}…
        </pre>
      ) : null}
    </section>
  )
}

/** "Checking 16.2 MB…" with Cancel while the worker reads a large input. */
export function ImportProgress({
  checking,
  onCancel,
}: {
  checking: { chars: number } | null
  onCancel(): void
}) {
  // Small inputs are checked in a blink: no flicker for them.
  if (!checking || checking.chars < 100_000) return null
  return (
    <p
      role="status"
      data-testid="import.progress"
      className="flex items-center gap-3 text-sm text-zinc-600 dark:text-zinc-400"
    >
      <span
        aria-hidden
        className="size-3 animate-spin rounded-full border-2 border-zinc-400 border-t-transparent"
      />
      Reading and checking {mb(checking.chars)} (in the background; the page
      stays usable)…
      <button
        type="button"
        data-testid="import.cancel"
        onClick={onCancel}
        className="rounded-md border border-zinc-300 px-2 py-0.5 text-xs hover:bg-zinc-100 dark:border-zinc-600 dark:hover:bg-zinc-800"
      >
        Cancel
      </button>
    </p>
  )
}

/** Why the input cannot be imported: over the size limit, or too heavy for the page. */
export function ImportAlerts({
  refusal,
  tooHeavy,
}: {
  refusal: string | null
  tooHeavy: string | null
}) {
  if (refusal)
    return (
      <p
        role="alert"
        data-testid="import.too-large"
        className="text-sm text-red-800 dark:text-red-200"
      >
        {refusal}
      </p>
    )
  if (tooHeavy)
    return (
      <p
        role="alert"
        data-testid="import.too-heavy"
        className="text-sm text-red-800 dark:text-red-200"
      >
        This conversation is too large for the page to open. {tooHeavy} Your
        current work is unchanged.
      </p>
    )
  return null
}
