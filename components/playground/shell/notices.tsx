"use client"

import { type ReactNode, useState } from "react"

import { restoreDraft, restoreSkipped } from "./init-store"
import { usePlaygroundStoreApi } from "../store/playground-store-provider"

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

const TONES = {
  sky: {
    bar: "bg-sky-50 text-sky-900 dark:bg-sky-950/60 dark:text-sky-100",
    button: "border-sky-400",
  },
  amber: {
    bar: "bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-100",
    button: "border-amber-400",
  },
}

/** The two kinds of saved state the page may offer back instead of the sample. */
const OFFERS = {
  draft: {
    testId: "notice.draft",
    tone: "sky",
    restoreLabel: "Restore the draft",
    restore: restoreDraft,
  },
  skipped: {
    testId: "notice.skipped-restore",
    tone: "amber",
    restoreLabel: "Restore anyway",
    restore: restoreSkipped,
  },
} as const

/** A bar offering saved state: restore it, or keep the sample. */
function RestoreOffer({
  offer,
  onClose,
  children,
}: {
  offer: keyof typeof OFFERS
  onClose: () => void
  children: ReactNode
}) {
  const store = usePlaygroundStoreApi()
  const { testId, tone, restoreLabel, restore } = OFFERS[offer]
  return (
    <div
      role="status"
      data-testid={testId}
      className={`flex items-center gap-3 px-3 py-2 text-sm ${TONES[tone].bar}`}
    >
      <span className="flex-1">{children}</span>
      <button
        type="button"
        data-testid={`${testId}.restore`}
        className={`rounded border px-2 py-0.5 text-xs ${TONES[tone].button}`}
        onClick={() => {
          void restore(store)
          onClose()
        }}
      >
        {restoreLabel}
      </button>
      <button type="button" className="text-xs underline" onClick={onClose}>
        Keep the sample
      </button>
    </div>
  )
}

/** What the page learnt while opening, for `Notices`. */
export interface NoticesProps {
  notice: { kind: "info" | "error"; text: string } | null
  skippedRestore: boolean
  /** Another tab's last draft can be restored (its time), or null. */
  draftSavedAt: number | null
}

/** One-off messages about how the page was opened (bad link, skipped restore, a draft). */
export function Notices({
  notice,
  skippedRestore,
  draftSavedAt,
}: NoticesProps) {
  const [showNotice, setShowNotice] = useState(notice !== null)
  // A new notice (a link opened in this tab) shows again after a dismissal.
  const [shown, setShown] = useState(notice)
  if (notice !== shown) {
    setShown(notice)
    setShowNotice(notice !== null)
  }
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
        <RestoreOffer offer="draft" onClose={() => setShowDraft(false)}>
          Opened on the sample. Your last draft, autosaved{" "}
          {savedWhen(draftSavedAt)}, can be restored.
        </RestoreOffer>
      )}
      {showSkipped && (
        <RestoreOffer offer="skipped" onClose={() => setShowSkipped(false)}>
          Your last session in this tab was not restored, because the page did
          not finish loading with it (it may have frozen the page).
        </RestoreOffer>
      )}
    </div>
  )
}
