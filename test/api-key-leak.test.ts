/**
 * The key typed into the page must never come back: not in any response body
 * (success, every error, every stream line) and not in the handlers' logs.
 */
import { describe, expect, it } from "vitest"

import { POST as countTokens } from "@/app/api/count-tokens/route"
import { POST as messages } from "@/app/api/messages/route"
import { GET as status } from "@/app/api/status/route"

import {
  CANARY_KEY,
  jsonPost,
  toolConversation,
  setupFakeAnthropic,
} from "./fake-anthropic/route-harness"
import { fakeKey } from "@/test/fake-key"

const ctx = setupFakeAnthropic()

const FAULTS = [
  undefined,
  "400",
  "401",
  "403",
  "429",
  "500",
  "timeout",
  "cut",
  "stream-error",
]

describe("API key canary", () => {
  it.each(FAULTS)("never appears with fault %s", async (fault) => {
    process.env.ANTHROPIC_API_KEY = fakeKey("server-canary-0000")
    process.env.PLAYGROUND_UPSTREAM_TIMEOUT_MS = "300"
    const request = toolConversation(fault ? `Hi [[fault:${fault}]]` : "Hi")
    const headers = { "x-playground-api-key": CANARY_KEY }
    const bodies = [
      await (
        await countTokens(
          jsonPost("http://l/api/count-tokens", { request }, headers)
        )
      ).text(),
      await (
        await messages(jsonPost("http://l/api/messages", { request }, headers))
      ).text(),
      await (await status()).text(),
    ]
    // The canary really was used upstream.
    expect(ctx.fake.requests()[0]?.headers.authorization).toBe(
      `Bearer ${CANARY_KEY}`
    )
    // The console spy really captures the handlers' logging.
    if (fault === "500") {
      expect(ctx.logs().join("\n")).toMatch(/upstream_error:count_tokens/)
    }
    for (const text of [...bodies, ...ctx.logs()]) {
      expect(text).not.toContain(CANARY_KEY)
      expect(text).not.toContain(fakeKey("server-canary-0000"))
    }
  })

  it("is not echoed when it cannot be sent as a header", async () => {
    const bad = `${CANARY_KEY} with spaces`
    const response = await countTokens(
      jsonPost(
        "http://l/api/count-tokens",
        { request: toolConversation() },
        {
          "x-playground-api-key": bad,
        }
      )
    )
    const text = await response.text()
    expect(response.status).toBe(400)
    expect(text).not.toContain(CANARY_KEY)
    expect(ctx.fake.requests()).toHaveLength(0)
  })

  it("status reports only whether the server has a key", async () => {
    process.env.ANTHROPIC_API_KEY = CANARY_KEY
    expect(await (await status()).json()).toEqual({ serverKey: true })
    delete process.env.ANTHROPIC_API_KEY
    expect(await (await status()).json()).toEqual({ serverKey: false })
  })
})
