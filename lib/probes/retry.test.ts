/** 429 answers are waited out (retry-after first, else doubling backoff) and reported. */
import { describe, expect, it } from "vitest"

import { retryingRateLimits, type RetryNotice } from "./index"

const limited = (retryAfterSeconds?: number) => ({
  status: 429,
  body: {
    type: "error",
    error: { type: "rate_limit", message: "slow down" },
    retryAfterSeconds,
  },
})

describe("retryingRateLimits", () => {
  it("retries a 429 after its retry-after, then a doubling backoff, and reports each wait", async () => {
    const answers = [
      limited(2),
      limited(),
      { status: 200, body: { input_tokens: 5 } },
    ]
    const waits: number[] = []
    const notices: RetryNotice[] = []
    const send = retryingRateLimits(() => Promise.resolve(answers.shift()!), {
      baseDelayMs: 100,
      sleep: (ms) => (waits.push(ms), Promise.resolve()),
      onRetry: (n) => notices.push(n),
    })
    expect(await send({})).toEqual({ status: 200, body: { input_tokens: 5 } })
    expect(waits).toEqual([2000, 200])
    expect(notices.map((n) => n.attempt)).toEqual([1, 2])
  })

  it("gives the 429 back after maxRetries", async () => {
    const send = retryingRateLimits(() => Promise.resolve(limited()), {
      maxRetries: 2,
      sleep: () => Promise.resolve(),
    })
    expect((await send({})).status).toBe(429)
  })
})
