"use client"

import dynamic from "next/dynamic"
import { useEffect } from "react"

import { fleetSignal, useFleetSignal } from "@/components/fleet/fleet-signal"
import type { FolderInput } from "@/components/fleet/read-folder"

import { HEADER_BUTTON } from "@/components/ui/header-button"

// The Sessions view (and the fleet's workers) load when it is opened.
const LazyFleetView = dynamic(
  () => import("./fleet-view").then((m) => m.FleetView),
  { ssr: false }
)

const SUMMARY_LINK = /^#sessions\.v\d/

/**
 * A dropped folder or log files, as the folder view takes them (read during
 * the event: the list is gone after it). Without directory entries (another
 * browser, a drop made by a script) the files themselves.
 */
function dropped(e: DragEvent): FolderInput | null {
  const dt = e.dataTransfer
  if (!dt) return null
  const entries = [...dt.items]
    .map((i) => (i.kind === "file" ? i.webkitGetAsEntry?.() : null))
    .filter((x): x is FileSystemEntry => !!x)
  const isLog = (name: string) => /\.jsonl?$/i.test(name)
  if (entries.some((x) => x.isDirectory || isLog(x.name)))
    return { kind: "entries", entries }
  const files = [...dt.files].filter((f) => isLog(f.name))
  return entries.length === 0 && files.length > 0
    ? { kind: "files", files }
    : null
}

/**
 * The folder view's first-load part: the header's "Sessions" button, a
 * folder (or several logs) dropped anywhere on the page, and a summary
 * link (`#sessions.v1.…`). Everything else loads when one of them is used.
 */
export function FleetEntry() {
  const { open, hasReport } = useFleetSignal()
  useEffect(() => {
    const takeHash = () => {
      if (SUMMARY_LINK.test(location.hash))
        fleetSignal.set({
          open: true,
          pending: { kind: "link", hash: location.hash },
        })
    }
    const over = (e: DragEvent) => {
      if (e.dataTransfer?.types.includes("Files")) e.preventDefault()
    }
    const drop = (e: DragEvent) => {
      if (e.defaultPrevented) return
      const input = dropped(e)
      if (!input) return
      e.preventDefault()
      fleetSignal.set({ open: true, pending: input })
    }
    takeHash()
    window.addEventListener("hashchange", takeHash)
    window.addEventListener("dragover", over)
    window.addEventListener("drop", drop)
    return () => {
      window.removeEventListener("hashchange", takeHash)
      window.removeEventListener("dragover", over)
      window.removeEventListener("drop", drop)
    }
  }, [])
  return (
    <>
      <button
        type="button"
        // Below sm it is in the ⋯ menu (the view has its own way back).
        className={`${HEADER_BUTTON} hidden sm:inline-block`}
        data-testid="header.sessions"
        aria-pressed={open}
        title="All your Claude Code sessions: a ~/.claude/projects folder, read here"
        onClick={() => fleetSignal.set({ open: !open })}
      >
        {open ? "← Playground" : hasReport ? "← Sessions" : "Sessions"}
      </button>
      {open && <LazyFleetView />}
    </>
  )
}
