"use client"

import { useState } from "react"

import { encodeSummary } from "@/lib/fleet/permalink"

import { fleetStore, useReport } from "./fleet-store"

/** "Copy summary link": the report's numbers in a `#sessions.v1.` link (never a log's content). */
export function FleetShare() {
  const report = useReport()
  const [note, setNote] = useState<string | null>(null)
  const [url, setUrl] = useState<string | null>(null)
  if (!report) return null
  const copy = async () => {
    const { config, tune, shared } = fleetStore.get()
    const done = tune.status === "done" ? tune.result : null
    const link = await encodeSummary({
      report,
      edits: config?.edits ?? null,
      ...(config?.assumptions
        ? { assumptions: config.assumptions as Record<string, unknown> }
        : {}),
      ...(done
        ? {
            tune: {
              frontier: done.frontier.map(({ edits, cost, peak, label }) => ({
                edits,
                cost,
                peak,
                label,
              })),
              best: done.best,
            },
          }
        : shared?.tune
          ? { tune: shared.tune }
          : {}),
    })
    const href = `${location.origin}${location.pathname}#${link}`
    setUrl(href)
    const size = `${href.length.toLocaleString("en-US")} characters, numbers only (no paths, prompts or output)`
    try {
      await navigator.clipboard.writeText(href)
      setNote(`Copied: ${size}.`)
    } catch {
      setNote(`The link (${size}):`)
    }
  }
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs">
      <button
        type="button"
        className="rounded-md border border-zinc-300 px-2 py-0.5 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
        data-testid="fleet.share"
        onClick={() => void copy()}
      >
        Copy summary link
      </button>
      {note && (
        <span className="text-zinc-500" data-testid="fleet.share.note">
          {note}
        </span>
      )}
      {url && (
        <input
          readOnly
          value={url}
          aria-label="Summary link"
          data-testid="fleet.share.url"
          className="min-w-0 flex-1 rounded border border-zinc-300 px-1 font-mono dark:border-zinc-700"
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
    </p>
  )
}
