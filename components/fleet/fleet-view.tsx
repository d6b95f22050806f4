"use client"

import { useEffect } from "react"

import { FleetConfigLine } from "./fleet-config-line"
import { FleetFolders } from "./fleet-folders"
import { FleetProgress } from "./fleet-progress"
import { fleetSignal, useFleetSignal } from "./fleet-signal"
import { FleetSources } from "./fleet-sources"
import { useFleet } from "./fleet-store"
import { FleetSummary } from "./fleet-summary"
import { FleetTabs } from "./fleet-tabs"
import { takePending, useFormConfig } from "./fleet-take"

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
            <code>.jsonl</code> logs: Claude Code, request logs, and{" "}
            <code>.json</code> trace exports): each file is read here, in this
            browser&rsquo;s workers.{" "}
            <strong>Nothing leaves your browser</strong> — no upload, no server,
            and a summary link holds numbers only.
          </p>
        </header>
        <FleetSources config={config} />
        <FleetFolders />
        <FleetProgress />
        {status !== "empty" && <FleetConfigLine config={config} />}
        <FleetSummary />
        <FleetTabs />
      </div>
    </section>
  )
}
