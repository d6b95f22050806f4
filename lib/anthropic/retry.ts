/**
 * Bounded retry for 5xx/529 answers. The SDK's own retries are off
 * (`maxRetries: 0`) so that we can count them, cap them and tell the user.
 */
import { APIError } from "@anthropic-ai/sdk"

import { isRetryableUpstreamError, retryAfterSeconds } from "./upstream-errors"

/** How hard to retry. */
export interface RetryPolicy {
  /** Retries after the first attempt (the brief caps this at 2). */
  maxRetries: number
  /** First backoff when the server sends no `retry-after`; doubles each time. */
  baseDelayMs: number
  /** A `retry-after` longer than this is not waited for: we give up instead. */
  maxDelayMs: number
}

/** Outcome with the number of retries spent, for the UI's "retried N times". */
export type RetryOutcome<T> =
  | { success: true; data: T; retries: number }
  | { success: false; error: unknown; retries: number }

/** Waits `ms` unless `signal` aborts first (then resolves early). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal?.removeEventListener("abort", done)
      resolve()
    }
    signal?.addEventListener("abort", done, { once: true })
  })
}

/** Delay before retry number `retry` (0-based), or undefined to give up. */
export function retryDelayMs(
  error: unknown,
  retry: number,
  policy: RetryPolicy
): number | undefined {
  const headers = error instanceof APIError ? error.headers : undefined
  const after = retryAfterSeconds(headers)
  if (after !== undefined) {
    const ms = after * 1000
    return ms <= policy.maxDelayMs ? ms : undefined
  }
  return Math.min(policy.baseDelayMs * 2 ** retry, policy.maxDelayMs)
}

/**
 * Runs `attempt`, retrying retryable upstream errors at most
 * `policy.maxRetries` times, honouring `retry-after`. Never throws.
 */
export async function withBoundedRetry<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  options: {
    signal?: AbortSignal
    wait?: (ms: number, signal?: AbortSignal) => Promise<void>
  } = {}
): Promise<RetryOutcome<T>> {
  const wait = options.wait ?? sleep
  for (let retries = 0; ; retries++) {
    try {
      return { success: true, data: await attempt(), retries }
    } catch (error) {
      const delay =
        retries < policy.maxRetries && isRetryableUpstreamError(error)
          ? retryDelayMs(error, retries, policy)
          : undefined
      if (delay === undefined || options.signal?.aborted) {
        return { success: false, error, retries }
      }
      await wait(delay, options.signal)
    }
  }
}
