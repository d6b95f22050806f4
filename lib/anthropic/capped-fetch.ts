/**
 * Size caps applied while the upstream's bytes are read, before the SDK
 * buffers them: the SDK's SSE decoder holds a whole line, and its JSON
 * parser a whole body, so a 100 MB event or answer would be buffered whole
 * (hundreds of MB of memory) before any cap that looks at parsed events. The
 * SDK is given this `fetch`, whose response bodies stop with an
 * `UpstreamTooLarge` error as soon as one SSE event, a whole stream, or a
 * non-stream answer passes its cap, and cancel the connection. Server-only.
 */

/** The caps, in bytes. */
export interface UpstreamCaps {
  /** One SSE event (its lines up to the blank line that ends it). */
  maxEventBytes: number
  /** A whole `text/event-stream` reply. */
  maxStreamBytes: number
  /** Any other answer (`count_tokens`, an error body). */
  maxAnswerBytes: number
}

/**
 * Default caps. Real events are small (the largest are whole tool inputs
 * and compaction summaries); a `count_tokens` answer is about 100 bytes.
 */
export const UPSTREAM_CAPS: UpstreamCaps = {
  maxEventBytes: 1024 * 1024,
  maxStreamBytes: 32 * 1024 * 1024,
  maxAnswerBytes: 1024 * 1024,
}

const mb = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`

/** What the upstream sent too much of; the message is safe to show. */
export class UpstreamTooLarge extends Error {
  readonly limitBytes: number
  constructor(what: "event" | "stream" | "answer", limitBytes: number) {
    super(
      what === "event"
        ? `Anthropic sent one stream event larger than ${mb(limitBytes)}, more than the playground reads; the stream was stopped. What arrived before it is kept.`
        : what === "stream"
          ? `The reply passed ${mb(limitBytes)}, more than the playground reads; the stream was stopped. What arrived is kept.`
          : `Anthropic's answer was larger than ${mb(limitBytes)}, more than the playground reads; it was not read.`
    )
    this.name = "UpstreamTooLarge"
    this.limitBytes = limitBytes
  }
}

const LF = 10
const CR = 13

/**
 * Counts the bytes of the SSE event in progress across chunks: an event
 * ends at a blank line (`\n\n`, `\r\n\r\n` or `\r\r`). Returns a function
 * that takes the next chunk and answers the current event's size.
 */
export function sseEventMeter(): (chunk: Uint8Array) => number {
  let eventBytes = 0
  let lineEmpty = true
  let afterCr = false
  return (chunk) => {
    let i = 0
    while (i < chunk.length) {
      let nl = chunk.indexOf(LF, i)
      const cr = chunk.indexOf(CR, i)
      if (nl === -1 || (cr !== -1 && cr < nl)) nl = cr
      const end = nl === -1 ? chunk.length : nl
      if (end > i) {
        eventBytes += end - i
        lineEmpty = false
        afterCr = false
      }
      if (nl === -1) break
      const byte = chunk[nl]
      i = nl + 1
      if (byte === LF && afterCr) {
        afterCr = false // the LF of a CRLF: that line already ended
        continue
      }
      if (lineEmpty) eventBytes = 0
      else eventBytes += 1
      lineEmpty = true
      afterCr = byte === CR
    }
    return eventBytes
  }
}

/** A body stream that errors with `UpstreamTooLarge` past the caps (and cancels the source). */
export function capBody(
  body: ReadableStream<Uint8Array>,
  isEventStream: boolean,
  caps: UpstreamCaps
): ReadableStream<Uint8Array> {
  const meter = isEventStream ? sseEventMeter() : null
  const maxTotal = isEventStream ? caps.maxStreamBytes : caps.maxAnswerBytes
  let total = 0
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength
        if (meter && meter(chunk) > caps.maxEventBytes)
          controller.error(new UpstreamTooLarge("event", caps.maxEventBytes))
        else if (total > maxTotal)
          controller.error(
            new UpstreamTooLarge(meter ? "stream" : "answer", maxTotal)
          )
        else controller.enqueue(chunk)
      },
    })
  )
}

/**
 * `fetch` for the SDK client: the same request, with the response body
 * capped (see `capBody`); reading stops one chunk past a cap, whatever
 * `content-length` claims.
 */
export function cappedFetch(
  caps: UpstreamCaps = UPSTREAM_CAPS,
  inner: typeof fetch = fetch
): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init)
    if (!response.body) return response
    const type = response.headers.get("content-type") ?? ""
    const isEventStream = /^text\/event-stream/i.test(type)
    return new Response(capBody(response.body, isEventStream, caps), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
  }
}
