"use client"

import { useCallback, useEffect, useRef, useState } from "react"

import type {
  AgentSwitches,
  SimulateOptions,
  TimelineOptions,
  TuneResult,
} from "@/lib/context-editing"
import type { RealUsage } from "@/lib/import/types"

import type { TuneRequest } from "./tune.worker"

/** A frontier config's timeline, for the hover preview. */
export interface TunePreview {
  after: number[]
  before: number[]
  cost: number
  peak: number
  compactions: number
}

export type TunerState =
  | { status: "idle" }
  | { status: "running"; done: number; total: number }
  | { status: "done"; result: TuneResult }
  | { status: "cancelled" }
  | { status: "error"; message: string }

type Input = {
  request: Record<string, unknown> | null
  options: SimulateOptions
  timeline: TimelineOptions
  /** BPE counts of the request's texts, once the page counted them all. */
  counts?: Array<[string, number]>
  /** An imported log's calls: configs are then priced over all of them. */
  usage?: RealUsage[]
  agent?: AgentSwitches
}

/**
 * Runs tuneSession in a Web Worker for the current request: progress,
 * Cancel (the worker is stopped at once), and previews of a config's
 * timeline. A new request cancels the run in progress.
 */
export function useTuner(input: Input) {
  const worker = useRef<Worker | null>(null)
  const seq = useRef(0)
  const previewSeq = useRef(0)
  const previews = useRef(new Map<number, (p: TunePreview) => void>())
  const [state, setState] = useState<TunerState>({ status: "idle" })

  const ensure = useCallback((): Worker => {
    if (worker.current) return worker.current
    const w = new Worker(new URL("./tune.worker.ts", import.meta.url), {
      type: "module",
    })
    w.onmessage = (e: MessageEvent) => {
      const m = e.data as {
        kind: string
        id: number
        done: number
        total: number
        result: TuneResult
        message: string
      }
      if (m.kind === "preview") {
        previews.current.get(m.id)?.(m as unknown as TunePreview)
        previews.current.delete(m.id)
        return
      }
      if (m.id !== seq.current) return
      if (m.kind === "progress")
        setState({ status: "running", done: m.done, total: m.total })
      else if (m.kind === "done") setState({ status: "done", result: m.result })
      else setState({ status: "error", message: String(m.message) })
    }
    return (worker.current = w)
  }, [])

  const stop = useCallback(() => {
    worker.current?.terminate()
    worker.current = null
    previews.current.clear()
  }, [])

  const run = useCallback(() => {
    if (!input.request) return
    stop()
    const id = ++seq.current
    setState({ status: "running", done: 0, total: 1 })
    const msg: TuneRequest = {
      kind: "tune",
      id,
      ...input,
      request: input.request,
    }
    ensure().postMessage(msg)
  }, [input, ensure, stop])

  const cancel = useCallback(() => {
    seq.current++
    stop()
    setState({ status: "cancelled" })
  }, [stop])

  const preview = useCallback(
    (edits: unknown[] | null): Promise<TunePreview> | null => {
      if (!input.request) return null
      const id = -++previewSeq.current
      // The log's calls stay in the worker from the search (not sent again).
      const msg: TuneRequest = {
        kind: "preview",
        id,
        request: input.request,
        edits,
        options: input.options,
        timeline: input.timeline,
        ...(input.counts ? { counts: input.counts } : {}),
      }
      return new Promise((resolve) => {
        previews.current.set(id, resolve)
        ensure().postMessage(msg)
      })
    },
    [input, ensure]
  )

  useEffect(() => () => stop(), [stop])
  return { state, run, cancel, preview }
}
