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

const initial: FleetState = {
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
