import { describe, expect, it } from "vitest"

import { clientKeyFrom, createRateLimiter } from "./rate-limit"

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

describe("clientKeyFrom", () => {
  it.each([
    [{ "x-forwarded-for": "1.2.3.4, 10.0.0.1" }, "1.2.3.4"],
    [{ "x-real-ip": "5.6.7.8" }, "5.6.7.8"],
    [{}, "local"],
  ])("keys %j as %s", (headers, key) => {
    expect(clientKeyFrom(new Headers(headers))).toBe(key)
  })
})
