/**
 * Maps whatever the SDK threw into an `ApiError` with a safe message.
 * Server-only (imports the SDK's error classes); the browser never needs it.
 */
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from "@anthropic-ai/sdk"

import { UpstreamTooLarge } from "./capped-fetch"
import { ApiError, redact, type ApiSurface } from "./errors"

/** Top-level Messages API fields an upstream 400 message may start with. */
const REQUEST_FIELDS = new Set([
  "model",
  "messages",
  "system",
  "tools",
  "tool_choice",
  "thinking",
  "context_management",
  "max_tokens",
  "metadata",
  "stop_sequences",
  "temperature",
  "top_p",
  "top_k",
  "stream",
  "output_config",
  "output_format",
  "mcp_servers",
  "container",
  "service_tier",
  "cache_control",
  "compaction",
  "speed",
  "inference_geo",
])

const PATH_PREFIX = /^([A-Za-z_]\w*(?:\.(?:[A-Za-z_]\w*|\d+))*):\s/

/**
 * Extracts the request field path a Pydantic-style API message names, e.g.
 * `context_management.edits.0.trigger.value: Input should be …` →
 * `["context_management", "edits", 0, "trigger", "value"]`.
 * Only paths starting at a known request field count, so prose like
 * `Error: …` is not mistaken for a path.
 */
export function extractErrorPath(
  message: string
): (string | number)[] | undefined {
  const match = PATH_PREFIX.exec(message.trim())
  if (!match?.[1]) return undefined
  const segments = match[1].split(".")
  if (!REQUEST_FIELDS.has(segments[0] ?? "")) return undefined
  return segments.map((s) => (/^\d+$/.test(s) ? Number(s) : s))
}

/** Seconds from `retry-after-ms` / numeric `retry-after`; HTTP dates are ignored. */
export function retryAfterSeconds(
  headers: Headers | undefined
): number | undefined {
  const ms = Number.parseFloat(headers?.get("retry-after-ms") ?? "")
  if (Number.isFinite(ms) && ms >= 0) return ms / 1000
  const s = Number.parseFloat(headers?.get("retry-after") ?? "")
  if (Number.isFinite(s) && s >= 0) return s
  return undefined
}

/** Context needed to word an upstream failure. */
export interface UpstreamErrorContext {
  surface: ApiSurface
  /** Retries already spent on this request. */
  retries: number
  /** Upstream timeout in ms, quoted in timeout messages. */
  timeoutMs: number
  /** Strings that must never appear in the message (the API key). */
  secrets: readonly string[]
}

const MAX_MESSAGE_CHARS = 2_000

function upstreamMessage(error: APIError, secrets: readonly string[]): string {
  const body = error.error as { error?: { message?: unknown } } | undefined
  const raw = error.apiMessage ?? body?.error?.message
  const text = typeof raw === "string" ? raw : ""
  return redact(text, secrets).slice(0, MAX_MESSAGE_CHARS)
}

/**
 * Decides the `ApiError` for failures that carry no upstream answer: our own
 * errors, timeouts, cancellations, unreachable network and unknown throws.
 * Hands back an SDK `APIError` (an upstream answer) for `upstreamAnswerError`.
 */
function errorWithoutUpstreamAnswer(
  error: unknown,
  ctx: UpstreamErrorContext
): ApiError | APIError {
  const { surface, retries } = ctx
  if (error instanceof ApiError) return error
  if (error instanceof UpstreamTooLarge) {
    return new ApiError("upstream_error", surface, error.message, {
      limitBytes: error.limitBytes,
      retries,
    })
  }
  if (error instanceof APIConnectionTimeoutError) {
    const seconds = Math.round(ctx.timeoutMs / 100) / 10
    return new ApiError(
      "timeout",
      surface,
      `Anthropic did not answer within ${seconds} s.`,
      { timeoutMs: ctx.timeoutMs, retries }
    )
  }
  if (error instanceof APIUserAbortError) {
    return new ApiError("cancelled", surface, "The request was cancelled.")
  }
  if (error instanceof APIConnectionError) {
    return new ApiError(
      "upstream_error",
      surface,
      "Could not reach the Anthropic API from the playground server.",
      { retries }
    )
  }
  if (!(error instanceof APIError)) {
    // Unknown errors can carry anything (header validation errors quote the
    // header value), so their text is never forwarded.
    return new ApiError(
      "upstream_error",
      surface,
      "Unexpected error while talking to the Anthropic API.",
      { retries }
    )
  }
  return error
}

