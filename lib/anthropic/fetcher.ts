/**
 * Browser-side calls to the playground's own API routes. Never throws:
 * every failure (HTTP error, network, cancel, broken stream) comes back as
 * `{ success: false, error: { code, message, details? } }`.
 *
 * The typed key goes in the `x-playground-api-key` header only — never in a
 * URL, never in storage from here.
 */
import type { ApiErrorBody, ApiSurface } from "./errors"
import {
  API_KEY_HEADER,
  apiErrorResponseSchema,
  countTokensResultSchema,
  statusResultSchema,
  streamLineSchema,
  type CountTokensMode,
  type CountTokensResult,
  type StatusResult,
  type StreamLine,
} from "./schemas"
import {
  applyStreamLine,
  emptySnapshot,
  type StreamSnapshot,
} from "./stream-accumulator"

/** Success or the shared error shape. */
export type FetchResult<T> =
  { success: true; data: T } | { success: false; error: ApiErrorBody }

/** Options shared by every call. */
export interface FetcherOptions {
  /** Key typed into the page; omitted → the server's own key (if any). */
  apiKey?: string
  signal?: AbortSignal
  /** Injected in tests; defaults to the global `fetch`. */
  fetch?: typeof fetch
  /** Prefix for the routes; defaults to same origin. */
  baseUrl?: string
}

type ZodLike<T> = {
  safeParse(v: unknown): { success: true; data: T } | { success: false }
}

function fail(
  type: "network" | "cancelled" | "upstream_error" | "stream_interrupted",
  surface: ApiSurface,
  message: string
): { success: false; error: ApiErrorBody } {
  return { success: false, error: { code: `${type}:${surface}`, message } }
}

function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return (
    signal?.aborted === true ||
    (error instanceof Error && error.name === "AbortError")
  )
}

async function call(
  path: string,
  surface: ApiSurface,
  init: RequestInit,
  options: FetcherOptions
): Promise<FetchResult<Response>> {
  const headers = new Headers(init.headers)
  const key = options.apiKey?.trim()
  if (key) headers.set(API_KEY_HEADER, key)
  try {
    const doFetch = options.fetch ?? fetch
    const response = await doFetch(`${options.baseUrl ?? ""}${path}`, {
      ...init,
      headers,
      signal: options.signal,
      cache: "no-store",
    })
    return { success: true, data: response }
  } catch (error) {
    return isAbort(error, options.signal)
      ? fail("cancelled", surface, "Cancelled.")
      : fail(
          "network",
          surface,
          "Could not reach the playground server. Is it still running?"
        )
  }
}

function errorFrom(
  json: unknown,
  status: number,
  surface: ApiSurface
): { success: false; error: ApiErrorBody } {
  const parsed = apiErrorResponseSchema.safeParse(json)
  if (parsed.success) return { success: false, error: parsed.data.error }
  return fail(
    "upstream_error",
    surface,
    `The playground server answered ${status} without details.`
  )
}

async function readJson<T>(
  response: Response,
  schema: ZodLike<T>,
  surface: ApiSurface
): Promise<FetchResult<T>> {
  const json: unknown = await response.json().catch(() => undefined)
  if (!response.ok) return errorFrom(json, response.status, surface)
  const parsed = schema.safeParse(json)
  return parsed.success
    ? { success: true, data: parsed.data }
    : fail("upstream_error", surface, "Unexpected answer from the server.")
}

function postJson(body: unknown): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }
}

/** Whether the server has its own key (`GET /api/status`). */
export async function getStatus(
  options: FetcherOptions = {}
): Promise<FetchResult<StatusResult>> {
  const res = await call("/api/status", "status", { method: "GET" }, options)
  if (!res.success) return res
  return readJson(res.data, statusResultSchema, "status")
}

/** Exact server token counts for `request` (free; `POST /api/count-tokens`). */
export async function countTokens(
  request: unknown,
  options: FetcherOptions & { mode?: CountTokensMode } = {}
): Promise<FetchResult<CountTokensResult>> {
  const body = options.mode ? { request, mode: options.mode } : { request }
  const res = await call(
    "/api/count-tokens",
    "count_tokens",
    postJson(body),
    options
  )
  if (!res.success) return res
  return readJson(res.data, countTokensResultSchema, "count_tokens")
}

/** Result of a streamed run; `partial` keeps what arrived before a failure. */
export type StreamMessageResult =
  | { success: true; data: StreamSnapshot }
  | { success: false; error: ApiErrorBody; partial: StreamSnapshot }

/**
 * What the page reads of a streamed reply, whatever the server sends: the
 * server relays at most 32 MB and 1 MB per event (stream-messages.ts), so
 * these only stop a server or proxy that does not; reading then stops and
 * the run says so, keeping what arrived.
 */
export const PAGE_STREAM_LIMITS = {
  maxReplyBytes: 33 * 1024 * 1024,
  maxLineChars: 2 * 1024 * 1024,
}

/**
 * Splits a text stream into complete lines, buffering the unfinished tail.
 * Linear: only the new chunk is searched for line ends. `tailLength` says
 * how long the unfinished line is.
 */
export function createLineSplitter(): {
  push(chunk: string): string[]
  flush(): string[]
  tailLength(): number
} {
  let tail = ""
  return {
    push(chunk) {
      const end = chunk.lastIndexOf("\n")
      if (end === -1) {
        tail += chunk
        return []
      }
      const parts = (tail + chunk.slice(0, end)).split("\n")
      tail = chunk.slice(end + 1)
      return parts.filter((l) => l.trim() !== "")
    },
    tailLength: () => tail.length,
    flush() {
      const last = tail
      tail = ""
      return last.trim() === "" ? [] : [last]
    },
  }
}

