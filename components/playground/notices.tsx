"use client"

import { useState } from "react"

import { restoreDraft, restoreSkipped } from "./init-store"
import { usePlaygroundStoreApi } from "./playground-store-provider"

/** "at 14:05" today, else "on 21 Nov, 14:05". */
function savedWhen(t: number): string {
  const d = new Date(t)
  const time = d.toLocaleTimeString("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
  })
  return d.toDateString() === new Date().toDateString()
    ? `at ${time}`
    : `on ${d.toLocaleDateString("en-GB", { day: "numeric", month: "short" })}, ${time}`
}

/** One-off messages about how the page was opened (bad link, skipped restore, a draft). */
export function Notices({
  notice,
  skippedRestore,
  draftSavedAt,
}: {
  notice: { kind: "info" | "error"; text: string } | null
  skippedRestore: boolean
  /** Another tab's last draft can be restored (its time), or null. */
  draftSavedAt: number | null
}) {
  const store = usePlaygroundStoreApi()
  const [showNotice, setShowNotice] = useState(notice !== null)
  const [showSkipped, setShowSkipped] = useState(skippedRestore)
  const [showDraft, setShowDraft] = useState(draftSavedAt !== null)

  if (!showNotice && !showSkipped && !showDraft) return null
  return (
    <div className="space-y-px">
      {showNotice && notice && (
        <div
          role={notice.kind === "error" ? "alert" : "status"}
          data-testid="notice.link"
          className={
            notice.kind === "error"
              ? "flex items-center gap-3 bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200"
              : "flex items-center gap-3 bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:bg-sky-950/60 dark:text-sky-100"
          }
        >
          <span className="flex-1">{notice.text}</span>
          <button
            type="button"
            className="text-xs underline"
            onClick={() => setShowNotice(false)}
          >
            Dismiss
          </button>
        </div>
      )}
      {showDraft && draftSavedAt !== null && (
        <div
          role="status"
          data-testid="notice.draft"
          className="flex items-center gap-3 bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:bg-sky-950/60 dark:text-sky-100"
        >
          <span className="flex-1">
            Opened on the sample. Your last draft, autosaved{" "}
            {savedWhen(draftSavedAt)}, can be restored.
          </span>
          <button
            type="button"
            data-testid="notice.draft.restore"
            className="rounded border border-sky-400 px-2 py-0.5 text-xs"
            onClick={() => {
              void restoreDraft(store)
              setShowDraft(false)
            }}
          >
            Restore the draft
          </button>
          <button
            type="button"
            className="text-xs underline"
            onClick={() => setShowDraft(false)}
          >
            Keep the sample
          </button>
        </div>
      )}
      {showSkipped && (
        <div
          role="status"
          data-testid="notice.skipped-restore"
          className="flex items-center gap-3 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/60 dark:text-amber-100"
        >
          <span className="flex-1">
            Your last session in this tab was not restored, because the page did
            not finish loading with it (it may have frozen the page).
          </span>
          <button
            type="button"
            className="rounded border border-amber-400 px-2 py-0.5 text-xs"
            onClick={() => {
              void restoreSkipped(store)
              setShowSkipped(false)
            }}
          >
            Restore anyway
          </button>
          <button
            type="button"
            className="text-xs underline"
            onClick={() => setShowSkipped(false)}
          >
            Keep the sample
          </button>
        </div>
      )}
    </div>
  )
}
