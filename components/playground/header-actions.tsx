"use client"

/** Examples, import, share, code, undo/redo. */
export function HeaderActions() {
  return null
}
