"use client"

import { useDeferredValue } from "react"

import { externalStore, useExternalStore } from "@/components/ui/external-store"

import type { SimulateOptions } from "@/lib/context-editing"
import type { FleetEdits } from "@/lib/fleet/config"
import type { Summary } from "@/lib/fleet/permalink"
import type { FileResult, FleetReport } from "@/lib/fleet/report"
import type { FleetTuneResult } from "@/lib/fleet/tune"

import type { FleetFile } from "./read-folder"

/** How far a pass over the folder's files has come. */
export interface Progress {
  files: number
  filesDone: number
  bytes: number
  bytesDone: number
  /** Sessions among the files read so far. */
  sessions: number
  /** Time the workers spent reading files, and running the job, summed over workers. */
  readMs: number
  workMs: number
  startedAt: number
  /** When this progress was published (performance.now()). */
  now: number
  endedAt: number | null
}

export type TuneState =
  | { status: "idle" }
  | { status: "running"; round: number; configs: number; progress: Progress }
  | { status: "done"; result: FleetTuneResult }
  | { status: "cancelled" }
  | { status: "error"; message: string }

/** The config an analysis replayed every session with. */
export interface AnalysedConfig {
  edits: FleetEdits
  assumptions: SimulateOptions["assumptions"]
}

export interface FleetState {
  /** What the analysis shown is of: the folder's name, or the files'. */
  label: string
  /** The other analyses of this tab, kept when another folder came (issue 51, item 5). */
  kept: KeptAnalysis[]
  files: FleetFile[]
  status: "empty" | "listing" | "reading" | "done" | "cancelled" | "error"
  error: string | null
  progress: Progress | null
  results: Array<FileResult | undefined>
  report: FleetReport | null
  config: AnalysedConfig | null
  tune: TuneState
  /** A summary opened from a link (numbers only: no files behind it). */
  shared: Summary | null
  /** The session last opened in the playground. */
  opened: string | null
}

/** An analysis kept while another is shown: all it showed (no worker is busy for it). */
export type KeptAnalysis = Omit<FleetState, "kept">

const initial: FleetState = {
  label: "",
  kept: [],
  files: [],
  status: "empty",
  error: null,
  progress: null,
  results: [],
  report: null,
  config: null,
  tune: { status: "idle" },
  shared: null,
  opened: null,
}

/** The folder view's state: one per tab, kept while the playground is shown (nothing persisted). */
export const fleetStore = {
  ...externalStore(initial),
  reset() {
    fleetStore.set(initial)
  },
  /**
   * Before another folder (or a summary link) is read: the analysis shown,
   * if it has anything to show, joins the kept ones, so it is never lost.
   */
  keepShown(label: string) {
    const { kept, ...shown } = fleetStore.get()
    const worth = shown.report !== null || shown.results.some(Boolean)
    fleetStore.set({
      ...initial,
      label,
      kept: worth ? [...kept, shown] : kept,
    })
  },
  /** Shows the kept analysis `i`; the one shown takes its place among the kept. */
  show(i: number) {
    const { kept, ...shown } = fleetStore.get()
    const next = kept[i]
    if (!next) return
    fleetStore.set({ ...next, kept: kept.map((k, j) => (j === i ? shown : k)) })
  },
  /** Closes the kept analysis `i` (the user's own choice). */
  close(i: number) {
    fleetStore.set({ kept: fleetStore.get().kept.filter((_, j) => j !== i) })
  },
}

export function useFleet<T>(select: (s: FleetState) => T): T {
  return useExternalStore(fleetStore, select, () => select(initial))
}

/**
 * The report, rendered in the background: a new report (2,000 sessions'
 * rows) is drawn in an interruptible render, so the page answers input
 * meanwhile.
 */
export function useReport() {
  return useDeferredValue(useFleet((s) => s.report))
}
