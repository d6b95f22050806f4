/**
 * A per-client in-memory token bucket. One process, no persistence: enough
 * to stop a runaway loop in the page from burning a server key.
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
  take(key: string, nowMs: number): RateLimitVerdict
  reset(): void
}

const MAX_TRACKED_CLIENTS = 1_000

/** Creates a token-bucket limiter keyed by client. */
export function createRateLimiter(policy: RateLimitPolicy): RateLimiter {
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
      const missing = 1 - bucket.tokens
      return {
        allowed: false,
        retryAfterSeconds: Math.max(
          1,
          Math.ceil(missing / policy.refillPerSecond)
        ),
      }
    },
    reset() {
      buckets.clear()
    },
  }
}

/**
 * The client a request is counted against: the first `x-forwarded-for` hop,
 * else `x-real-ip`, else `"local"` (a local playground has one user).
 * These headers are spoofable; behind a proxy, make the proxy set them.
 */
export function clientKeyFrom(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim()
  if (forwarded) return forwarded
  const real = headers.get("x-real-ip")?.trim()
  return real ? real : "local"
}

/** `count_tokens` is free upstream: allow bursts of 30, then 1 per second. */
export const COUNT_TOKENS_RATE_LIMIT: RateLimitPolicy = {
  capacity: 30,
  refillPerSecond: 1,
}

/** `messages` costs money: bursts of 10, then 10 per minute. */
export const MESSAGES_RATE_LIMIT: RateLimitPolicy = {
  capacity: 10,
  refillPerSecond: 1 / 6,
}
