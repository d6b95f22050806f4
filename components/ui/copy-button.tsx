"use client"

import { useEffect, useState } from "react"

/** Copies `text` to the clipboard and says so in a polite live region. */
export function CopyButton({
  text,
  testId,
  label = "Copy",
  disabled = false,
}: {
  text: string
  testId: string
  label?: string
  disabled?: boolean
}) {
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle")

  useEffect(() => {
    if (status === "idle") return
    const timer = setTimeout(() => setStatus("idle"), 2000)
    return () => clearTimeout(timer)
  }, [status])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setStatus("copied")
    } catch {
      // Clipboard access can be refused (permissions, insecure origin); the
      // text stays selectable in the field next to the button.
      setStatus("failed")
    }
  }

  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        data-testid={testId}
        disabled={disabled}
        onClick={() => void copy()}
        className="rounded-md border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-50 dark:border-zinc-600 dark:hover:bg-zinc-800"
      >
        {label}
      </button>
      <span
        role="status"
        aria-live="polite"
        className="text-xs text-zinc-600 dark:text-zinc-400"
      >
        {status === "copied"
          ? "Copied"
          : status === "failed"
            ? "Copy failed: select the text and copy it"
            : ""}
      </span>
    </span>
  )
}
