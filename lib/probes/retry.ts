/**
 * A `send` that waits out 429 answers (rate limits) with backoff, honouring
 * a retry-after the answer carries, and reports each wait so the page can
 * show it. Retries are not probe requests: the plan never sees them.
 */
import type { ProbeSend, SendAnswer } from "./types"

/** One wait before a retry. */
export interface RetryNotice {
  attempt: number
  waitMs: number
}

export interface RetryOptions {
  maxRetries?: number
  baseDelayMs?: number
  maxDelayMs?: number
  signal?: AbortSignal
  onRetry?: (notice: RetryNotice) => void
  /** Injected in tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

function retryAfterMs(answer: SendAnswer): number | undefined {
  const b = answer.body as { retryAfterSeconds?: unknown } | null
  const s = b && typeof b === "object" ? b.retryAfterSeconds : undefined
  return typeof s === "number" && s >= 0 ? s * 1000 : undefined
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true }
    )
  })

/** Wraps `send` so that a 429 is retried after a backoff (at most `maxRetries`). */
export function retryingRateLimits(
  send: ProbeSend,
  o: RetryOptions = {}
): ProbeSend {
  const max = o.maxRetries ?? 5
  const base = o.baseDelayMs ?? 1000
  const cap = o.maxDelayMs ?? 30_000
  const sleep = o.sleep ?? wait
  return async (body) => {
    for (let attempt = 1; ; attempt++) {
      const answer = await send(body)
      if (answer.status !== 429 || attempt > max || o.signal?.aborted)
        return answer
      const waitMs = Math.min(
        cap,
        retryAfterMs(answer) ?? base * 2 ** (attempt - 1)
      )
      o.onRetry?.({ attempt, waitMs })
      await sleep(waitMs, o.signal)
      o.signal?.throwIfAborted()
    }
  }
}
