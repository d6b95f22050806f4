"use client"

import { useState } from "react"

import { restoreSkipped } from "./init-store"
import { usePlaygroundStoreApi } from "./playground-store-provider"

/** One-off messages about how the page was opened (bad link, skipped restore). */
export function Notices({
  notice,
  skippedRestore,
}: {
  notice: { kind: "info" | "error"; text: string } | null
  skippedRestore: boolean
}) {
  const store = usePlaygroundStoreApi()
  const [showNotice, setShowNotice] = useState(notice !== null)
  const [showSkipped, setShowSkipped] = useState(skippedRestore)

  if (!showNotice && !showSkipped) return null
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
