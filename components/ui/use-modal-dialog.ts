"use client"

import { useEffect, useRef } from "react"

import { useReturnFocus } from "./use-return-focus"

/**
 * Keeps a native <dialog> in step with `open`: showModal() when it opens,
 * close() when it closes, and focus back to its opener afterwards. Returns
 * the ref for the <dialog>.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null)
  useReturnFocus(open)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return ref
}
