"use client"

import { useId, type ReactNode } from "react"

import { useModalDialog } from "@/components/ui/use-modal-dialog"

/** Props for `ModalDialog`. */
export interface ModalDialogProps {
  open: boolean
  onClose(): void
  title: string
  /** Test ids: `<prefix>.dialog` on the <dialog>, `<prefix>.close` on its close button. */
  testIdPrefix: string
  children: ReactNode
}

/**
 * A native <dialog> opened with showModal(): focus moves in and is trapped,
 * Escape closes it, the page behind is inert — no focus-trap library needed.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  testIdPrefix,
  children,
}: ModalDialogProps) {
  const ref = useModalDialog(open)
  const titleId = useId()

  return (
    <dialog
      ref={ref}
      data-testid={`${testIdPrefix}.dialog`}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        // Let the parent own `open`: Escape asks to close instead of closing.
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (event.target === event.currentTarget) onClose()
      }}
      className="m-auto w-[min(42rem,calc(100vw-2rem))] rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      {open ? (
        <div className="flex max-h-[calc(100dvh-4rem)] flex-col gap-4 overflow-y-auto p-5">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button
              type="button"
              data-testid={`${testIdPrefix}.close`}
              onClick={onClose}
              className="rounded-md px-2 py-1 text-sm text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              Close
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  )
}
