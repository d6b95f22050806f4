"use client"

import { externalStore, useExternalStore } from "@/components/ui/external-store"

import type { FolderInput } from "./read-folder"

/**
 * The little the page's first load knows about the folder view (whose code
 * loads on demand): whether it is shown, what was dropped or linked for it,
 * and whether it holds a report to go back to.
 */
export interface FleetSignal {
  open: boolean
  /** A drop, pick or summary link waiting for the view to take it. */
  pending: FolderInput | { kind: "link"; hash: string } | null
  /** The view holds a report (the header offers to go back to it). */
  hasReport: boolean
}

export const fleetSignal = externalStore<FleetSignal>({
  open: false,
  pending: null,
  hasReport: false,
})

export function useFleetSignal(): FleetSignal {
  return useExternalStore(fleetSignal, (s) => s)
}
