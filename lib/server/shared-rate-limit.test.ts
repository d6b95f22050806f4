// The shared limiter on both backends: one quota per client however many
// instances (limiter objects, processes) take from the same database.

import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { createRateLimiter } from "@/lib/anthropic/rate-limit"

import { lazyDatabase } from "./database"
import { createSharedRateLimiter } from "./shared-rate-limit"
import { bothBackends, PGLITE_START_MS } from "./test-backends"

const policy = { capacity: 5, refillPerSecond: 0.5 }

describe.each(bothBackends("shared-limit-", "limits.db"))(
  "createSharedRateLimiter on %s",
  (_name, url) => {
    // Two connections to one database: two instances of the app.
    let a: ReturnType<typeof lazyDatabase>
    let b: ReturnType<typeof lazyDatabase>
    beforeAll(async () => {
      a = lazyDatabase(await url())
      b = lazyDatabase(await url())
    }, PGLITE_START_MS)
    afterAll(async () => {
      await a.close()
      await b.close()
    })

    it("gives one client one quota across two instances, under concurrency", async () => {
      const one = createSharedRateLimiter("t1", policy, a.get)
      const two = createSharedRateLimiter("t1", policy, b.get)
      const verdicts = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? one : two).take("203.0.113.5", 1_000_000)
        )
      )
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(5)
      // Another client has its own bucket.
      expect((await one.take("203.0.113.6", 1_000_000)).allowed).toBe(true)
    })

    it("refills over time like the in-memory limiter, with the same Retry-After", async () => {
      const shared = createSharedRateLimiter("t2", policy, a.get)
      const memory = createRateLimiter(policy)
      const times = [0, 0, 0, 0, 0, 0, 500, 1000, 2000, 2100, 6000, 60_000]
      for (const t of times) {
        const now = 5_000_000 + t
        expect(await shared.take("c", now)).toEqual(memory.take("c", now))
      }
    })

    it("refills nothing when another instance's clock is behind", async () => {
      const ahead = createSharedRateLimiter("t3", policy, a.get)
      const behind = createSharedRateLimiter("t3", policy, b.get)
      for (let i = 0; i < 5; i++) await ahead.take("c", 9_000_000)
      expect(await behind.take("c", 8_000_000)).toMatchObject({
        allowed: false,
      })
    })

    it("a limiter whose name holds `_` or `%` resets its own buckets only", async () => {
      const wild = createSharedRateLimiter("t_5%", policy, a.get)
      const other = createSharedRateLimiter("tx5yz", policy, a.get)
      for (let i = 0; i < 5; i++) await other.take("c", 7_000_000)
      await wild.take("c", 7_000_000)
      await wild.reset()
      // `t_5%|%` as a pattern would also match `tx5yz|c`: it stays empty.
      expect(await other.take("c", 7_000_000)).toMatchObject({
        allowed: false,
      })
      expect(await wild.take("c", 7_000_000)).toEqual({ allowed: true })
    })
  }
)

it("falls back to a per-process limiter while the database is unreachable", async () => {
  const errors: unknown[] = []
  const original = console.error
  console.error = (...args: unknown[]) => void errors.push(args)
  try {
    const broken = createSharedRateLimiter("t4", policy, () =>
      Promise.reject(new Error("connection refused"))
    )
    const verdicts = await Promise.all(
      Array.from({ length: 8 }, () => broken.take("c", 0))
    )
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5)
    expect(errors).toHaveLength(1)
  } finally {
    console.error = original
  }
})
