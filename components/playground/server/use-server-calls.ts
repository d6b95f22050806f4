"use client"

import { useEffect, useRef, useState } from "react"

import { withDiagnostics } from "@/lib/anthropic/cache-diagnosis"
import type { ApiErrorBody } from "@/lib/anthropic/errors"
import { countTokens, streamMessage } from "@/lib/anthropic/fetcher"
import {
  checkRequestShape,
  prepareSendRequest,
} from "@/lib/anthropic/prepare-request"
import type { CountTokensResult } from "@/lib/anthropic/schemas"
import {
  emptySnapshot,
  type StreamSnapshot,
} from "@/lib/anthropic/stream-accumulator"

import { frameThrottle } from "./frame-throttle"
import { useServerKeyStatus } from "./server-status"

/** The local simulation's numbers for the current request. */
export interface ServerPanelPrediction {
  original_input_tokens: number
  input_tokens: number
  applied_edits: Array<{
    type: string
    cleared_tool_uses?: number
    cleared_thinking_turns?: number
    cleared_input_tokens: number
  }>
}

/** What the Server tab is given: the request, the local prediction, and where answers go (the store). */
export interface ServerPanelProps {
  /** The current ORIGINAL request body, incl. context_management. */
  request: unknown
  prediction: ServerPanelPrediction | null
  /** Called after a successful count, to calibrate the local estimator. */
  onCalibrate?: (
    model: string,
    serverOriginalTokens: number,
    predictedOriginalTokens: number
  ) => void
  /** Called with the field path of a 400, to highlight it in the editor. */
  onErrorPath?: (path: (string | number)[]) => void
}

/** State of the last count. */
export type CountState =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "done"; data: CountTokensResult; request: unknown }
  | { state: "error"; error: ApiErrorBody }

/** State of the last real run; `snapshot` keeps what arrived even on failure. */
export type RunState =
  | { state: "idle" }
  | {
      state: "streaming" | "done" | "failed"
      snapshot: StreamSnapshot
      notes: string[]
      request: unknown
      /** The request of the run before, which the API's cache diagnostics compare this one with (null: none). */
      previous: unknown
      error?: ApiErrorBody
    }

/**
 * The last run the API answered in this page (memory only; it outlives the
 * tab's panel): its id goes in the next run's `diagnostics.previous_message_id`
 * (docs/semantics.md#cache-diagnostics).
 */
const lastRun: { current: { id: string; request: unknown } | null } = {
  current: null,
}

/**
 * Server key status plus the count and send actions of the Server tab.
 * Cancels a running stream on unmount.
 */
export function useServerCalls(props: ServerPanelProps & { apiKey: string }) {
  const { request, prediction, onCalibrate, onErrorPath } = props
  const status = useServerKeyStatus()
  const [count, setCount] = useState<CountState>({ state: "idle" })
  const [run, setRun] = useState<RunState>({ state: "idle" })
  const [shapeError, setShapeError] = useState<string | null>(null)
  // One error on screen at a time: the one from the latest action.
  const [lastAction, setLastAction] = useState<"count" | "send">("count")
  const abortRef = useRef<AbortController | null>(null)

  // A running stream is cancelled when the panel goes away.
  useEffect(() => () => abortRef.current?.abort(), [])

  const typedKey = props.apiKey.trim()
  // With no key anywhere the buttons would only produce no_key; "unknown"
  // keeps them enabled so a flaky /api/status never locks the panel.
  const noKey = typedKey === "" && status === "absent"
  const streaming = run.state === "streaming"
  const keySource = typedKey ? "typed" : "server"

  function reportPath(error: ApiErrorBody) {
    const path = error.details?.path
    if (path && path.length > 0) onErrorPath?.(path)
  }

  async function handleCount() {
    const checked = checkRequestShape(request)
    setLastAction("count")
    setShapeError(checked.success ? null : checked.error)
    if (!checked.success) return
    setCount({ state: "loading" })
    const result = await countTokens(checked.data, {
      apiKey: typedKey || undefined,
    })
    if (!result.success) {
      setCount({ state: "error", error: result.error })
      reportPath(result.error)
      return
    }
    setCount({ state: "done", data: result.data, request })
    if (prediction) {
      onCalibrate?.(
        result.data.model,
        result.data.original_input_tokens,
        prediction.original_input_tokens
      )
    }
  }

  async function handleSend() {
    const prepared = prepareSendRequest(request)
    setLastAction("send")
    setShapeError(prepared.success ? null : prepared.error)
    if (!prepared.success) return
    abortRef.current?.abort()
    const controller = new AbortController()
    abortRef.current = controller
    const previous = lastRun.current
    const base = {
      notes: prepared.data.notes,
      request,
      previous: previous?.request ?? null,
    }
    setRun({ state: "streaming", snapshot: emptySnapshot(), ...base })
    // One render per frame however fast events arrive: a fast stream of
    // thousands of events would otherwise re-render the reply for each.
    const frame = frameThrottle((snapshot: StreamSnapshot) =>
      setRun({ state: "streaming", snapshot, ...base })
    )
    const body = withDiagnostics(prepared.data.request, previous?.id ?? null)
    const result = await streamMessage(body, {
      apiKey: typedKey || undefined,
      signal: controller.signal,
      onEvent: (_line, snapshot) => frame.push(snapshot),
    })
    frame.stop()
    if (abortRef.current === controller) abortRef.current = null
    if (result.success) {
      if (result.data.messageId)
        lastRun.current = { id: result.data.messageId, request }
      setRun({ state: "done", snapshot: result.data, ...base })
      return
    }
    setRun({
      state: "failed",
      snapshot: result.partial,
      error: result.error,
      ...base,
    })
    reportPath(result.error)
  }

  return {
    status,
    count,
    run,
    shapeError,
    lastAction,
    noKey,
    streaming,
    keySource,
    handleCount,
    handleSend,
    cancel: () => abortRef.current?.abort(),
  } as const
}
