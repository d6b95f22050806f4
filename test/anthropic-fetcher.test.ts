/**
 * The browser fetcher end to end: its `fetch` is wired straight to the route
 * handlers, which talk to the fake Anthropic API.
 */
import { describe, expect, it } from "vitest"

import { POST as countTokensRoute } from "@/app/api/count-tokens/route"
import { POST as messagesRoute } from "@/app/api/messages/route"
import { GET as statusRoute } from "@/app/api/status/route"
import {
  CANARY_KEY,
  SERVER_TEST_KEY,
  setupFakeAnthropic,
  toolConversation,
} from "./fake-anthropic/route-harness"

import {
  countTokens,
  createLineSplitter,
  getStatus,
  streamMessage,
} from "@/lib/anthropic/fetcher"
import type { StreamLine } from "@/lib/anthropic/schemas"

const ctx = setupFakeAnthropic()

/** A `fetch` that serves `/api/*` from the route handlers in-process. */
const routeFetch: typeof fetch = async (input, init) => {
  const request = new Request(new URL(String(input), "http://local"), init)
  const path = new URL(request.url).pathname
  if (path === "/api/status") return statusRoute()
  if (path === "/api/count-tokens") return countTokensRoute(request)
  if (path === "/api/messages") return messagesRoute(request)
  return new Response("not found", { status: 404 })
}

/** streamMessage options that cancel the stream at its first text delta. */
function cancelOnFirstDelta() {
  const abort = new AbortController()
  return {
    signal: abort.signal,
    onEvent: (line: StreamLine) => {
      if (line.kind === "event" && line.event.type === "content_block_delta")
        abort.abort()
    },
  }
}

const offline: typeof fetch = async () => {
  throw new TypeError("Failed to fetch")
}

describe("fetcher", () => {
  it("reads the server key status", async () => {
    expect(await getStatus({ fetch: routeFetch })).toEqual({
      success: true,
      data: { serverKey: false },
    })
  })

  it("counts tokens with the typed key in a header", async () => {
    const result = await countTokens(toolConversation(), {
      fetch: routeFetch,
      apiKey: CANARY_KEY,
    })
    expect(result.success).toBe(true)
    expect(result.success && result.data.original_input_tokens).toBeGreaterThan(
      result.success ? result.data.input_tokens : Infinity
    )
    expect(ctx.fake.requests()[0]?.headers.authorization).toBe(
      `Bearer ${CANARY_KEY}`
    )
  })

  it("returns the route's error shape instead of throwing", async () => {
    const result = await countTokens(toolConversation(), { fetch: routeFetch })
    expect(result).toMatchObject({
      success: false,
      error: { code: "no_key:count_tokens" },
    })
  })

  it.each([
    ["getStatus", () => getStatus({ fetch: offline }), "network:status"],
    [
      "countTokens",
      () => countTokens({}, { fetch: offline }),
      "network:count_tokens",
    ],
    [
      "streamMessage",
      () => streamMessage({}, { fetch: offline }),
      "network:messages",
    ],
  ])(
    "%s reports an unreachable server as a network error",
    async (_n, run, code) => {
      const result = await run()
      expect(result.success).toBe(false)
      expect(!result.success && result.error.code).toBe(code)
    }
  )

  it("survives a non-JSON error page", async () => {
    const html: typeof fetch = async () =>
      new Response("<html>Bad gateway</html>", { status: 502 })
    const result = await countTokens({}, { fetch: html })
    expect(!result.success && result.error.code).toBe(
      "upstream_error:count_tokens"
    )
  })

  it("streams events in order and returns the final snapshot", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const seen: StreamLine["kind"][] = []
    let textLengths: number[] = []
    const result = await streamMessage(toolConversation(), {
      fetch: routeFetch,
      onEvent: (line, snapshot) => {
        seen.push(line.kind)
        const text = snapshot.blocks.find((b) => b.kind === "text")
        if (text?.kind === "text") textLengths.push(text.text.length)
      },
    })
    expect(result.success).toBe(true)
    expect(seen[0]).toBe("meta")
    expect(seen[seen.length - 1]).toBe("done")
    textLengths = [...new Set(textLengths)]
    expect(textLengths.length).toBeGreaterThan(2)
    expect(result.success && result.data.appliedEdits).toHaveLength(1)
  })

  it("keeps the partial reply when the stream is cut", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const result = await streamMessage(toolConversation("Go [[fault:cut]]"), {
      fetch: routeFetch,
    })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(result.error.code).toBe("stream_interrupted:messages")
    expect(result.partial.blocks.length).toBeGreaterThan(0)
  })

  it("reports cancellation, keeping what arrived", async () => {
    process.env.ANTHROPIC_API_KEY = SERVER_TEST_KEY
    const result = await streamMessage(toolConversation("Go [[fault:slow]]"), {
      fetch: routeFetch,
      ...cancelOnFirstDelta(),
    })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(result.error.code).toBe("cancelled:messages")
    expect(result.partial.blocks.length).toBeGreaterThan(0)
  })

  it("honours a cancel even when the rest of the stream arrived in the same chunk (regression)", async () => {
    const lines = [
      { kind: "meta", retries: 0, betas: [] },
      {
        kind: "event",
        event: {
          type: "message_start",
          message: {
            id: "m",
            type: "message",
            role: "assistant",
            model: "x",
            content: [],
            stop_reason: null,
            usage: { input_tokens: 1, output_tokens: 0 },
          },
        },
      },
      {
        kind: "event",
        event: {
          type: "content_block_start",
          index: 0,
          content_block: { type: "text", text: "" },
        },
      },
      {
        kind: "event",
        event: {
          type: "content_block_delta",
          index: 0,
          delta: { type: "text_delta", text: "Hel" },
        },
      },
      {
        kind: "event",
        event: {
          type: "content_block_delta",
          index: 0,
          delta: { type: "text_delta", text: "lo" },
        },
      },
      { kind: "event", event: { type: "message_stop" } },
      { kind: "done" },
    ]
    const oneChunk: typeof fetch = async () =>
      new Response(lines.map((l) => JSON.stringify(l)).join("\n") + "\n", {
        headers: { "content-type": "application/x-ndjson" },
      })
    const result = await streamMessage(
      {},
      { fetch: oneChunk, ...cancelOnFirstDelta() }
    )
    expect(result.success).toBe(false)
    if (result.success) return
    expect(result.error.code).toBe("cancelled:messages")
  })

  it("reports a stream that ends without done or error as interrupted", async () => {
    const truncated: typeof fetch = async () =>
      new Response('{"kind":"meta","retries":0,"betas":[]}\n{"kind":"ev', {
        headers: { "content-type": "application/x-ndjson" },
      })
    const result = await streamMessage({}, { fetch: truncated })
    expect(!result.success && result.error.code).toBe(
      "stream_interrupted:messages"
    )
  })
})

