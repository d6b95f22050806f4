// The relay of upstream stream events to the browser: what it does when the
// final event never comes, and when an event or the reply is too large.

import type { BetaRawMessageStreamEvent } from "@anthropic-ai/sdk/resources/beta/messages/messages"
import { describe, expect, it } from "vitest"

import type { StreamLine } from "./schemas"
import { pipeToNdjson } from "./stream-messages"

const start = {
  type: "message_start",
  message: {
    id: "msg_1",
    type: "message",
    role: "assistant",
    model: "claude-sonnet-4-5",
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 1 },
  },
} as unknown as BetaRawMessageStreamEvent
const blockStart = {
  type: "content_block_start",
  index: 0,
  content_block: { type: "text", text: "" },
} as unknown as BetaRawMessageStreamEvent
const delta = (text: string) =>
  ({
    type: "content_block_delta",
    index: 0,
    delta: { type: "text_delta", text },
  }) as unknown as BetaRawMessageStreamEvent
const blockStop = {
  type: "content_block_stop",
  index: 0,
} as unknown as BetaRawMessageStreamEvent
const finalDelta = {
  type: "message_delta",
  delta: { stop_reason: "end_turn", stop_sequence: null },
  usage: { output_tokens: 5 },
  context_management: { applied_edits: [] },
} as unknown as BetaRawMessageStreamEvent
const stop = { type: "message_stop" } as unknown as BetaRawMessageStreamEvent

async function* events(
  list: BetaRawMessageStreamEvent[],
  then?: "hang"
): AsyncGenerator<BetaRawMessageStreamEvent> {
  for (const e of list) yield e
  if (then === "hang") await new Promise(() => undefined)
}

async function relay(
  source: AsyncIterable<BetaRawMessageStreamEvent>,
  overrides: {
    idleTimeoutMs?: number
    limits?: { maxEventBytes: number; maxTotalBytes: number }
  } = {}
): Promise<StreamLine[]> {
  const upstream = new AbortController()
  const stream = pipeToNdjson(source, {
    retries: 0,
    betas: [],
    idleTimeoutMs: overrides.idleTimeoutMs ?? 5_000,
    timeoutMs: 60_000,
    secrets: [],
    upstream,
    isCancelled: () => false,
    onFinish: () => undefined,
    limits: overrides.limits,
  })
  const text = await new Response(stream).text()
  return text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as StreamLine)
}

describe("the stream relay", () => {
  it("ends a whole reply with done", async () => {
    const lines = await relay(
      events([start, blockStart, delta("hi"), blockStop, finalDelta, stop])
    )
    expect(lines.at(-1)).toEqual({ kind: "done" })
  })

  it("ends a reply whose message_stop came without the final message_delta with a clear error", async () => {
    const lines = await relay(
      events([start, blockStart, delta("hi"), blockStop, stop])
    )
    const last = lines.at(-1)
    expect(last?.kind).toBe("error")
    expect(last?.kind === "error" && last.error.message).toMatch(
      /without its final message_delta/
    )
  })

  it("ends a stream that stops sending before its final event within the idle timeout", async () => {
    const started = Date.now()
    const lines = await relay(
      events([start, blockStart, delta("hi")], "hang"),
      { idleTimeoutMs: 200 }
    )
    const last = lines.at(-1)
    expect(last?.kind === "error" && last.error.message).toMatch(/No data/)
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it("stops at an oversized event, relaying none of it but keeping what came before", async () => {
    const limits = { maxEventBytes: 1024, maxTotalBytes: 1024 * 1024 }
    const lines = await relay(
      events([start, blockStart, delta("ok"), delta("x".repeat(50_000)), stop]),
      { limits }
    )
    const relayed = lines.filter((l) => l.kind === "event")
    expect(relayed).toHaveLength(3)
    expect(JSON.stringify(lines).length).toBeLessThan(5_000)
    const last = lines.at(-1)
    expect(last?.kind === "error" && last.error.message).toMatch(
      /one stream event of/
    )
  })

  it("stops once the whole reply passes the total cap", async () => {
    const limits = { maxEventBytes: 1024, maxTotalBytes: 4096 }
    const many = Array.from({ length: 100 }, () => delta("y".repeat(500)))
    const lines = await relay(events([start, blockStart, ...many, stop]), {
      limits,
    })
    expect(JSON.stringify(lines).length).toBeLessThan(8_000)
    const last = lines.at(-1)
    expect(last?.kind === "error" && last.error.message).toMatch(/reply passed/)
  })
})
