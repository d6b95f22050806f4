"use client"

import { useEffect, useRef, useState } from "react"

import {
  type RetryNotice,
  retryingRateLimits,
  runProbePlan,
  toStoredRun,
} from "@/lib/probes"

import { usePlaygroundStoreApi } from "../../store/playground-store-provider"
import { routeSend } from "./probe-send"

/** Where the current run is. */
export type ProbeRunState =
  | { state: "idle" }
  | {
      state: "running"
      done: number
      total: number
      retry: RetryNotice | null
      retries: number
    }
  | { state: "cancelled"; done: number }
  | { state: "failed"; message: string }
  | { state: "done"; requests: number; retries: number }

/** Runs the probe plan for `model` through the app's route; Cancel aborts it. */
export function useProbeRun(model: string, apiKey: string) {
  const store = usePlaygroundStoreApi()
  const [run, setRun] = useState<ProbeRunState>({ state: "idle" })
  const abortRef = useRef<AbortController | null>(null)
  useEffect(() => () => abortRef.current?.abort(), [])

  async function start() {
    const ac = new AbortController()
    abortRef.current = ac
    let progress = {
      done: 0,
      total: 0,
      retry: null as RetryNotice | null,
      retries: 0,
    }
    const show = () => setRun({ state: "running", ...progress })
    show()
    const send = retryingRateLimits(routeSend(apiKey.trim(), ac.signal), {
      signal: ac.signal,
      onRetry: (retry) => {
        progress = { ...progress, retry, retries: progress.retries + 1 }
        show()
      },
    })
    try {
      const result = await runProbePlan(send, {
        model,
        signal: ac.signal,
        onProgress: (done, total) => {
          progress = { ...progress, done, total, retry: null }
          show()
        },
      })
      store.getState().setProbeRun(toStoredRun(model, new Date(), result))
      setRun({
        state: "done",
        requests: result.requests,
        retries: progress.retries,
      })
    } catch (error) {
      if (ac.signal.aborted) setRun({ state: "cancelled", done: progress.done })
      else
        setRun({
          state: "failed",
          message: error instanceof Error ? error.message : String(error),
        })
    } finally {
      if (abortRef.current === ac) abortRef.current = null
    }
  }

  return { run, start, cancel: () => abortRef.current?.abort() }
}
