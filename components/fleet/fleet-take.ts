"use client"

import { useMemo } from "react"

import type { SimulateOptions } from "@/lib/context-editing"
import { editsOfRequest } from "@/lib/fleet/config"
import { decodeSummary } from "@/lib/fleet/permalink"

import { usePlaygroundStore } from "@/components/playground/store/playground-store-provider"

import { analyseFolder, keepShown } from "./fleet-runner"
import { fleetSignal, type FleetSignal } from "./fleet-signal"
import { fleetStore } from "./fleet-store"
import { folderLabel, type FolderInput, readFolder } from "./read-folder"

// What the Sessions view takes in: the page's config, a folder or files, a
// summary link. The view and its parts (sources, config line) call these.

/** The form's config: the edits of the request on the page, and the switches. */
export function useFormConfig() {
  const request = usePlaygroundStore((s) => s.request)
  const assumptions = usePlaygroundStore((s) => s.assumptions)
  return useMemo(
    () => ({
      edits: editsOfRequest(request),
      assumptions: assumptions as SimulateOptions["assumptions"],
    }),
    [request, assumptions]
  )
}

export type FormConfig = ReturnType<typeof useFormConfig>

/** Bumped by each drop or pick: a listing overtaken by a newer one stops. */
let takes = 0

/**
 * Lists a drop or a pick, then reads every log with the form's config. The
 * analysis shown is kept beside the new one, never replaced.
 */
export async function takeFolder(input: FolderInput, config: FormConfig) {
  const mine = ++takes
  await keepShown()
  fleetStore.set({ status: "listing", error: null })
  try {
    // Out of the event's task first: the browser has just built the list.
    await new Promise((r) => setTimeout(r, 0))
    const files = await readFolder(input)
    if (mine !== takes) return
    fleetStore.set({ label: folderLabel(input, files) })
    if (files.length === 0) {
      fleetStore.set({
        status: "error",
        error:
          "No logs (.jsonl or .json files) there. Pick ~/.claude/projects, one of its project folders, or log files: Claude Code logs, request logs, trace exports.",
      })
      return
    }
    await analyseFolder(files, config.edits, config.assumptions)
  } catch (e) {
    fleetStore.set({ status: "error", error: (e as Error).message })
  }
}

async function takeLink(hash: string) {
  history.replaceState(null, "", location.pathname + location.search)
  takes++
  await keepShown()
  fleetStore.set({ label: "a summary link" })
  const s = await decodeSummary(hash)
  if (!s.success) {
    fleetStore.set({ status: "error", error: s.error })
    return
  }
  fleetStore.set({
    files: [],
    status: "done",
    error: null,
    report: s.data.report,
    shared: s.data,
    config: {
      edits: s.data.edits,
      assumptions: s.data.assumptions as FormConfig["assumptions"],
    },
    // The link's frontier, if any, is shown from `shared` (no files to tune).
    tune: { status: "idle" },
    progress: null,
  })
  fleetSignal.set({ hasReport: true })
}

export function takePending(
  p: NonNullable<FleetSignal["pending"]>,
  config: FormConfig
) {
  if (p.kind === "link") void takeLink(p.hash)
  else void takeFolder(p, config)
}
