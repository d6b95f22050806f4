import { describe, expect, it } from "vitest"

import type { ApiErrorBody, ApiErrorDetails } from "@/lib/anthropic/errors"
import { COUNT_TOKENS_RATE_LIMIT } from "@/lib/anthropic/rate-limit"
import { MAX_BODY_BYTES, type CountTokensResult } from "@/lib/anthropic/schemas"
import {
  CANARY_KEY,
  jsonPost,
  nextClientIp,
  SERVER_TEST_KEY,
  setupFakeAnthropic,
  toolConversation,
} from "@/test/fake-anthropic/route-harness"
import { simulateEdits } from "@/test/fake-anthropic/scenario.mjs"
import { startFakeAnthropic } from "@/test/fake-anthropic/start.mjs"

import { POST } from "./route"

const URL = "http://localhost/api/count-tokens"
const ctx = setupFakeAnthropic()

/** Either answer shape; tests read whichever the status implies. */
type Json = CountTokensResult & {
  error: ApiErrorBody & { details: ApiErrorDetails }
}

function withFault(fault: string) {
  return toolConversation(`Count this. [[fault:${fault}]]`)
}

async function count(request: unknown, headers: Record<string, string> = {}) {
  const response = await POST(jsonPost(URL, { request }, headers))
  return { response, json: (await response.json()) as Json }
}

