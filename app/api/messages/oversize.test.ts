// Oversized upstream answers: capped while the bytes are read (not after
// the SDK buffered them), answered with an error, and without the server's
// memory growing by anything near the answer's size.
import { describe, expect, it } from "vitest"

import { UPSTREAM_CAPS } from "@/lib/anthropic/capped-fetch"
import type { StreamLine } from "@/lib/anthropic/schemas"
import {
  jsonPost,
  SERVER_TEST_KEY,
  setupFakeAnthropic,
  toolConversation,
} from "@/test/fake-anthropic/route-harness"

import { POST as countTokens } from "../count-tokens/route"
import { POST as messages } from "./route"

setupFakeAnthropic()

const MB = 1024 * 1024

function request(fault: string) {
  return { request: toolConversation(`Go. [[fault:${fault}]]`) }
}

/** Runs `call` and answers how much the process's memory grew meanwhile (peak RSS sampled every 20 ms). */
async function growth<T>(call: () => Promise<T>): Promise<[T, number]> {
  const before = process.memoryUsage().rss
  let peak = before
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 20)
  try {
    const result = await call()
    peak = Math.max(peak, process.memoryUsage().rss)
    return [result, peak - before]
  } finally {
    clearInterval(sampler)
  }
}

describe("oversized upstream answers", () => {
  it("a single 100 MB stream event is an error status, read no further than the event cap", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const [response, grew] = await growth(() =>
      messages(jsonPost("http://localhost/api/messages", request("huge-event")))
    )
    expect(response.status).toBe(502)
    const body = (await response.json()) as {
      error: { code: string; message: string }
    }
    expect(body.error.code).toBe("upstream_error:messages")
    expect(body.error.message).toMatch(/one stream event larger than 1 MB/)
    expect(grew).toBeLessThan(250 * MB)
  })

  it("a 100 MB stream of ordinary events stops at the reply cap with a final error line", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const [text, grew] = await growth(async () => {
      const response = await messages(
        jsonPost("http://localhost/api/messages", request("huge-stream"))
      )
      expect(response.status).toBe(200)
      return response.text()
    })
    const lines = text.trim().split("\n")
    const last = JSON.parse(lines.at(-1)!) as StreamLine
    expect(last).toMatchObject({
      kind: "error",
      error: { code: "stream_interrupted:messages" },
    })
    expect(last.kind === "error" && last.error.message).toMatch(/32 MB/)
    expect(text.length).toBeLessThanOrEqual(UPSTREAM_CAPS.maxStreamBytes + MB)
    expect(grew).toBeLessThan(250 * MB)
  })

  it("a 100 MB count_tokens answer is an error status, read no further than the answer cap", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const [response, grew] = await growth(() =>
      countTokens(
        jsonPost("http://localhost/api/count-tokens", request("huge-answer"))
      )
    )
    expect(response.status).toBe(502)
    const body = (await response.json()) as {
      error: { code: string; message: string }
    }
    expect(body.error.code).toBe("upstream_error:count_tokens")
    expect(body.error.message).toMatch(/larger than 1 MB/)
    expect(grew).toBeLessThan(250 * MB)
  })
})