/** A failed run: `partial` is the snapshot so far, marked as failed. */
function failedRun(
  snapshot: StreamSnapshot,
  f: { success: false; error: ApiErrorBody }
): StreamMessageResult {
  const partial: StreamSnapshot = {
    ...snapshot,
    status: "error",
    error: f.error,
  }
  return { success: false, error: f.error, partial }
}

/**
 * Decides whether one NDJSON line is applied: a garbled or unknown line is
 * skipped (undefined); the end-of-stream check still applies.
 */
function parseStreamLine(text: string): StreamLine | undefined {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return undefined
  }
  const parsed = streamLineSchema.safeParse(json)
  return parsed.success ? parsed.data : undefined
}

/**
 * Decides the run's result once reading stopped: cancelled, complete, the
 * error the server sent, or a stream that ended before the reply did.
 */
function endOfStreamResult(
  snapshot: StreamSnapshot,
  signal: AbortSignal | undefined
): StreamMessageResult {
  if (signal?.aborted && snapshot.status !== "error") {
    return failedRun(
      snapshot,
      fail("cancelled", "messages", "Cancelled. What arrived is kept.")
    )
  }
  if (snapshot.status === "complete") return { success: true, data: snapshot }
  if (snapshot.status === "error" && snapshot.error) {
    return { success: false, error: snapshot.error, partial: snapshot }
  }
  return failedRun(
    snapshot,
    signal?.aborted
      ? fail("cancelled", "messages", "Cancelled. What arrived is kept.")
      : fail(
          "stream_interrupted",
          "messages",
          "The stream ended before the reply was complete. What arrived is kept."
        )
  )
}

/** Longest stretch of reading before the page gets a turn (ms). */
const YIELD_AFTER_MS = 30

/** Why the page stopped reading a reply. */
function overrunMessage(
  whole: boolean,
  limits: typeof PAGE_STREAM_LIMITS
): string {
  const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`
  return whole
    ? `The reply passed ${mb(limits.maxReplyBytes)}, more than the page reads; it stopped reading. What arrived is kept.`
    : `One line of the reply passed ${mb(limits.maxLineChars)}, more than the page reads; it stopped reading. What arrived is kept.`
}

/**
 * Runs `request` for real (`POST /api/messages`), calling `onEvent` with each
 * line and the snapshot so far. Abort `signal` to cancel.
 */
export async function streamMessage(
  request: unknown,
  options: FetcherOptions & {
    onEvent?: (line: StreamLine, snapshot: StreamSnapshot) => void
    /** Defaults to PAGE_STREAM_LIMITS (tests pass smaller ones). */
    limits?: typeof PAGE_STREAM_LIMITS
  }
): Promise<StreamMessageResult> {
  let snapshot = emptySnapshot()
  const failWith = (f: { success: false; error: ApiErrorBody }) =>
    failedRun(snapshot, f)
  const res = await call(
    "/api/messages",
    "messages",
    postJson({ request }),
    options
  )
  if (!res.success) return failWith(res)
  const response = res.data
  if (!response.ok || !response.body) {
    const json: unknown = await response.json().catch(() => undefined)
    return failWith(errorFrom(json, response.status, "messages"))
  }

  const failure = await readLines(
    response.body,
    (text) => {
      const line = parseStreamLine(text)
      if (!line) return true
      snapshot = applyStreamLine(snapshot, line)
      options.onEvent?.(line, snapshot)
      return line.kind !== "error" && line.kind !== "done"
    },
    { limits: options.limits ?? PAGE_STREAM_LIMITS, signal: options.signal }
  )
  if (failure) return failWith(failure)
  return endOfStreamResult(snapshot, options.signal)
}

/**
 * Reads `body` line by line into `onLine` until it answers false, the body
 * ends or the signal aborts; answers why reading failed (a cap passed, the
 * connection broke, a cancel), or null. Data already buffered resolves
 * reads at once, so the page gets a turn every YIELD_AFTER_MS.
 */
async function readLines(
  body: ReadableStream<Uint8Array>,
  onLine: (text: string) => boolean,
  options: { limits: typeof PAGE_STREAM_LIMITS; signal?: AbortSignal }
): Promise<{ success: false; error: ApiErrorBody } | null> {
  const { limits, signal } = options
  const reader = body.getReader()
  const decoder = new TextDecoder()
  const lines = createLineSplitter()
  let received = 0
  let ranSince = Date.now()
  try {
    for (let going = true; going;) {
      if (Date.now() - ranSince > YIELD_AFTER_MS) {
        await new Promise((resolve) => setTimeout(resolve, 0))
        ranSince = Date.now()
      }
      const { done, value } = await reader.read()
      received += value?.byteLength ?? 0
      const texts = done
        ? lines.push(decoder.decode()).concat(lines.flush())
        : lines.push(decoder.decode(value, { stream: true }))
      const whole = received > limits.maxReplyBytes
      if (whole || lines.tailLength() > limits.maxLineChars) {
        reader.cancel().catch(() => undefined)
        const message = overrunMessage(whole, limits)
        return fail("stream_interrupted", "messages", message)
      }
      // Cancel is honoured between lines too: when the rest of the stream
      // arrived in the same chunk, nothing after the abort is applied.
      for (const text of texts) {
        if (going) going = onLine(text) && !signal?.aborted
      }
      if (done) break
    }
  } catch (error) {
    return isAbort(error, signal)
      ? fail("cancelled", "messages", "Cancelled. What arrived is kept.")
      : fail(
          "stream_interrupted",
          "messages",
          "The connection to the playground server broke mid-answer. What arrived is kept."
        )
  }
  reader.cancel().catch(() => undefined)
  return null
}
