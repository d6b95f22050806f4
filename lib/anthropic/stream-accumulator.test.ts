import type { BetaRawMessageStreamEvent } from "@anthropic-ai/sdk/resources/beta/messages/messages"
import { describe, expect, it } from "vitest"

import { buildStreamEvents } from "@/test/fake-anthropic/responses.mjs"
import { simulateEdits } from "@/test/fake-anthropic/scenario.mjs"

import type { StreamLine } from "./schemas"
import { applyStreamLine, emptySnapshot } from "./stream-accumulator"

const body = {
  model: "claude-sonnet-4-6",
  thinking: { type: "enabled", budget_tokens: 1024 },
  tools: [{ name: "lookup", input_schema: {} }],
  messages: [{ role: "user", content: "hi" }],
  context_management: { edits: [] },
}

function lines(cache?: { read: number; write: number }): StreamLine[] {
  const sim = simulateEdits(body)
  const events = buildStreamEvents(body, cache ? { ...sim, cache } : sim, 1)
  return [
    { kind: "meta", retries: 1, betas: ["b"] },
    ...events
      .filter((e) => e.event !== "ping")
      .map((e) => ({
        kind: "event" as const,
        event: e.data as unknown as BetaRawMessageStreamEvent,
      })),
    { kind: "done" },
  ]
}

describe("applyStreamLine", () => {
  it("keeps the usage's cache reads and writes apart from the uncached input tokens", () => {
    const plain = lines().reduce(applyStreamLine, emptySnapshot())
    expect(plain.cacheReadTokens).toBe(0)
    expect(plain.cacheWriteTokens).toBe(0)
    const total = plain.inputTokens!
    const cached = lines({ read: total, write: 0 }).reduce(
      applyStreamLine,
      emptySnapshot()
    )
    expect(cached).toMatchObject({
      inputTokens: 0,
      cacheReadTokens: total,
      cacheWriteTokens: 0,
    })
  })

  it("rebuilds thinking, text and tool input from deltas", () => {
    const s = lines().reduce(applyStreamLine, emptySnapshot())
    expect(s.status).toBe("complete")
    expect(s.retries).toBe(1)
    expect(s.blocks.map((b) => b.kind)).toEqual([
      "thinking",
      "text",
      "tool_use",
    ])
    expect(s.blocks[0]).toMatchObject({ kind: "thinking", signed: true })
    expect(s.blocks[0]?.kind === "thinking" && s.blocks[0].text).toMatch(
      /^The user wants/
    )
    expect(s.blocks[2]).toMatchObject({
      name: "lookup",
      done: true,
      input: { query: "fake input", attempt: 1 },
    })
    expect(s.appliedEdits).toEqual([])
    expect(s.stopReason).toBe("tool_use")
  })

  it("shows partial text while streaming and never mutates earlier snapshots", () => {
    const all = lines()
    const snapshots = [emptySnapshot()]
    for (const line of all)
      snapshots.push(applyStreamLine(snapshots[snapshots.length - 1]!, line))
    const texts = snapshots.map((s) => {
      const b = s.blocks.find((x) => x.kind === "text")
      return b?.kind === "text" ? b.text : ""
    })
    const distinct = new Set(texts.filter(Boolean))
    expect(distinct.size).toBeGreaterThan(2)
    expect(snapshots[0]).toEqual(emptySnapshot())
  })

  it("records an error line and keeps what arrived", () => {
    const partial = lines().slice(0, 8)
    const s = [
      ...partial,
      {
        kind: "error",
        error: { code: "stream_interrupted:messages", message: "cut" },
      } as StreamLine,
    ].reduce(applyStreamLine, emptySnapshot())
    expect(s.status).toBe("error")
    expect(s.error?.code).toBe("stream_interrupted:messages")
    expect(s.blocks.length).toBeGreaterThan(0)
  })

  it("keeps an unparseable tool input as raw JSON", () => {
    const s = [
      {
        kind: "event",
        event: {
          type: "content_block_start",
          index: 0,
          content_block: { type: "tool_use", id: "t", name: "n", input: {} },
        },
      },
      {
        kind: "event",
        event: {
          type: "content_block_delta",
          index: 0,
          delta: { type: "input_json_delta", partial_json: '{"a":' },
        },
      },
      { kind: "event", event: { type: "content_block_stop", index: 0 } },
    ].reduce((acc, l) => applyStreamLine(acc, l as StreamLine), emptySnapshot())
    expect(s.blocks[0]).toMatchObject({
      inputJson: '{"a":',
      input: undefined,
      done: true,
    })
  })
})
