import { APIError } from "@anthropic-ai/sdk"
import { describe, expect, it } from "vitest"

import { withBoundedRetry, type RetryPolicy } from "./retry"

const policy: RetryPolicy = {
  maxRetries: 2,
  baseDelayMs: 100,
  maxDelayMs: 5_000,
}

function status(code: number, headers: Record<string, string> = {}) {
  return APIError.generate(
    code,
    { error: { message: "x" } },
    undefined,
    new Headers(headers)
  )
}

/** An attempt that fails with the given errors in turn, then succeeds. */
function failing(errors: unknown[]) {
  let calls = 0
  return {
    attempt: async () => {
      const error = errors[calls++]
      if (error) throw error
      return "ok"
    },
    calls: () => calls,
  }
}

describe("withBoundedRetry", () => {
  it("succeeds after one 529, with exponential backoff", async () => {
    const waits: number[] = []
    const run = failing([status(529)])
    const outcome = await withBoundedRetry(run.attempt, policy, {
      wait: async (ms) => void waits.push(ms),
    })
    expect(outcome).toEqual({ success: true, data: "ok", retries: 1 })
    expect(waits).toEqual([100])
  })

  it("gives up after maxRetries", async () => {
    const waits: number[] = []
    const run = failing([status(500), status(500), status(500), status(500)])
    const outcome = await withBoundedRetry(run.attempt, policy, {
      wait: async (ms) => void waits.push(ms),
    })
    expect(outcome.success).toBe(false)
    expect(outcome.retries).toBe(2)
    expect(run.calls()).toBe(3)
    expect(waits).toEqual([100, 200])
  })

  it.each([400, 401, 429])("does not retry %i", async (code) => {
    const run = failing([status(code)])
    const outcome = await withBoundedRetry(run.attempt, policy, {
      wait: async () => {},
    })
    expect(outcome).toMatchObject({ success: false, retries: 0 })
    expect(run.calls()).toBe(1)
  })

  it("honours retry-after, and gives up when it is too long", async () => {
    const waits: number[] = []
    const wait = async (ms: number) => void waits.push(ms)
    await withBoundedRetry(
      failing([status(503, { "retry-after": "2" })]).attempt,
      policy,
      { wait }
    )
    expect(waits).toEqual([2_000])
    const long = failing([status(503, { "retry-after": "60" })])
    const outcome = await withBoundedRetry(long.attempt, policy, { wait })
    expect(outcome.success).toBe(false)
    expect(long.calls()).toBe(1)
  })

  it("stops retrying once aborted", async () => {
    const abort = new AbortController()
    const run = failing([status(500), status(500)])
    const outcome = await withBoundedRetry(run.attempt, policy, {
      signal: abort.signal,
      wait: async () => abort.abort(),
    })
    expect(outcome.success).toBe(false)
    expect(run.calls()).toBe(2)
  })
})
