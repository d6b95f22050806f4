"use client"

import { parseApiErrorCode, type ApiErrorBody } from "@/lib/anthropic/errors"

function headline(error: ApiErrorBody, keySource: "typed" | "server"): string {
  const { type } = parseApiErrorCode(error.code)
  const d = error.details
  switch (type) {
    case "bad_request":
      return "Anthropic rejected the request"
    case "unauthorized":
    case "forbidden":
      return keySource === "typed"
        ? "Check the key you typed"
        : "Check the server's ANTHROPIC_API_KEY"
    case "rate_limit":
      return `Rate limited by ${d?.source === "playground" ? "this playground" : "Anthropic"}${
        d?.retryAfterSeconds !== undefined
          ? ` — retry in ${d.retryAfterSeconds} s`
          : ""
      }`
    case "upstream_error":
      return d?.retries
        ? `Anthropic is overloaded or failing — retried ${d.retries} times`
        : "Anthropic could not answer"
    case "timeout":
      return "Anthropic did not answer in time"
    case "stream_interrupted":
      return "The stream was interrupted — what arrived is kept"
    case "payload_too_large":
      return "The request is too large"
    case "network":
      return "The playground server is unreachable"
    case "cancelled":
      return "Cancelled"
    case "no_key":
      return "No API key"
  }
}

/** One failure, explained; the panel stays usable around it. */
export function ErrorNotice(props: {
  error: ApiErrorBody
  keySource: "typed" | "server"
  onShowPath?: (path: (string | number)[]) => void
}) {
  const { error } = props
  const path = error.details?.path
  const { type } = parseApiErrorCode(error.code)
  const calm = type === "cancelled" || type === "no_key"
  return (
    <div
      role={calm ? "status" : "alert"}
      data-testid="server.error"
      data-code={error.code}
      className={
        calm
          ? "rounded border border-zinc-200 bg-zinc-50 p-2 text-sm dark:border-zinc-800 dark:bg-zinc-900"
          : "rounded border border-red-200 bg-red-50 p-2 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
      }
    >
      <p className="font-medium">{headline(error, props.keySource)}</p>
      <p className="break-words">{error.message}</p>
      {path && path.length > 0 && (
        <p className="mt-1 text-xs">
          Field: <code className="font-mono">{path.join(".")}</code>
          {props.onShowPath && (
            <button
              type="button"
              onClick={() => props.onShowPath?.(path)}
              className="ml-2 underline underline-offset-2"
            >
              Show in editor
            </button>
          )}
        </p>
      )}
    </div>
  )
}
