import { describe, expect, it } from "vitest"

import { timeline } from "@/lib/context-editing"
import { compareWithLog } from "@/lib/real-usage/compare"

import { parseImport } from "../index"

/** Small hand-written runs: what each format's reading decides, checked against the numbers written in. */
const MODEL = "claude-sonnet-4-5"
const usage = (input: number, read = 0, write = 0, output = 5) => ({
  input_tokens: input,
  cache_read_input_tokens: read,
  cache_creation_input_tokens: write,
  output_tokens: output,
})
const line = (messages: unknown[], u = usage(10), id = "msg") =>
  JSON.stringify({
    request: { model: MODEL, max_tokens: 100, messages },
    response: {
      id,
      model: MODEL,
      content: [{ type: "text", text: "ok" }],
      usage: u,
    },
    timestamp: "2026-11-28T10:00:00Z",
  })

const attr = (key: string, value: unknown) => ({
  key,
  value:
    typeof value === "number"
      ? { intValue: String(value) }
      : {
          stringValue:
            typeof value === "string" ? value : JSON.stringify(value),
        },
})
const span = (id: string, attrs: Array<[string, unknown]>) => ({
  traceId: "t",
  spanId: id,
  startTimeUnixNano: "1795928399060000000",
  endTimeUnixNano: "1795928400060000000",
  attributes: attrs.map(([k, v]) => attr(k, v)),
})
const otlp = (scope: string, spans: unknown[]) =>
  JSON.stringify({
    resourceSpans: [{ scopeSpans: [{ scope: { name: scope }, spans }] }],
  })
const chat = (id: string, extra: Array<[string, unknown]>) =>
  span(id, [
    ["gen_ai.operation.name", "chat"],
    ["gen_ai.provider.name", "anthropic"],
    ["gen_ai.request.model", MODEL],
    ...extra,
  ])
const question = [
  { role: "user", parts: [{ type: "text", content: "What is 2 + 2?" }] },
]

describe("request logs", () => {
  it("keeps a retry of the same request as its own call of that request", () => {
    const ask = [{ role: "user", content: "hi" }]
    const text = [line(ask, usage(10), "a"), line(ask, usage(10), "b")].join(
      "\n"
    )
    const r = parseImport(text)
    if (!r.success) throw new Error(r.error.message)
    expect(r.format).toBe("request-log")
    expect(
      r.realUsage!.map((u) => [u.messageIndex, u.repeat ?? false])
    ).toEqual([
      [0, false],
      [0, true],
    ])
  })

  it("puts a streamed response back together from its events", () => {
    const events = [
      {
        type: "message_start",
        message: { id: "m", model: MODEL, usage: usage(40, 0, 0, 1) },
      },
      {
        type: "content_block_start",
        index: 0,
        content_block: { type: "text", text: "" },
      },
      {
        type: "content_block_delta",
        index: 0,
        delta: { type: "text_delta", text: "fo" },
      },
      {
        type: "content_block_delta",
        index: 0,
        delta: { type: "text_delta", text: "ur" },
      },
      { type: "message_delta", usage: { output_tokens: 7 } },
    ]
    const text = [
      JSON.stringify({
        request: {
          model: MODEL,
          max_tokens: 9,
          messages: [{ role: "user", content: "2+2?" }],
        },
        response: events,
      }),
      line([
        { role: "user", content: "2+2?" },
        { role: "assistant", content: "four" },
        { role: "user", content: "and 3+3?" },
      ]),
    ].join("\n")
    const r = parseImport(text)
    if (!r.success) throw new Error(r.error.message)
    expect(r.realUsage![0]).toMatchObject({
      input_tokens: 40,
      output_tokens: 7,
    })
    // The second call continues the first: one conversation.
    expect(new Set(r.realUsage!.map((u) => u.thread))).toEqual(
      new Set(["main"])
    )
  })

  it("leaves the formats read before alone: a wrapped request without a response is still a request", () => {
    const r = parseImport(
      JSON.stringify({
        request: {
          model: MODEL,
          max_tokens: 5,
          messages: [{ role: "user", content: "hi" }],
        },
      })
    )
    expect(r.format).toBe("anthropic-json")
  })
})

