/**
 * Token buckets per client. The routes use the shared limiter
 * (`lib/server/shared-rate-limit.ts`: buckets in the database every
 * instance shares); this in-memory one is its fallback while the database
 * cannot be reached, and the reference its tests compare with.
 */

/** Bucket size and refill speed. */
export interface RateLimitPolicy {
  /** Requests allowed in a burst. */
  capacity: number
  /** Tokens added per second. */
  refillPerSecond: number
}

/** Verdict for one request. */
export type RateLimitVerdict =
  { allowed: true } | { allowed: false; retryAfterSeconds: number }

/** A limiter; `now` is passed in so tests control time. */
export interface RateLimiter {
  take(key: string, nowMs: number): Promise<RateLimitVerdict>
  reset(): Promise<void>
}

/** The in-memory limiter's synchronous form. */
export interface MemoryRateLimiter {
  take(key: string, nowMs: number): RateLimitVerdict
  reset(): void
}

/** How long until a bucket holding `tokens` has one again, in whole seconds (≥ 1). */
export function retryAfterSeconds(
  tokens: number,
  policy: RateLimitPolicy
): number {
  return Math.max(1, Math.ceil((1 - tokens) / policy.refillPerSecond))
}

const MAX_TRACKED_CLIENTS = 1_000

/** Creates an in-memory token-bucket limiter keyed by client (one process). */
export function createRateLimiter(policy: RateLimitPolicy): MemoryRateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>()

  function refill(bucket: { tokens: number; at: number }, nowMs: number) {
    const elapsed = Math.max(0, nowMs - bucket.at) / 1000
    bucket.tokens = Math.min(
      policy.capacity,
      bucket.tokens + elapsed * policy.refillPerSecond
    )
    bucket.at = nowMs
  }

  function prune(nowMs: number) {
    // Full buckets carry no information; drop them to bound memory.
    for (const [key, bucket] of buckets) {
      refill(bucket, nowMs)
      if (bucket.tokens >= policy.capacity) buckets.delete(key)
    }
  }

  return {
    take(key, nowMs) {
      let bucket = buckets.get(key)
      if (!bucket) {
        if (buckets.size >= MAX_TRACKED_CLIENTS) prune(nowMs)
        bucket = { tokens: policy.capacity, at: nowMs }
        buckets.set(key, bucket)
      }
      refill(bucket, nowMs)
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1
        return { allowed: true }
      }
      return {
        allowed: false,
        retryAfterSeconds: retryAfterSeconds(bucket.tokens, policy),
      }
    },
    reset() {
      buckets.clear()
    },
  }
}

/**
 * `count_tokens` is free upstream: allow bursts of 60 (a whole probe run,
 * 34 requests, fits in one: lib/probes), then 1 per second.
 */
export const COUNT_TOKENS_RATE_LIMIT: RateLimitPolicy = {
  capacity: 60,
  refillPerSecond: 1,
}

/** `messages` costs money: bursts of 10, then 10 per minute. */
export const MESSAGES_RATE_LIMIT: RateLimitPolicy = {
  capacity: 10,
  refillPerSecond: 1 / 6,
}
