import { describe, expect, it } from "vitest"

import { ApiError, isApiErrorCode, redact } from "./errors"
import { extractErrorPath } from "./upstream-errors"
import { fakeKey } from "@/test/fake-key"

describe("ApiError", () => {
  it.each([
    ["bad_request", 400],
    ["no_key", 401],
    ["unauthorized", 401],
    ["forbidden", 403],
    ["payload_too_large", 413],
    ["rate_limit", 429],
    ["upstream_error", 502],
    ["timeout", 504],
  ] as const)("derives the status of %s (%i)", async (type, status) => {
    const error = new ApiError(type, "messages", "msg")
    const response = error.toResponse()
    expect(response.status).toBe(status)
    expect(await response.json()).toEqual({
      error: { code: `${type}:messages`, message: "msg" },
    })
  })

  it("adds Retry-After to rate-limit answers", () => {
    const response = new ApiError("rate_limit", "count_tokens", "slow down", {
      retryAfterSeconds: 2.2,
      source: "playground",
    }).toResponse()
    expect(response.headers.get("retry-after")).toBe("3")
  })

  it("recognises well-formed codes only", () => {
    expect(isApiErrorCode("rate_limit:messages")).toBe(true)
    expect(isApiErrorCode("rate_limit")).toBe(false)
    expect(isApiErrorCode("teapot:messages")).toBe(false)
    expect(isApiErrorCode("timeout:messages:x")).toBe(false)
  })
})

describe("redact", () => {
  it("removes the given secrets and anything shaped like a key", () => {
    expect(redact("key my-secret-value here", ["my-secret-value"])).toBe(
      "key [redacted] here"
    )
    expect(redact(`invalid key ${fakeKey("api03-AbC_d-9")} sent`)).toBe(
      "invalid key [redacted] sent"
    )
  })
})

describe("extractErrorPath", () => {
  it.each([
    [
      "context_management.edits.0.trigger.value: Input should be greater than or equal to 50000",
      ["context_management", "edits", 0, "trigger", "value"],
    ],
    [
      "messages.1.content.0: `compaction` blocks require a `compact_20260112` strategy",
      ["messages", 1, "content", 0],
    ],
    [
      "context_management: Extra inputs are not permitted",
      ["context_management"],
    ],
    ["max_tokens: Field required", ["max_tokens"]],
    ["model: claude-nope", ["model"]],
  ])("finds the path in %j", (message, path) => {
    expect(extractErrorPath(message)).toEqual(path)
  })

  it.each([
    "`clear_thinking_20251015` strategy requires `thinking` to be enabled or adaptive",
    "Error: something went wrong",
    "'claude-haiku-4-5-20251001' does not support the 'compact_20260112' context management strategy.",
    "",
  ])("finds no path in %j", (message) => {
    expect(extractErrorPath(message)).toBeUndefined()
  })
})