describe("POST /api/count-tokens", () => {
  it("explains what a key adds when there is none, without calling Anthropic", async () => {
    const { response, json } = await count(toolConversation())
    expect(response.status).toBe(401)
    expect(json.error.code).toBe("no_key:count_tokens")
    expect(json.error.message).toMatch(/exact server token counts/)
    expect(json.error.message).toMatch(/ANTHROPIC_API_KEY/)
    expect(ctx.fake.requests()).toHaveLength(0)
  })

  it("returns the server's edited and original counts", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const request = toolConversation()
    const { response, json } = await count(request)
    expect(response.status).toBe(200)
    // The fake's own rule is the oracle: the route must forward its numbers.
    const sent = ctx.fake.requests()[0]?.body
    const expected = simulateEdits(sent)
    expect(expected.original).toBeGreaterThan(expected.edited)
    expect(json).toMatchObject({
      model: "claude-sonnet-4-6",
      input_tokens: expected.edited,
      original_input_tokens: expected.original,
      reported_original: true,
      retries: 0,
    })
  })

  it("drops fields count_tokens would reject and reports them", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const { json } = await count(toolConversation())
    expect(json.dropped_fields).toEqual(["max_tokens", "temperature"])
    const sent = ctx.fake.requests()[0]?.body as Record<string, unknown>
    expect(sent).not.toHaveProperty("max_tokens")
    expect(sent).not.toHaveProperty("temperature")
    expect(sent).toHaveProperty("context_management")
  })

  it("mode both also counts the request without the edits", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const request = toolConversation()
    const response = await POST(jsonPost(URL, { request, mode: "both" }))
    const json = await response.json()
    expect(ctx.fake.requests()).toHaveLength(2)
    expect(ctx.fake.requests()[1]?.body).not.toHaveProperty(
      "context_management"
    )
    expect(json.unedited_input_tokens).toBe(json.original_input_tokens)
  })

  it("sends the context-management beta, plus compact only with a compact edit", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    await count(toolConversation())
    const compact = toolConversation()
    compact.context_management.edits.push({
      type: "compact_20260112",
      trigger: { type: "input_tokens", value: 60_000 },
    } as never)
    const { response } = await count(compact)
    expect(response.status).toBe(200)
    const [plain, withCompact] = ctx.fake.requests()
    const betas = (r: typeof plain) =>
      String(r?.headers["anthropic-beta"]).split(",")
    expect(betas(plain)).toContain("context-management-2025-06-27")
    expect(betas(plain)).not.toContain("compact-2026-01-12")
    expect(betas(withCompact)).toEqual(
      expect.arrayContaining([
        "context-management-2025-06-27",
        "compact-2026-01-12",
      ])
    )
  })

  it("uses the key typed into the page over the server's, and never echoes it", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const response = await POST(
      jsonPost(
        URL,
        { request: toolConversation() },
        { "x-playground-api-key": CANARY_KEY }
      )
    )
    const text = await response.text()
    expect(response.status).toBe(200)
    expect(ctx.fake.requests()[0]?.headers.authorization).toBe(
      `Bearer ${CANARY_KEY}`
    )
    expect(text).not.toContain(CANARY_KEY)
  })

  it("keeps the API's 400 message and extracts the field path", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const request = toolConversation()
    request.context_management.edits = [
      {
        type: "compact_20260112",
        trigger: { type: "input_tokens", value: 1_000 },
      },
    ] as never
    const { response, json } = await count(request)
    expect(response.status).toBe(400)
    expect(json.error.code).toBe("bad_request:count_tokens")
    expect(json.error.message).toBe(
      "context_management.edits.0.trigger.value: Input should be greater than or equal to 50000"
    )
    expect(json.error.details.path).toEqual([
      "context_management",
      "edits",
      0,
      "trigger",
      "value",
    ])
  })

  it.each([
    ["401", 401, "unauthorized:count_tokens", /check the key/i],
    ["403", 403, "forbidden:count_tokens", /permission/i],
  ])("maps upstream %s", async (fault, status, code, message) => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const { response, json } = await count(withFault(fault))
    expect(response.status).toBe(status)
    expect(json.error.code).toBe(code)
    expect(json.error.message).toMatch(message)
  })

  it("passes Anthropic's 429 on with retry-after, without retrying", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const { response, json } = await count(withFault("429"))
    expect(response.status).toBe(429)
    expect(response.headers.get("retry-after")).toBe("7")
    expect(json.error).toMatchObject({
      code: "rate_limit:count_tokens",
      details: { retryAfterSeconds: 7, source: "anthropic" },
    })
    expect(ctx.fake.requests()).toHaveLength(1)
  })

  it("retries a 529 once and succeeds", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const { response, json } = await count(withFault("529x1"))
    expect(response.status).toBe(200)
    expect(json.retries).toBe(1)
    expect(ctx.fake.requests()).toHaveLength(2)
  })

  it("gives up on a persistent 500 after two retries", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const { response, json } = await count(withFault("500"))
    expect(response.status).toBe(502)
    expect(json.error).toMatchObject({
      code: "upstream_error:count_tokens",
      details: { retries: 2, upstreamStatus: 500 },
    })
    expect(json.error.message).toMatch(/retried 2 times/)
    expect(ctx.fake.requests()).toHaveLength(3)
  })

  it("waits for retry-after before retrying", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const started = performance.now()
    const { response } = await count(withFault("503x1,ra=1"))
    expect(response.status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(950)
  })

  it("times out when Anthropic does not answer", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    process.env.PLAYGROUND_UPSTREAM_TIMEOUT_MS = "300"
    const { response, json } = await count(withFault("timeout"))
    expect(response.status).toBe(504)
    expect(json.error.code).toBe("timeout:count_tokens")
  })

  it("refuses bodies over the limit before reading them (declared length)", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const { response, json } = await count(toolConversation(), {
      "content-length": String(MAX_BODY_BYTES + 1),
    })
    expect(response.status).toBe(413)
    expect(json.error.code).toBe("payload_too_large:count_tokens")
    expect(ctx.fake.requests()).toHaveLength(0)
  })

  it("refuses bodies over the limit while reading them (no declared length)", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const big = toolConversation("x".repeat(MAX_BODY_BYTES))
    const { response, json } = await count(big)
    expect(response.status).toBe(413)
    expect(json.error.details.limitBytes).toBe(MAX_BODY_BYTES)
    expect(ctx.fake.requests()).toHaveLength(0)
  })

  it("rate-limits one client after a burst (a whole probe run fits) and says when to retry", async () => {
    const burst = COUNT_TOKENS_RATE_LIMIT.capacity
    expect(burst).toBeGreaterThanOrEqual(34) // the probe plan's requests
    const ip = nextClientIp()
    const statuses: number[] = []
    let last: Response | undefined
    for (let i = 0; i <= burst; i++) {
      last = await POST(jsonPost(URL, {}, { "x-forwarded-for": ip }))
      statuses.push(last.status)
    }
    expect(statuses.slice(0, burst).every((s) => s === 400)).toBe(true)
    expect(statuses[burst]).toBe(429)
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1)
    expect((await last?.json()).error.details.source).toBe("playground")
    // Another client is unaffected.
    expect((await POST(jsonPost(URL, {}))).status).toBe(400)
  })

  it.each([
    ["another site's page", { "sec-fetch-site": "cross-site" }],
    ["another port of the same host", { "sec-fetch-site": "same-site" }],
    ["an Origin that is not this host", { origin: "https://evil.example" }],
    ["a sandboxed frame (Origin null)", { origin: "null" }],
  ])(
    "refuses a POST from %s without spending the server key",
    async (_name, headers) => {
      process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
      const { response, json } = await count(toolConversation(), headers)
      expect(response.status).toBe(403)
      expect(json.error.code).toBe("forbidden:count_tokens")
      expect(json.error.message).toMatch(/another site/)
      expect(ctx.fake.requests()).toHaveLength(0)
    }
  )

  it("refuses a text/plain body (a cross-site form needs no preflight)", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const { response, json } = await count(toolConversation(), {
      "content-type": "text/plain",
    })
    expect(response.status).toBe(400)
    expect(json.error.message).toMatch(/application\/json.*text\/plain/)
    expect(ctx.fake.requests()).toHaveLength(0)
  })

  it("answers its own page (same origin) and scripts without browser headers", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const own = await count(toolConversation(), {
      "sec-fetch-site": "same-origin",
      origin: "http://localhost",
      host: "localhost",
    })
    expect(own.response.status).toBe(200)
    const script = await count(toolConversation())
    expect(script.response.status).toBe(200)
  })

  it("rejects a malformed envelope with the path of the problem", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const { response, json } = await count({ model: 42, messages: [] })
    expect(response.status).toBe(400)
    expect(json.error.details.path).toEqual(["model"])
  })

  it("cannot be pointed at another server by the browser", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const attacker = await startFakeAnthropic({ port: 0 })
    try {
      const response = await POST(
        jsonPost(
          URL,
          {
            request: toolConversation(),
            baseURL: attacker.url,
            base_url: attacker.url,
          },
          {
            "x-anthropic-base-url": attacker.url,
            "anthropic-base-url": attacker.url,
            "x-playground-base-url": attacker.url,
            host: new globalThis.URL(attacker.url).host,
          }
        )
      )
      expect(response.status).toBe(200)
      expect(attacker.requests()).toHaveLength(0)
      expect(ctx.fake.requests()).toHaveLength(1)
    } finally {
      await attacker.close()
    }
  })
})
