"use client"

// The refinement status the token numbers show (estimate / counted). Kept
// apart from the refiner, which loads after the first paint.
import { externalStore, useExternalStore } from "@/components/ui/external-store"

/** What the page shows about the numbers. */
export interface RefineStatus {
  /**
   * "estimate": heuristic numbers (counting may be under way); "counted":
   * every text BPE-counted; "off": the user turned BPE counting off.
   */
  state: "estimate" | "counted" | "off"
  /** Milliseconds the worker spent on the last batch, and its size. */
  lastBatchMs: number | null
  lastBatchTexts: number
}

const status = externalStore<RefineStatus>({
  state: "estimate",
  lastBatchMs: null,
  lastBatchTexts: 0,
})

export const getRefineStatus = (): RefineStatus => status.get()

export function setRefineStatus(next: Partial<RefineStatus>): void {
  status.set(next)
}

/** The refinement status, for the token numbers' estimate / counted marks. */
export function useRefineStatus(): RefineStatus {
  return useExternalStore(status, (s) => s)
}

/** localStorage key: "off" when the user turned BPE counting off (on by default). */
export const REFINE_KEY = "cep.refine"

/** Whether BPE counting is on (the user's choice, kept in this browser). */
export function refineEnabled(): boolean {
  try {
    return localStorage.getItem(REFINE_KEY) !== "off"
  } catch {
    return true
  }
}

/** Keeps the user's choice; "on" is the default, so it removes the key. */
export function setRefineEnabled(on: boolean): void {
  try {
    if (on) localStorage.removeItem(REFINE_KEY)
    else localStorage.setItem(REFINE_KEY, "off")
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}
