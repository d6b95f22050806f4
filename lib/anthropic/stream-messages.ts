/**
 * Server side of `POST /api/messages`: opens an upstream SSE stream (with
 * bounded retry until the headers arrive) and re-emits it as NDJSON lines
 * (`StreamLine`). Failures after the first byte become a final `error` line,
 * because the HTTP status has already been sent. Server-only.
 */
import { APIError, type Anthropic } from "@anthropic-ai/sdk"
import type {
  BetaRawMessageStreamEvent,
  MessageCreateParamsStreaming,
} from "@anthropic-ai/sdk/resources/beta/messages/messages"

import { betaHeadersFor } from "./betas"
import { UpstreamTooLarge } from "./capped-fetch"
import type { ServerConfig } from "./client"
import { ApiError } from "./errors"
import { withBoundedRetry } from "./retry"
import type { MessagesRequest, StreamLine } from "./schemas"
import { toApiError } from "./upstream-errors"

const encoder = new TextEncoder()

function encodeLine(line: StreamLine): Uint8Array {
  return encoder.encode(`${JSON.stringify(line)}\n`)
}

/**
 * Caps on what is relayed to the browser. A real event is small (a delta
 * is a few tokens; the largest are whole tool inputs and compaction
 * summaries), so one event over `maxEventBytes` or a reply over
 * `maxTotalBytes` is a broken or hostile upstream: the stream is stopped
 * with a message rather than handing the page a 50 MB string.
 */
export const RELAY_LIMITS = {
  maxEventBytes: 1024 * 1024,
  maxTotalBytes: 32 * 1024 * 1024,
}

