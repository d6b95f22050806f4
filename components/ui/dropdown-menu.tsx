"use client"

import { type ReactNode, useCallback, useId, useRef, useState } from "react"

import { cn } from "./cn"
import { onMenuKeyDown } from "./menu-keys"
import { useDismiss } from "./use-dismiss"

/** The button that opens a dropdown menu. */
export interface MenuButton {
  testId: string
  label: ReactNode
  className: string
  ariaLabel?: string
  disabled?: boolean
  /** Runs on every click of the button, besides opening or closing. */
  onClick?: () => void
}

/**
 * A button that opens a `role="menu"` popup (Examples, "⋯", "+ Add edit"):
 * closed by a click outside, Escape or an item (through `close`), with the
 * arrow keys moving between items; Escape and an item give focus back to
 * the button (a dialog an item opens then returns focus to it too).
 */
export function DropdownMenu({
  className,
  button,
  menuClassName,
  focusMenu = false,
  children,
}: {
  /** Classes of the wrapper besides `relative`. */
  className?: string
  button: MenuButton
  menuClassName: string
  /** Focus the menu itself on open (for when its first items may be disabled). */
  focusMenu?: boolean
  children: (close: () => void) => ReactNode
}) {
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLDivElement>(null)
  const buttonId = useId()
  // Closing gives focus back to the button when it was in the menu (Escape,
  // an item), never when the user moved it elsewhere (a click outside).
  const close = useCallback(() => {
    const active = document.activeElement
    const button = document.getElementById(buttonId)
    const inMenu =
      active === null ||
      active === document.body ||
      (button?.parentElement?.contains(active) ?? false)
    setOpen(false)
    if (inMenu) button?.focus()
  }, [buttonId])
  useDismiss(ref, open, close)
  // A stable callback ref: focus once when the menu appears, not per render.
  const focusOnMount = useCallback((el: HTMLElement | null) => el?.focus(), [])
  return (
    <div
      ref={ref}
      className={cn("relative", className)}
      // On the wrapper: Escape and the arrows work from the button too.
      onKeyDown={(e) => {
        if (open) onMenuKeyDown(e, close)
      }}
    >
      <button
        id={buttonId}
        type="button"
        disabled={button.disabled}
        data-testid={button.testId}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={button.ariaLabel}
        onClick={() => {
          setOpen(!open)
          button.onClick?.()
        }}
        className={button.className}
      >
        {button.label}
      </button>
      {open && (
        <div
          role="menu"
          // Escape and the arrow keys reach a menu focused on open.
          tabIndex={focusMenu ? -1 : undefined}
          ref={focusMenu ? focusOnMount : undefined}
          className={menuClassName}
        >
          {children(close)}
        </div>
      )}
    </div>
  )
}
