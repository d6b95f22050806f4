import { describe, expect, it } from "vitest"

import { stripSecrets } from "./secrets"
import { fakeKey } from "@/test/fake-key"

describe("stripSecrets", () => {
  it.each([
    "api_key",
    "apiKey",
    "API_KEY",
    "x-api-key",
    "X-Api-Key",
    "anthropic_api_key",
    "authorization",
    "Authorization",
    "proxy-authorization",
    "authorization_token",
    "access_token",
    "refreshToken",
    "client_secret",
    "password",
    "cookie",
  ])("removes a field named %s, at any depth", (key) => {
    const input = {
      model: "m",
      nested: [{ [key]: "value", keep: 1 }],
      [key]: { deep: "v" },
    }
    const { value, removed } = stripSecrets(input)
    expect(value).toEqual({ model: "m", nested: [{ keep: 1 }] })
    expect([...removed].sort()).toEqual([key, `nested[0].${key}`].sort())
  })

  it.each([
    "max_tokens",
    "budget_tokens",
    "input_tokens",
    "tokens",
    "tool_use_id",
    "type",
    "keep",
  ])("keeps the ordinary field %s", (key) => {
    const input = { [key]: 5 }
    expect(stripSecrets(input)).toEqual({ value: input, removed: [] })
  })

  it("masks Anthropic keys inside text and reports where", () => {
    const { value, removed } = stripSecrets({
      messages: [
        {
          content: `env: ANTHROPIC_API_KEY=${fakeKey("api03-Zx9_abcdefgh-123")} done`,
        },
      ],
    })
    expect(value).toEqual({
      messages: [{ content: "env: ANTHROPIC_API_KEY=[redacted API key] done" }],
    })
    expect(removed).toEqual(["messages[0].content"])
  })

  it("masks an Anthropic key used as an object key, keeping its value", () => {
    const key = fakeKey("api03-Zx9_abcdefgh-123")
    const other = fakeKey("api03-Qq7_zyxwvuts-456")
    const { value, removed } = stripSecrets({
      input: { [key]: "prod", [other]: "staging", region: "eu" },
    })
    expect(value).toEqual({
      input: {
        "[redacted API key]": "prod",
        "[redacted API key] (2)": "staging",
        region: "eu",
      },
    })
    expect(JSON.stringify(value)).not.toContain("sk-ant-")
    expect(removed).toEqual([
      "input.[redacted API key]",
      "input.[redacted API key] (2)",
    ])
  })

  it("does not mutate its input", () => {
    const input = { api_key: "k", a: { authorization: "b" } }
    const copy = structuredClone(input)
    stripSecrets(input)
    expect(input).toEqual(copy)
  })
})

describe("__proto__ keys (regression)", () => {
  it("keeps a __proto__ key of pasted JSON as data", () => {
    const value = JSON.parse(
      '{"input": {"__proto__": {"x": 1}, "a": 2}}'
    ) as unknown
    const { value: out } = stripSecrets(value)
    expect(JSON.stringify(out)).toBe('{"input":{"__proto__":{"x":1},"a":2}}')
  })
})
