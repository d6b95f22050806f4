"use client"

import { useEffect } from "react"

/**
 * While `open`, remembers the element that had focus when the dialog opened
 * (its opener) and gives focus back to it when the dialog closes or
 * unmounts. A native <dialog> does this only when it is closed with
 * close(); one removed from the page with its state drops focus to <body>,
 * and a keyboard user then starts over at the top of the page.
 * Call it before the effect that calls showModal().
 */
export function useReturnFocus(open: boolean): void {
  useEffect(() => {
    if (!open) return
    const opener =
      document.activeElement instanceof HTMLElement &&
      document.activeElement !== document.body
        ? document.activeElement
        : null
    return () => {
      if (!opener?.isConnected) return
      const active = document.activeElement
      // Only when focus was lost (to <body> or with the dialog), never
      // pulled away from where the user moved it since.
      if (active === null || active === document.body || !active.isConnected)
        opener.focus()
      else if (active.closest("dialog")) opener.focus()
    }
  }, [open])
}