/** Upstream status and (well-formed) request id every mapped answer carries. */
type UpstreamBase = { upstreamStatus: number | undefined; requestId?: string }

/**
 * Decides the `ApiError` for client-side rejections (400/404/422, 401,
 * 402/403, 413); undefined for any other status.
 */
function clientRejectionError(
  status: number,
  message: string,
  surface: ApiSurface,
  base: UpstreamBase
): ApiError | undefined {
  if (status === 400 || status === 404 || status === 422) {
    const path = extractErrorPath(message)
    return new ApiError(
      "bad_request",
      surface,
      message || `Anthropic rejected the request (${status}).`,
      { ...base, ...(path ? { path } : {}) }
    )
  }
  if (status === 401) {
    return new ApiError(
      "unauthorized",
      surface,
      `Anthropic rejected the API key (401)${message ? `: ${message}` : ""}. Check the key.`,
      base
    )
  }
  if (status === 402 || status === 403) {
    return new ApiError(
      "forbidden",
      surface,
      `The API key may not do this (${status})${message ? `: ${message}` : ""}. Check the key's permissions and billing.`,
      base
    )
  }
  if (status === 413) {
    return new ApiError(
      "payload_too_large",
      surface,
      "Anthropic says the request is too large.",
      base
    )
  }
  return undefined
}

/** Decides the `ApiError` for an SDK `APIError` by its upstream status. */
function upstreamAnswerError(
  error: APIError,
  ctx: UpstreamErrorContext
): ApiError {
  const { surface, retries, secrets } = ctx
  const status = error.status
  const message = upstreamMessage(error, secrets)
  // Only a well-formed id is echoed; other upstream header values never are.
  const requestId = /^[\w-]{1,128}$/.test(error.requestID ?? "")
    ? (error.requestID ?? undefined)
    : undefined
  const base = { upstreamStatus: status, ...(requestId ? { requestId } : {}) }

  if (status === undefined) {
    // An `event: error` inside an SSE stream (e.g. overloaded mid-answer).
    return new ApiError(
      "stream_interrupted",
      surface,
      `Anthropic reported an error mid-stream${message ? `: ${message}` : "."}`,
      base
    )
  }
  const rejection = clientRejectionError(status, message, surface, base)
  if (rejection) return rejection
  if (status === 429) {
    const wait = retryAfterSeconds(error.headers)
    return new ApiError(
      "rate_limit",
      surface,
      `Anthropic rate-limited the request${wait !== undefined ? `; retry in ${Math.ceil(wait)} s` : ""}.`,
      {
        ...base,
        source: "anthropic",
        ...(wait !== undefined ? { retryAfterSeconds: Math.ceil(wait) } : {}),
      }
    )
  }
  const what =
    status === 529
      ? "Anthropic is overloaded (529)"
      : `Anthropic returned an error (${status})`
  return new ApiError(
    "upstream_error",
    surface,
    `${what}; retried ${retries} time${retries === 1 ? "" : "s"}.`,
    { ...base, retries }
  )
}

/** Turns anything thrown while talking to Anthropic into an `ApiError`. */
export function toApiError(
  error: unknown,
  ctx: UpstreamErrorContext
): ApiError {
  const mapped = errorWithoutUpstreamAnswer(error, ctx)
  return mapped instanceof APIError ? upstreamAnswerError(mapped, ctx) : mapped
}

/** True for upstream answers worth retrying: 5xx and 529. */
export function isRetryableUpstreamError(error: unknown): boolean {
  return (
    error instanceof APIError &&
    typeof error.status === "number" &&
    error.status >= 500
  )
}
