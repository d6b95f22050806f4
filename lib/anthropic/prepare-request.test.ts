import { describe, expect, it } from "vitest"

import { DEFAULT_MAX_TOKENS, prepareSendRequest } from "./prepare-request"

const base = {
  model: "claude-sonnet-4-6",
  messages: [{ role: "user", content: "hi" }],
}

describe("prepareSendRequest", () => {
  it("adds a small max_tokens and says so", () => {
    const r = prepareSendRequest(base)
    expect(r.success && r.data.request.max_tokens).toBe(DEFAULT_MAX_TOKENS)
    expect(r.success && r.data.notes[0]).toMatch(/max_tokens was missing/)
  })

  it("keeps max_tokens above the thinking budget", () => {
    const r = prepareSendRequest({
      ...base,
      thinking: { type: "enabled", budget_tokens: 2_048 },
    })
    expect(r.success && r.data.request.max_tokens).toBe(
      2_048 + DEFAULT_MAX_TOKENS
    )
  })

  it("leaves an existing max_tokens and the input alone", () => {
    const input = { ...base, max_tokens: 10 }
    const r = prepareSendRequest(input)
    expect(r.success && r.data).toEqual({ request: input, notes: [] })
    expect(prepareSendRequest(base).success && base).not.toHaveProperty(
      "max_tokens"
    )
  })

  it.each([
    [null, /JSON object/],
    [[], /JSON object/],
    [{ messages: [] }, /model/],
    [{ model: "m" }, /messages/],
  ])("explains why %j cannot be sent", (request, message) => {
    const r = prepareSendRequest(request)
    expect(r.success).toBe(false)
    expect(!r.success && r.error).toMatch(message)
  })
})
