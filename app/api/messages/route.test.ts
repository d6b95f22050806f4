import { describe, expect, it } from "vitest"

import type { StreamLine } from "@/lib/anthropic/schemas"
import {
  applyStreamLine,
  emptySnapshot,
} from "@/lib/anthropic/stream-accumulator"
import {
  jsonPost,
  nextClientIp,
  readLines,
  SERVER_TEST_KEY,
  setupFakeAnthropic,
  toolConversation,
} from "@/test/fake-anthropic/route-harness"
import { simulateEdits } from "@/test/fake-anthropic/scenario.mjs"

import { POST } from "./route"

const URL = "http://localhost/api/messages"
const ctx = setupFakeAnthropic()

function conversation(fault?: string) {
  return toolConversation(fault ? `Go. [[fault:${fault}]]` : "Go.")
}

function send(request: unknown, headers: Record<string, string> = {}) {
  return POST(jsonPost(URL, { request }, headers))
}

function lastLine(lines: StreamLine[]) {
  return lines[lines.length - 1]
}

describe("POST /api/messages", () => {
  it("answers no_key without a key and makes no upstream call", async () => {
    const response = await send(conversation())
    expect(response.status).toBe(401)
    expect((await response.json()).error.code).toBe("no_key:messages")
    expect(ctx.fake.requests()).toHaveLength(0)
  })

  it("requires max_tokens (the page adds a small one when missing)", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const { max_tokens: _omit, ...request } = conversation()
    const response = await send(request)
    expect(response.status).toBe(400)
    expect((await response.json()).error.details.path).toEqual(["max_tokens"])
  })

  it("streams meta, the upstream events and done, with applied edits at the end", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const response = await send(conversation())
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toMatch(/ndjson/)
    const lines = await readLines(response)
    expect(lines[0]).toEqual({
      kind: "meta",
      retries: 0,
      betas: ["context-management-2025-06-27"],
    })
    expect(lastLine(lines)).toEqual({ kind: "done" })

    const snapshot = lines.reduce(applyStreamLine, emptySnapshot())
    const expected = simulateEdits(ctx.fake.requests()[0]?.body)
    expect(expected.applied).toHaveLength(1)
    expect(snapshot.appliedEdits).toEqual(expected.applied)
    expect(snapshot.status).toBe("complete")
    expect(snapshot.stopReason).toBe("tool_use")
    const text = snapshot.blocks.find((b) => b.kind === "text")
    expect(text?.kind === "text" && text.text).toMatch(/^Fake reply/)
    const tool = snapshot.blocks.find((b) => b.kind === "tool_use")
    expect(tool).toMatchObject({
      name: "search",
      done: true,
      input: { query: "fake input" },
    })
  })

  it("delivers events incrementally rather than all at the end", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const response = await send(conversation())
    const reader = response.body!.getReader()
    const arrivals: number[] = []
    for (;;) {
      const { done } = await reader.read()
      if (done) break
      arrivals.push(performance.now())
    }
    expect(arrivals.length).toBeGreaterThan(5)
    expect(arrivals[arrivals.length - 1]! - arrivals[0]!).toBeGreaterThan(50)
  })

  it("sends streaming, betas as a header and the browser's key", async () => {
    const key = "test-browser-key-not-a-secret"
    const request = { ...conversation(), betas: ["some-beta-2026-01-01"] }
    request.context_management.edits.push({
      type: "compact_20260112",
      trigger: { type: "input_tokens", value: 60_000 },
    } as never)
    const response = await send(request, { "x-playground-api-key": key })
    expect(lastLine(await readLines(response))).toEqual({ kind: "done" })
    const sent = ctx.fake.requests()[0]
    expect(sent?.headers.authorization).toBe(`Bearer ${key}`)
    expect(String(sent?.headers["anthropic-beta"]).split(",")).toEqual([
      "context-management-2025-06-27",
      "compact-2026-01-12",
      "some-beta-2026-01-01",
    ])
    expect(sent?.body).toMatchObject({ stream: true })
    expect(sent?.body).not.toHaveProperty("betas")
  })

  it.each([
    ["400", 400, "bad_request:messages"],
    ["401", 401, "unauthorized:messages"],
    ["403", 403, "forbidden:messages"],
    ["429", 429, "rate_limit:messages"],
    ["529", 502, "upstream_error:messages"],
    ["timeout", 504, "timeout:messages"],
  ])(
    "answers fault %s before streaming with %i",
    async (fault, status, code) => {
      process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
      process.env.PLAYGROUND_UPSTREAM_TIMEOUT_MS = "300"
      const response = await send(conversation(fault))
      expect(response.status).toBe(status)
      const json = await response.json()
      expect(json.error.code).toBe(code)
      if (fault === "400") {
        expect(json.error.details.path).toEqual([
          "context_management",
          "edits",
          0,
          "trigger",
          "value",
        ])
      }
      if (fault === "429") expect(response.headers.get("retry-after")).toBe("7")
      if (fault === "529") {
        expect(json.error.message).toMatch(/overloaded.*retried 2 times/i)
        expect(ctx.fake.requests()).toHaveLength(3)
      }
    }
  )

  it("retries an overloaded start once and reports it in meta", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const lines = await readLines(await send(conversation("529x1")))
    expect(lines[0]).toMatchObject({ kind: "meta", retries: 1 })
    expect(lastLine(lines)).toEqual({ kind: "done" })
  })

  it("ends a stream cut midway with stream_interrupted, keeping what arrived", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const response = await send(conversation("cut"))
    expect(response.status).toBe(200)
    const lines = await readLines(response)
    const last = lastLine(lines)
    expect(last?.kind === "error" && last.error.code).toBe(
      "stream_interrupted:messages"
    )
    const snapshot = lines.reduce(applyStreamLine, emptySnapshot())
    expect(snapshot.blocks.length).toBeGreaterThan(0)
    expect(snapshot.appliedEdits).toBeNull()
  })

  it("turns an upstream error event into stream_interrupted with its message", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const last = lastLine(
      await readLines(await send(conversation("stream-error")))
    )
    expect(last).toMatchObject({
      kind: "error",
      error: { code: "stream_interrupted:messages" },
    })
    expect(last?.kind === "error" && last.error.message).toMatch(/Overloaded/)
  })

  it("stops a stream that goes silent", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    process.env.PLAYGROUND_STREAM_IDLE_TIMEOUT_MS = "100"
    const last = lastLine(await readLines(await send(conversation("slow"))))
    expect(last?.kind === "error" && last.error.message).toMatch(/No data/)
  })

  it("stops upstream when the browser goes away", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const abort = new AbortController()
    const response = await POST(
      jsonPost(
        URL,
        { request: conversation("slow") },
        {},
        { signal: abort.signal }
      )
    )
    const reader = response.body!.getReader()
    await reader.read()
    const started = performance.now()
    abort.abort()
    while (!(await reader.read()).done) {
      // drain
    }
    // The slow stream would take several seconds; cancelling ends it at once.
    expect(performance.now() - started).toBeLessThan(1_000)
  })

  it("rate-limits a client after a burst of 10", async () => {
    const ip = nextClientIp()
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await POST(jsonPost(URL, {}, { "x-forwarded-for": ip }))).status
      )
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true)
    expect(statuses[10]).toBe(429)
  })
})
