"use client"

import { useEffect, type RefObject } from "react"

/** Calls `onDismiss` on a mouse-down outside `ref` while `open` (menus, popovers). */
export function useDismiss(
  ref: RefObject<HTMLElement | null>,
  open: boolean,
  onDismiss: () => void
) {
  useEffect(() => {
    if (!open) return
    const close = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) onDismiss()
    }
    document.addEventListener("mousedown", close)
    return () => document.removeEventListener("mousedown", close)
  }, [ref, open, onDismiss])
}
