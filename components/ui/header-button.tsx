"use client"

import { type ReactNode, useState } from "react"

/**
 * The header's text buttons (Examples, Import, Share, Code, undo/redo,
 * Reset): one line at any width, tighter padding below `sm`.
 */
export const HEADER_BUTTON =
  "rounded-md px-1 py-1 text-sm whitespace-nowrap hover:bg-zinc-100 disabled:opacity-40 min-[400px]:px-1.5 sm:px-2 dark:hover:bg-zinc-800"

/**
 * A text button of the header that opens a feature (Share, and the
 * buttons of `HeaderDialog`): its test id, its tooltip, and `dialog` when
 * it says that it opens one (aria-haspopup).
 */
export function HeaderButton({
  testId,
  title,
  dialog = false,
  onClick,
  children,
}: {
  testId: string
  title: string
  dialog?: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      data-testid={testId}
      aria-haspopup={dialog ? "dialog" : undefined}
      title={title}
      className={HEADER_BUTTON}
      onClick={onClick}
    >
      {children}
    </button>
  )
}

/**
 * A header button and the dialog it opens (Import, Learn, Code): the
 * dialog is rendered (and its code, loaded on demand, fetched) only while
 * open; `children` gets the function that closes it, after which
 * `onClosed` runs.
 */
export function HeaderDialog({
  testId,
  title,
  label,
  dialog = false,
  initiallyOpen = false,
  onClosed,
  children,
}: {
  testId: string
  title: string
  label: string
  dialog?: boolean
  initiallyOpen?: boolean
  onClosed?: () => void
  children: (close: () => void) => ReactNode
}) {
  const [open, setOpen] = useState(initiallyOpen)
  const close = () => {
    setOpen(false)
    onClosed?.()
  }
  return (
    <>
      <HeaderButton
        testId={testId}
        title={title}
        dialog={dialog}
        onClick={() => setOpen(true)}
      >
        {label}
      </HeaderButton>
      {open && children(close)}
    </>
  )
}
