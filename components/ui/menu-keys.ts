"use client"

import type { KeyboardEvent } from "react"

import { arrowIndex } from "./arrow-keys"

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
  const next = arrowIndex(e.key, at, items.length, "ArrowUp", "ArrowDown")
  if (next < 0) return
  e.preventDefault()
  items[next]?.focus()
}
