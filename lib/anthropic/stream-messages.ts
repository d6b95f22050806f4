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
import type { ServerConfig } from "./client"
import { ApiError } from "./errors"
import { withBoundedRetry } from "./retry"
import type { MessagesRequest, StreamLine } from "./schemas"
import { toApiError } from "./upstream-errors"

const encoder = new TextEncoder()

function encodeLine(line: StreamLine): Uint8Array {
  return encoder.encode(`${JSON.stringify(line)}\n`)
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
}

function interrupted(message: string): ApiError {
  return new ApiError("stream_interrupted", "messages", message)
}

/** Pipes upstream events into an NDJSON byte stream. */
function pipeToNdjson(
  events: AsyncIterable<BetaRawMessageStreamEvent>,
  options: PipeOptions
): ReadableStream<Uint8Array> {
  const { upstream } = options
  let consumerGone = false
  const isCancelled = () => consumerGone || options.isCancelled()
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true
      const send = (line: StreamLine) => {
        if (!open || isCancelled()) return
        try {
          controller.enqueue(encodeLine(line))
        } catch {
          open = false
        }
      }
      let idle = false
      let timer: ReturnType<typeof setTimeout> | undefined
      const armIdle = () => {
        clearTimeout(timer)
        timer = setTimeout(() => {
          idle = true
          upstream.abort()
        }, options.idleTimeoutMs)
      }

      send({ kind: "meta", retries: options.retries, betas: options.betas })
      let sawStop = false
      let failure: unknown
      armIdle()
      try {
        for await (const event of events) {
          armIdle()
          send({ kind: "event", event })
          if (event.type === "message_stop") sawStop = true
        }
      } catch (error) {
        failure = error
      } finally {
        clearTimeout(timer)
      }

      if (!isCancelled()) {
        if (sawStop) send({ kind: "done" })
        else {
          const error = idle
            ? interrupted(
                `No data from Anthropic for ${Math.round(options.idleTimeoutMs / 1000)} s; the stream was stopped. What arrived is kept.`
              )
            : failure instanceof APIError
              ? toApiError(failure, {
                  surface: "messages",
                  retries: options.retries,
                  timeoutMs: options.timeoutMs,
                  secrets: options.secrets,
                })
              : interrupted(
                  "The connection to Anthropic broke mid-answer. What arrived is kept."
                )
          options.onStreamError?.(error)
          send({ kind: "error", error: error.toBody() })
        }
      }
      options.onFinish()
      if (open) {
        open = false
        try {
          controller.close()
        } catch {
          // Already cancelled by the consumer.
        }
      }
    },
    cancel() {
      consumerGone = true
      upstream.abort()
    },
  })
}

/**
 * Starts a streamed `messages.create`. Resolves once Anthropic has answered
 * with headers: errors before that are returned (so the route can answer
 * with a real status); later ones arrive as the stream's last line.
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
  if (!outcome.success) {
    detach()
    return {
      success: false,
      error: toApiError(outcome.error, {
        surface: "messages",
        retries: outcome.retries,
        timeoutMs: config.timeoutMs,
        secrets: options.secrets,
      }),
    }
  }
  return {
    success: true,
    data: pipeToNdjson(outcome.data, {
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
