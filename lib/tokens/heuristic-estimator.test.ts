import { describe, expect, it } from "vitest"

import {
  createHeuristicEstimator,
  replacedContentCounter,
} from "./heuristic-estimator"
import type { EstimateContext } from "./types"

const legacy: EstimateContext = { family: "legacy", factor: 1 }
const est = createHeuristicEstimator()
const countRequest = (system: string | null, tools: unknown[], user: string) =>
  (system ? est.countSystem(system, legacy) : 0) +
  (tools.length
    ? est.countTools(tools, legacy) + est.scaleOverhead(346, legacy)
    : 0) +
  est.countBlock({ type: "text", text: user }, legacy) +
  est.messageOverhead(legacy)

describe("heuristic estimator", () => {
  // Anchors of docs/semantics.md#token-anchors (count_tokens docs, pre-Opus-4.7 tokenizer). Tolerances:
  // ±3 tokens for the tiny prompt, ±10 % for the tool example.
  it("matches the 14-token system + user example within ±3", () => {
    expect(
      Math.abs(countRequest("You are a scientist", [], "Hello, Claude") - 14)
    ).toBeLessThanOrEqual(3)
  })

  it("matches the 403-token single-tool example within ±10 %", () => {
    const tool = {
      name: "get_weather",
      description: "Get the current weather in a given location",
      input_schema: {
        type: "object",
        properties: {
          location: {
            type: "string",
            description: "The city and state, e.g. San Francisco, CA",
          },
        },
        required: ["location"],
      },
    }
    const n = countRequest(
      null,
      [tool],
      "What's the weather like in San Francisco?"
    )
    expect(Math.abs(n - 403) / 403).toBeLessThanOrEqual(0.1)
  })

  it("counts the next tokenizer family ≈1.3× and applies the calibration factor", () => {
    const block = {
      type: "text",
      text: "Connection pools were exhausted during the peak. ".repeat(40),
    }
    const base = est.countBlock(block, legacy)
    expect(
      est.countBlock({ ...block }, { family: "next", factor: 1 }) / base
    ).toBeCloseTo(1.3, 1)
    expect(
      est.countBlock({ ...block }, { family: "legacy", factor: 2 }) / base
    ).toBeCloseTo(2, 1)
  })

  it("caches per block identity and context", () => {
    let reads = 0
    const block = {
      type: "text",
      get text() {
        reads++
        return "cached text for the estimator"
      },
    }
    const a = est.countBlock(block, legacy)
    const readsAfterFirst = reads
    expect(est.countBlock(block, legacy)).toBe(a)
    expect(reads).toBe(readsAfterFirst)
    est.countBlock(block, { family: "next", factor: 1 })
    expect(reads).toBeGreaterThan(readsAfterFirst)
  })

  it("counts images by size and ignores thinking signatures", () => {
    const thinking = (signature: string) =>
      est.countBlock(
        { type: "thinking", thinking: "Let me think.", signature },
        legacy
      )
    expect(thinking("a")).toBe(thinking("a".repeat(5000)))
    expect(
      est.countBlock(
        { type: "image", source: { type: "url", url: "https://x/y.png" } },
        legacy
      )
      // An image by URL: the size measured on recorded exchanges (264 and
      // 284 real tokens, hidden-table.ts), plus the block's framing token.
    ).toBe(276)
  })

  it("never throws on odd blocks", () => {
    for (const b of [
      null,
      5,
      "str",
      [],
      { type: 7 },
      { type: "tool_use", input: "x" },
      { type: "tool_result", tool_use_id: "a", content: { weird: true } },
    ])
      expect(Number.isFinite(est.countBlock(b, legacy))).toBe(true)
    const deep: Record<string, unknown> = {}
    let cur = deep
    for (let i = 0; i < 10_000; i++)
      cur = (cur.next = {}) as Record<string, unknown>
    expect(
      est.countBlock(
        { type: "tool_use", id: "a", name: "n", input: deep },
        legacy
      )
    ).toBeGreaterThan(0)
  })

  it("counts a JS value as the JSON it is sent as (holes → null, undefined fields left out)", () => {
    // A caller passing objects instead of JSON text gets the same count as
    // for the JSON.stringify of them (found by fuzzing simulate: a tool
    // schema with a deleted `required` item counted one token less).
    const holey: unknown[] = new Array(12).fill("tag")
    for (let i = 0; i < 12; i += 2) delete holey[i]
    for (const input of [
      { q: "x", tags: holey, more: [undefined, 2] },
      { q: "x", skipped_when_sent: undefined, also_skipped: undefined },
    ]) {
      const block = { type: "tool_use", id: "toolu_1", name: "search", input }
      const sent = JSON.parse(JSON.stringify(block)) as typeof block
      expect(est.countBlock(block, legacy)).toBe(est.countBlock(sent, legacy))
    }
  })
})

describe("replacedContentCounter", () => {
  const blocks: Record<string, unknown>[] = [
    { type: "tool_result", tool_use_id: "toolu_01", content: "x".repeat(900) },
    {
      type: "tool_result",
      tool_use_id: "toolu_02",
      is_error: true,
      cache_control: { type: "ephemeral" },
      content: [
        { type: "text", text: "long output" },
        { type: "image", source: { type: "base64", data: "AAAA" } },
      ],
    },
    { type: "web_search_tool_result", tool_use_id: "srvtoolu_1", content: [] },
    { type: "mcp_tool_result", tool_use_id: "mcptoolu_9", content: "料理" },
    { type: "tool_use", id: "toolu_03", name: "f", input: { a: 1 } },
    { type: "text", text: "not a tool block", tool_use_id: "toolu_04" },
  ]
  const contexts: EstimateContext[] = [
    legacy,
    { family: "next", factor: 1 },
    { family: "legacy", factor: 1.17 },
  ]
  const placeholders = [
    "[cleared]",
    "",
    "結果は削除されました",
    "x".repeat(400),
  ]

  it("counts a block with its content replaced exactly like the copy", () => {
    const count = replacedContentCounter(est)!
    for (const ctx of contexts)
      for (const ph of placeholders)
        for (const b of blocks)
          expect(count(b, ph, ctx)).toBe(
            est.countBlock({ ...b, content: ph }, ctx)
          )
  })

  it("is offered only for the heuristic estimator", () => {
    expect(replacedContentCounter({ ...est })).toBeNull()
  })
})
