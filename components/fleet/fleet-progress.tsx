"use client"

import { plural } from "@/lib/context-editing/request/format"
import { formatCount } from "@/lib/format/number"

import { stopWorkers } from "./fleet-runner"
import { fleetStore, type Progress, useFleet } from "./fleet-store"

const mb = (b: number) =>
  `${(b / 1e6).toLocaleString("en-US", { maximumFractionDigits: 1 })} MB`

/** A pass's progress: files, MB and sessions read, and how fast. */
export function ProgressBar({
  p,
  label,
  testId,
  onCancel,
}: {
  p: Progress
  label: string
  testId: string
  onCancel: () => void
}) {
  const seconds = ((p.endedAt ?? p.now) - p.startedAt) / 1000
  const fraction =
    p.bytes > 0
      ? p.bytesDone / p.bytes
      : p.files > 0
        ? p.filesDone / p.files
        : 0
  return (
    <div className="space-y-1" data-testid={testId}>
      <div className="flex items-center gap-2">
        <progress
          className="h-2 flex-1"
          max={1}
          value={fraction}
          aria-label={label}
          data-testid={`${testId}.bar`}
        />
        <button
          type="button"
          className="rounded-md border border-zinc-300 px-2 py-0.5 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
          onClick={onCancel}
          data-testid={`${testId}.cancel`}
        >
          Cancel
        </button>
      </div>
      <p
        className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400"
        data-testid={`${testId}.text`}
      >
        {label}: {formatCount(p.filesDone)} of {formatCount(p.files)} files,{" "}
        {mb(p.bytesDone)} of {p.bytes > 0 ? mb(p.bytes) : "…"},{" "}
        {formatCount(p.sessions)} sessions — {seconds.toFixed(1)} s
        {seconds > 0.5
          ? `, ${(p.bytesDone / 1e6 / seconds).toFixed(1)} MB/s`
          : ""}
      </p>
    </div>
  )
}

/** The folder pass in progress (reading), or how the last one ended. */
export function FleetProgress() {
  const { status, progress, error } = useFleet((s) => s)
  if (status === "listing") return <p role="status">Listing the folder…</p>
  if (status === "error")
    return (
      <p
        role="alert"
        className="text-red-700 dark:text-red-400"
        data-testid="fleet.error"
      >
        {error}
      </p>
    )
  if (!progress) return null
  if (status === "reading")
    return (
      <ProgressBar
        p={progress}
        label="Reading"
        testId="fleet.progress"
        onCancel={() => {
          stopWorkers()
          fleetStore.set({ status: "cancelled" })
        }}
      />
    )
  const s = ((progress.endedAt ?? progress.now) - progress.startedAt) / 1000
  return (
    <p
      className="text-xs text-zinc-500 tabular-nums"
      data-testid="fleet.progress.done"
      data-read-ms={Math.round(progress.readMs)}
      data-work-ms={Math.round(progress.workMs)}
    >
      {status === "cancelled"
        ? `Cancelled after ${formatCount(progress.filesDone)} of ${formatCount(progress.files)} files: the tables cover those.`
        : `Read ${plural(progress.files, "file")} (${mb(progress.bytesDone)}) in ${s.toFixed(1)} s.`}
    </p>
  )
}