describe("streamMessage reads no more than its caps", () => {
  /** A server that never stops: `line` again and again, and whether it was cancelled. */
  function endless(line: string) {
    let cancelled = false
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode(line))
      },
      cancel() {
        cancelled = true
      },
    })
    const respond: typeof fetch = async () =>
      new Response(body, {
        headers: { "content-type": "application/x-ndjson" },
      })
    return { respond, cancelled: () => cancelled }
  }
  const delta = JSON.stringify({
    kind: "event",
    event: {
      type: "content_block_delta",
      index: 0,
      delta: { type: "text_delta", text: "z".repeat(1000) },
    },
  })
  const limits = { maxReplyBytes: 200_000, maxLineChars: 50_000 }

  it("stops at the reply cap, says so, keeps what arrived and cancels the read", async () => {
    const server = endless(`${delta}\n`)
    const result = await streamMessage({}, { fetch: server.respond, limits })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(result.error.message).toMatch(/more than the page reads/)
    expect(result.partial.status).toBe("error")
    expect(server.cancelled()).toBe(true)
  })

  it("stops at a line longer than the line cap", async () => {
    const server = endless("z".repeat(10_000))
    const result = await streamMessage({}, { fetch: server.respond, limits })
    expect(!result.success && result.error.message).toMatch(
      /One line of the reply/
    )
    expect(server.cancelled()).toBe(true)
  })
})

describe("createLineSplitter", () => {
  it("joins lines split across chunks", () => {
    const s = createLineSplitter()
    expect(s.push('{"a":')).toEqual([])
    expect(s.push('1}\n{"b"')).toEqual(['{"a":1}'])
    expect(s.push(":2}\n\n")).toEqual(['{"b":2}'])
    expect(s.push("tail")).toEqual([])
    expect(s.flush()).toEqual(["tail"])
  })
})
