"use client"

import { useEffect, useMemo } from "react"

import type { SimulateOptions } from "@/lib/context-editing"
import { editsOfRequest } from "@/lib/fleet/config"
import { decodeSummary } from "@/lib/fleet/permalink"

import { usePlaygroundStore } from "@/components/playground/playground-store-provider"

import { FleetConfigLine } from "./fleet-config-line"
import { FleetProgress } from "./fleet-progress"
import { analyseFolder } from "./fleet-runner"
import { fleetSignal, type FleetSignal, useFleetSignal } from "./fleet-signal"
import { FleetSources } from "./fleet-sources"
import { fleetStore, useFleet } from "./fleet-store"
import { FleetSummary } from "./fleet-summary"
import { FleetTabs } from "./fleet-tabs"
import { type FolderInput, readFolder } from "./read-folder"

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

type Config = ReturnType<typeof useFormConfig>

/** Lists a drop or a pick, then reads every log with the form's config. */
export async function takeFolder(input: FolderInput, config: Config) {
  fleetStore.set({ status: "listing", error: null })
  try {
    // Out of the event's task first: the browser has just built the list.
    await new Promise((r) => setTimeout(r, 0))
    const files = await readFolder(input)
    if (files.length === 0) {
      fleetStore.set({
        status: "error",
        error:
          "No Claude Code logs (.jsonl files) there. Pick ~/.claude/projects, one of its project folders, or .jsonl files.",
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
      assumptions: s.data.assumptions as Config["assumptions"],
    },
    // The link's frontier, if any, is shown from `shared` (no files to tune).
    tune: { status: "idle" },
    progress: null,
  })
  fleetSignal.set({ hasReport: true })
}

function takePending(p: NonNullable<FleetSignal["pending"]>, config: Config) {
  if (p.kind === "link") void takeLink(p.hash)
  else void takeFolder(p, config)
}

/**
 * All your sessions at once: a folder of Claude Code logs read in the
 * browser's workers — what was paid, what the form's config would have
 * cost, the config that would have cost least — over the playground, which
 * stays as it was underneath (each session opens in it, and back).
 */
export function FleetView() {
  const config = useFormConfig()
  const { pending } = useFleetSignal()
  const status = useFleet((s) => s.status)
  useEffect(() => {
    if (!pending) return
    fleetSignal.set({ pending: null })
    takePending(pending, config)
  }, [pending, config])
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented)
        fleetSignal.set({ open: false })
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [])
  return (
    <section
      aria-label="All your sessions"
      data-testid="fleet.view"
      className="fixed inset-x-0 top-12 bottom-0 z-30 overflow-auto bg-white dark:bg-zinc-950"
    >
      <div className="mx-auto max-w-7xl space-y-4 p-4 text-sm">
        <header className="space-y-1">
          <div className="flex items-center gap-2">
            <h2 className="text-base font-semibold">All your sessions</h2>
            <button
              type="button"
              className="ml-auto rounded-md px-2 py-0.5 hover:bg-zinc-100 dark:hover:bg-zinc-800"
              data-testid="fleet.close"
              onClick={() => fleetSignal.set({ open: false })}
            >
              ← Back to the playground
            </button>
          </div>
          <p
            className="text-zinc-600 dark:text-zinc-400"
            data-testid="fleet.privacy"
          >
            Drop a <code>~/.claude/projects</code> folder (or pick it, or some{" "}
            <code>.jsonl</code> logs): each file is read here, in this
            browser&rsquo;s workers.{" "}
            <strong>Nothing leaves your browser</strong> — no upload, no server,
            and a summary link holds numbers only.
          </p>
        </header>
        <FleetSources config={config} />
        <FleetProgress />
        {status !== "empty" && <FleetConfigLine config={config} />}
        <FleetSummary />
        <FleetTabs />
      </div>
    </section>
  )
}
