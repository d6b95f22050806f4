"use client"

import type { KeyboardEvent } from "react"

/**
 * Keyboard behaviour of a role="menu": ArrowDown/ArrowUp move between items
 * (wrapping), Home/End jump, Escape closes.
 */
export function onMenuKeyDown(
  e: KeyboardEvent<HTMLElement>,
  close: () => void
) {
  if (e.key === "Escape") {
    close()
    return
  }
  const items = [
    ...e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]'),
  ]
  if (items.length === 0) return
  const at = items.indexOf(document.activeElement as HTMLElement)
  const next =
    e.key === "ArrowDown"
      ? (at + 1) % items.length
      : e.key === "ArrowUp"
        ? (at - 1 + items.length) % items.length
        : e.key === "Home"
          ? 0
          : e.key === "End"
            ? items.length - 1
            : -1
  if (next < 0) return
  e.preventDefault()
  items[next]?.focus()
}