/** Why the relay stopped early, checked for each event. */
function relayOverrun(
  lineBytes: number,
  totalBytes: number,
  limits: typeof RELAY_LIMITS
): string | null {
  const mb = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`
  if (lineBytes > limits.maxEventBytes)
    return `Anthropic sent one stream event of ${mb(lineBytes)}, more than the ${mb(limits.maxEventBytes)} the playground relays; the stream was stopped. What arrived before it is kept.`
  if (totalBytes > limits.maxTotalBytes)
    return `The reply passed ${mb(limits.maxTotalBytes)}, more than the playground relays; the stream was stopped. What arrived is kept.`
  return null
}

interface PipeOptions {
  retries: number
  betas: string[]
  idleTimeoutMs: number
  timeoutMs: number
  secrets: readonly string[]
  /** Aborts the upstream request (idle timeout, consumer gone). */
  upstream: AbortController
  /** True once the browser went away: then nothing more is written. */
  isCancelled: () => boolean
  onFinish: () => void
  onStreamError?: (error: ApiError) => void
  /** Defaults to RELAY_LIMITS (tests pass smaller ones). */
  limits?: typeof RELAY_LIMITS
}

function interrupted(message: string): ApiError {
  return new ApiError("stream_interrupted", "messages", message)
}

/** The message for a stream that ended without `message_delta` + `message_stop`. */
function endedEarly(input: {
  idle: boolean
  sawStop: boolean
  failure: unknown
  options: PipeOptions
}): ApiError {
  const { idle, sawStop, failure, options } = input
  if (idle)
    return interrupted(
      `No data from Anthropic for ${Math.round(options.idleTimeoutMs / 1000)} s; the stream was stopped. What arrived is kept.`
    )
  if (failure instanceof APIError)
    return toApiError(failure, {
      surface: "messages",
      retries: options.retries,
      timeoutMs: options.timeoutMs,
      secrets: options.secrets,
    })
  if (sawStop)
    // docs: the final message_delta carries stop_reason, usage and
    // context_management.applied_edits; without it there is no result.
    return interrupted(
      "The stream ended without its final message_delta, so there is no stop reason, usage or applied_edits. What arrived is kept."
    )
  return interrupted(
    "The connection to Anthropic broke mid-answer. What arrived is kept."
  )
}

/**
 * Decides when the upstream has been quiet for too long: then it is aborted
 * and `stopped` settles, so the relay loop ends on time even if the upstream
 * iterator ignores the abort.
 */
function watchForIdle(upstream: AbortController, idleTimeoutMs: number) {
  let idle = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopWaiting: () => void = () => undefined
  const stopped = new Promise<"idle">((resolve) => {
    stopWaiting = () => resolve("idle")
  })
  return {
    stopped,
    isIdle: () => idle,
    arm() {
      clearTimeout(timer)
      timer = setTimeout(() => {
        idle = true
        upstream.abort()
        stopWaiting()
      }, idleTimeoutMs)
    },
    disarm: () => clearTimeout(timer),
  }
}

/**
 * Decides the stream's last line: `done` for a complete answer, otherwise
 * the error that ended it (also reported to `onStreamError`).
 */
function closingLine(
  ending: {
    idle: boolean
    sawStop: boolean
    sawFinalDelta: boolean
    overrun: string | null
    failure: unknown
  },
  options: PipeOptions
): StreamLine {
  const { idle, sawStop, sawFinalDelta, failure } = ending
  // A cap hit while the bytes were read (capped-fetch) or on a parsed event.
  const overrun =
    ending.overrun ??
    (failure instanceof UpstreamTooLarge ? failure.message : null)
  if (sawStop && sawFinalDelta && !overrun) return { kind: "done" }
  const error = overrun
    ? interrupted(overrun)
    : endedEarly({ idle, sawStop, failure, options })
  options.onStreamError?.(error)
  return { kind: "error", error: error.toBody() }
}

function closeQuietly(controller: ReadableStreamDefaultController<Uint8Array>) {
  try {
    controller.close()
  } catch {
    // Already cancelled by the consumer.
  }
}

/** Pipes upstream events into an NDJSON byte stream (exported for tests). */
export function pipeToNdjson(
  events: AsyncIterable<BetaRawMessageStreamEvent>,
  options: PipeOptions
): ReadableStream<Uint8Array> {
  const { upstream } = options
  let consumerGone = false
  const isCancelled = () => consumerGone || options.isCancelled()
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true
      const sendBytes = (bytes: Uint8Array) => {
        if (!open || isCancelled()) return
        try {
          controller.enqueue(bytes)
        } catch {
          open = false
        }
      }
      const send = (line: StreamLine) => sendBytes(encodeLine(line))
      const watch = watchForIdle(upstream, options.idleTimeoutMs)

      send({ kind: "meta", retries: options.retries, betas: options.betas })
      const limits = options.limits ?? RELAY_LIMITS
      let total = 0
      let sawStop = false
      let sawFinalDelta = false
      let overrun: string | null = null
      let failure: unknown
      watch.arm()
      const iterator = events[Symbol.asyncIterator]()
      try {
        for (;;) {
          const next = await Promise.race([iterator.next(), watch.stopped])
          if (next === "idle" || next.done) break
          const event = next.value
          watch.arm()
          const line = encodeLine({ kind: "event", event })
          total += line.byteLength
          overrun = relayOverrun(line.byteLength, total, limits)
          if (overrun) {
            upstream.abort()
            break
          }
          sendBytes(line)
          if (event.type === "message_delta") sawFinalDelta = true
          if (event.type === "message_stop") sawStop = true
        }
      } catch (error) {
        failure = error
      } finally {
        watch.disarm()
        if (watch.isIdle() || overrun)
          void iterator.return?.()?.catch(() => undefined)
      }

      if (!isCancelled()) {
        const idle = watch.isIdle()
        const ending = { idle, sawStop, sawFinalDelta, overrun, failure }
        send(closingLine(ending, options))
      }
      options.onFinish()
      if (open) {
        open = false
        closeQuietly(controller)
      }
    },
    cancel() {
      consumerGone = true
      upstream.abort()
    },
  })
}

type Events = AsyncIterable<BetaRawMessageStreamEvent>

/** Events that open a reply before any content. */
const OPENING_EVENTS = new Set(["message_start", "content_block_start"])

/** What `peekStart` read: the events so far and the rest, or the failure. */
type Peeked =
  { success: true; events: Events } | { success: false; error: unknown }

/**
 * Reads the reply's opening (`message_start`, `content_block_start`, and
 * the first event after them, the first piece of content; the SDK drops
 * pings) before the route commits to a status: a reply that fails
 * right away (an SSE `error` event, an oversized first event, a dropped
 * connection) then gets a real error status instead of a 200 with an
 * error line. Waits at most `waitMs`; what is still pending then is handed
 * on with the rest.
 */
export async function peekStart(
  source: Events,
  waitMs: number
): Promise<Peeked> {
  const iterator = source[Symbol.asyncIterator]()
  const head: BetaRawMessageStreamEvent[] = []
  let pending: Promise<IteratorResult<BetaRawMessageStreamEvent>> | null = null
  let ended = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), waitMs)
  })
  try {
    for (;;) {
      pending = iterator.next()
      const next = await Promise.race([pending, late])
      if (next === "late") break
      pending = null
      if (next.done) {
        ended = true
        break
      }
      head.push(next.value)
      if (!OPENING_EVENTS.has(next.value.type)) break
    }
  } catch (error) {
    return { success: false, error }
  } finally {
    clearTimeout(timer)
  }
  async function* rest(): AsyncGenerator<BetaRawMessageStreamEvent> {
    yield* head
    if (ended) return
    if (pending) {
      const next = await pending
      if (next.done) return
      yield next.value
    }
    for (;;) {
      const next = await iterator.next()
      if (next.done) return
      yield next.value
    }
  }
  return { success: true, events: rest() }
}

/**
 * Starts a streamed `messages.create`. Resolves once Anthropic's reply has
 * begun (headers, then its opening events: `peekStart`): errors before
 * that are returned (so the route can answer with a real status); later
 * ones arrive as the stream's last line.
 */
export async function openMessageStream(
  client: Anthropic,
  request: MessagesRequest,
  options: {
    config: ServerConfig
    secrets: readonly string[]
    /** The incoming request's signal: the browser going away cancels upstream. */
    signal?: AbortSignal
    /** Told about failures after the stream started (for logging). */
    onStreamError?: (error: ApiError) => void
  }
): Promise<
  | { success: true; data: ReadableStream<Uint8Array> }
  | { success: false; error: ApiError }
> {
  const { config } = options
  const betas = betaHeadersFor(request)
  const { betas: _betas, stream: _stream, ...body } = request
  const upstream = new AbortController()
  let cancelled = false
  const onClientGone = () => {
    cancelled = true
    upstream.abort()
  }
  options.signal?.addEventListener("abort", onClientGone, { once: true })
  const detach = () =>
    options.signal?.removeEventListener("abort", onClientGone)

  const params = {
    ...body,
    stream: true,
    betas,
  } as unknown as MessageCreateParamsStreaming
  const outcome = await withBoundedRetry(
    () => client.beta.messages.create(params, { signal: upstream.signal }),
    config.retry,
    { signal: upstream.signal }
  )
  const failed = (error: unknown) => {
    detach()
    upstream.abort()
    return {
      success: false as const,
      error: toApiError(error, {
        surface: "messages",
        retries: outcome.retries,
        timeoutMs: config.timeoutMs,
        secrets: options.secrets,
      }),
    }
  }
  if (!outcome.success) return failed(outcome.error)
  const opening = await peekStart(outcome.data, config.streamIdleTimeoutMs)
  if (!opening.success) return failed(opening.error)
  return {
    success: true,
    data: pipeToNdjson(opening.events, {
      retries: outcome.retries,
      betas,
      idleTimeoutMs: config.streamIdleTimeoutMs,
      timeoutMs: config.timeoutMs,
      secrets: options.secrets,
      upstream,
      isCancelled: () => cancelled,
      onFinish: detach,
      onStreamError: options.onStreamError,
    }),
  }
}
