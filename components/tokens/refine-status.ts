"use client"

// The refinement status the token numbers show (estimate / counted). Kept
// apart from the refiner, which loads after the first paint.
import { useSyncExternalStore } from "react"

/** What the page shows about the numbers. */
export interface RefineStatus {
  /** "estimate": heuristic numbers (counting may be under way); "counted": every text BPE-counted. */
  state: "estimate" | "counted"
  /** Milliseconds the worker spent on the last batch, and its size. */
  lastBatchMs: number | null
  lastBatchTexts: number
}

let status: RefineStatus = {
  state: "estimate",
  lastBatchMs: null,
  lastBatchTexts: 0,
}
const listeners = new Set<() => void>()

export const getRefineStatus = (): RefineStatus => status

export function setRefineStatus(next: Partial<RefineStatus>): void {
  status = { ...status, ...next }
  for (const l of listeners) l()
}

/** The refinement status, for the token numbers' estimate / counted marks. */
export function useRefineStatus(): RefineStatus {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => status,
    () => status
  )
}