describe("OTLP/JSON traces", () => {
  it("reads input_tokens as the convention defines it for Anthropic (cache reads and writes inside)", () => {
    const r = parseImport(
      otlp("my-instrumentation", [
        chat("a", [
          ["gen_ai.input.messages", question],
          ["gen_ai.usage.input_tokens", 1200],
          ["gen_ai.usage.cache_read.input_tokens", 1000],
          ["gen_ai.usage.cache_creation.input_tokens", 150],
          ["gen_ai.usage.output_tokens", 9],
        ]),
      ])
    )
    if (!r.success) throw new Error(r.error.message)
    expect(r.format).toBe("otlp-traces")
    expect(r.realUsage![0]).toMatchObject({
      input_tokens: 50,
      cache_read_input_tokens: 1000,
      cache_creation_input_tokens: 150,
      output_tokens: 9,
    })
  })

  it("reads OpenLLMetry's input_tokens as Anthropic's own (it leaves the cache out), and says so", () => {
    const r = parseImport(
      otlp("@traceloop/instrumentation-anthropic", [
        chat("a", [
          ["gen_ai.input.messages", question],
          ["gen_ai.usage.input_tokens", 1200],
          ["gen_ai.usage.cache_read.input_tokens", 1000],
        ]),
      ])
    )
    if (!r.success) throw new Error(r.error.message)
    expect(r.realUsage![0]!.input_tokens).toBe(1200)
    expect(
      r.notes.some((n) => /Anthropic's own input_tokens/.test(n.message))
    ).toBe(true)
  })

  it("bills a call whose span holds no messages (content capture off) as logged, not replayed", () => {
    const r = parseImport(
      otlp("x", [
        chat("a", [
          ["gen_ai.input.messages", question],
          ["gen_ai.usage.input_tokens", 20],
        ]),
        chat("b", [["gen_ai.usage.input_tokens", 30]]),
      ])
    )
    if (!r.success) throw new Error(r.error.message)
    const c = compareWithLog(timeline(r.data), r.realUsage!)
    expect(c.matched).toBe(2)
    expect(c.unmodelled).toHaveLength(1)
    expect(c.realDollars).toBeCloseTo((50 * 3) / 1e6, 12)
  })

  it("keeps reasoning as thinking with a stand-in signature, and says the signature was not recorded", () => {
    const r = parseImport(
      otlp("x", [
        chat("a", [
          ["gen_ai.input.messages", question],
          [
            "gen_ai.output.messages",
            [
              {
                role: "assistant",
                parts: [
                  { type: "reasoning", content: "Add them." },
                  { type: "text", content: "4" },
                ],
              },
            ],
          ],
          ["gen_ai.usage.input_tokens", 20],
        ]),
      ])
    )
    if (!r.success) throw new Error(r.error.message)
    const answer = r.data.messages.at(-1)!.content as Array<
      Record<string, unknown>
    >
    expect(answer[0]).toMatchObject({ type: "thinking", thinking: "Add them." })
    expect(r.notes.some((n) => /without a signature/.test(n.message))).toBe(
      true
    )
  })

  it("counts a framework's span around the SDK's span once", () => {
    const outer = chat("outer", [
      ["gen_ai.input.messages", question],
      ["gen_ai.usage.input_tokens", 20],
    ])
    const inner = {
      ...chat("inner", [
        ["gen_ai.input.messages", question],
        ["gen_ai.usage.input_tokens", 20],
      ]),
      parentSpanId: "outer",
    }
    const r = parseImport(otlp("x", [outer, inner]))
    if (!r.success) throw new Error(r.error.message)
    expect(r.realUsage).toHaveLength(1)
  })
})
