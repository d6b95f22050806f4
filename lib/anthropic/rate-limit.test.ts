import { describe, expect, it } from "vitest"

import { createRateLimiter } from "./rate-limit"

describe("createRateLimiter", () => {
  it("allows a burst, then refills over time", () => {
    const limiter = createRateLimiter({ capacity: 2, refillPerSecond: 0.5 })
    expect(limiter.take("a", 0).allowed).toBe(true)
    expect(limiter.take("a", 0).allowed).toBe(true)
    expect(limiter.take("a", 0)).toEqual({
      allowed: false,
      retryAfterSeconds: 2,
    })
    expect(limiter.take("a", 1_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    })
    expect(limiter.take("a", 2_000).allowed).toBe(true)
  })

  it("keeps clients apart", () => {
    const limiter = createRateLimiter({ capacity: 1, refillPerSecond: 1 })
    expect(limiter.take("a", 0).allowed).toBe(true)
    expect(limiter.take("a", 0).allowed).toBe(false)
    expect(limiter.take("b", 0).allowed).toBe(true)
  })

  it("never lets tokens exceed the capacity after a long idle", () => {
    const limiter = createRateLimiter({ capacity: 2, refillPerSecond: 1 })
    limiter.take("a", 0)
    const results = [0, 0, 0].map(() => limiter.take("a", 1_000_000).allowed)
    expect(results).toEqual([true, true, false])
  })
})
