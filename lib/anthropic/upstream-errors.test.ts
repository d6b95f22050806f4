import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from "@anthropic-ai/sdk"
import { describe, expect, it } from "vitest"

import { toApiError } from "./upstream-errors"
import { fakeKey } from "@/test/fake-key"

const ctx = {
  surface: "messages" as const,
  retries: 0,
  timeoutMs: 2_500,
  secrets: [fakeKey("secret-1")],
}

function upstream(
  status: number,
  message: string,
  headers: Record<string, string> = {}
) {
  return APIError.generate(
    status,
    { type: "error", error: { type: "x", message } },
    undefined,
    new Headers({ "request-id": "req_123", ...headers })
  )
}

describe("toApiError", () => {
  it("keeps a 400's message and path", () => {
    const e = toApiError(upstream(400, "max_tokens: Field required"), ctx)
    expect(e.toBody()).toEqual({
      code: "bad_request:messages",
      message: "max_tokens: Field required",
      details: {
        upstreamStatus: 400,
        requestId: "req_123",
        path: ["max_tokens"],
      },
    })
  })

  it("redacts the key if an upstream message quotes it", () => {
    const e = toApiError(
      upstream(401, `invalid x-api-key ${fakeKey("secret-1")}`),
      ctx
    )
    expect(e.code).toBe("unauthorized:messages")
    expect(e.message).not.toContain(fakeKey("secret-1"))
  })

  it("reads retry-after on 429 and retry count on 5xx", () => {
    const limited = toApiError(
      upstream(429, "slow", { "retry-after": "12" }),
      ctx
    )
    expect(limited.details).toMatchObject({
      retryAfterSeconds: 12,
      source: "anthropic",
    })
    const overloaded = toApiError(upstream(529, "Overloaded"), {
      ...ctx,
      retries: 2,
    })
    expect(overloaded.code).toBe("upstream_error:messages")
    expect(overloaded.message).toBe(
      "Anthropic is overloaded (529); retried 2 times."
    )
  })

  it("maps connection-level failures", () => {
    expect(
      toApiError(new APIConnectionTimeoutError(), ctx).toBody()
    ).toMatchObject({
      code: "timeout:messages",
      message: "Anthropic did not answer within 2.5 s.",
    })
    expect(toApiError(new APIUserAbortError(), ctx).code).toBe(
      "cancelled:messages"
    )
    expect(toApiError(new APIConnectionError({}), ctx).code).toBe(
      "upstream_error:messages"
    )
  })

  it("never forwards the text of unknown errors", () => {
    const e = toApiError(
      new TypeError(`invalid header value Bearer ${fakeKey("secret-1")}`),
      ctx
    )
    expect(e.message).not.toMatch(/Bearer|sk-ant/)
  })

  it("ignores a malformed request id", () => {
    const e = toApiError(
      upstream(400, "bad", { "request-id": "<script>alert(1)</script>" }),
      ctx
    )
    expect(e.details?.requestId).toBeUndefined()
  })
})
