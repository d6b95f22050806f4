import { describe, expect, it } from "vitest"

import { simulate } from "@/lib/context-editing"
import { checkToolPairing } from "@/lib/generate"

import {
  fromLegacyMessages,
  fromLegacyTranscript,
  importLegacyXml,
} from "./import"
import {
  blocks,
  fixture,
  invoke,
  notesText,
  ok,
  system,
  TOOL,
} from "./test-helpers"
import { LEGACY_TOOL_PREAMBLE, toLegacyTranscript } from "./to-legacy-xml"

describe("stock price example (docs, two chained calls)", () => {
  const result = ok(
    fromLegacyMessages(JSON.parse(fixture("legacy-stock-price-messages.json")))
  )
  const data = result.data

  it("builds both tools with string schemas, all params required", () => {
    expect(data.tools).toEqual([
      {
        name: "get_current_stock_price",
        description: expect.stringContaining("Gets the current stock price"),
        input_schema: {
          type: "object",
          properties: {
            symbol: {
              type: "string",
              description:
                "The stock symbol of the company to get the price for.",
            },
          },
          required: ["symbol"],
        },
      },
      expect.objectContaining({
        name: "get_ticker_symbol",
        input_schema: expect.objectContaining({ required: ["company_name"] }),
      }),
    ])
  })

  it("removes the preamble and tools from system and drops the stop sequence", () => {
    expect(data.system).toBeUndefined()
    expect(data.stop_sequences).toBeUndefined()
  })

  it("swaps the Claude 3 model, which has no context editing, for the newest model with context editing that takes its final answer, and says so", () => {
    expect(data.model).toBe("claude-opus-4-5-20251101")
    expect(notesText(result)).toMatch(
      /Model claude-3-opus-20240229 has no context editing \(and is retired\); using claude-opus-4-5-20251101/
    )
    // The transcript ends with Claude's answer: a model that refuses a
    // prefill (Claude 4.6 and later) would reject the converted request.
    expect(data.messages.at(-1)?.role).toBe("assistant")
    const sim = simulate(data)
    expect(sim.ok ? "" : sim.error.message).toBe("")
  })

  it("swaps an older unlisted model too (claude-2.1, Claude 3.5)", () => {
    const input = JSON.parse(fixture("legacy-stock-price-messages.json"))
    for (const model of ["claude-2.1", "claude-3-5-sonnet-20241022"])
      expect(ok(fromLegacyMessages({ ...input, model })).data.model).toBe(
        "claude-opus-4-5-20251101"
      )
  })

  it("says why the conversion matters: results inside text could not be cleared", () => {
    expect(notesText(result)).toMatch(
      /Converted 2 results into tool_result blocks: context editing can clear them now\. As XML inside text they were plain text/
    )
  })

  it("reads tools from several <tools> blocks and keeps the prose between them", () => {
    const text = `${LEGACY_TOOL_PREAMBLE}\n<tools>\n${TOOL("f", [["a", "string"]])}\n</tools>\nExtra: answer in French.\n<tools>\n${TOOL("g", [["b", "string"]])}\n</tools>\n\nHuman: go\n\nAssistant: ok`
    const { data } = ok(fromLegacyTranscript(text))
    expect(data.tools?.map((t) => t.name)).toEqual(["f", "g"])
    expect(data.system).toBe("Extra: answer in French.")
  })

  it("warns when two tool descriptions share a name and counts the tools once", () => {
    const twice = `${system(TOOL("f", [["a", "string"]]), TOOL("f", [["b", "string"]]))}\n\nHuman: go\n\nAssistant: ok`
    const text = notesText(ok(fromLegacyTranscript(twice)))
    expect(text).toMatch(
      /2 <tool_description> blocks are named `f`; kept the last one/
    )
    expect(text).toMatch(/Built 1 tool definition from/)
  })

  it("keeps a model that has context editing", () => {
    const input = JSON.parse(fixture("legacy-stock-price-messages.json"))
    const kept = ok(fromLegacyMessages({ ...input, model: "claude-opus-4-6" }))
    expect(kept.data.model).toBe("claude-opus-4-6")
  })

  it("chains ticker lookup then price with paired, deterministic ids", () => {
    expect(data.messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
      "user",
      "assistant",
    ])
    const first = blocks(data, 1)
    expect(first[0]).toMatchObject({
      type: "text",
      text: expect.stringMatching(/^<scratchpad>/),
    })
    expect(first[1]).toEqual({
      type: "tool_use",
      id: "toolu_legacy_1_1",
      name: "get_ticker_symbol",
      input: { company_name: "General Motors" },
    })
    expect(blocks(data, 2)).toEqual([
      { type: "tool_result", tool_use_id: "toolu_legacy_1_1", content: "GM" },
    ])
    expect(blocks(data, 3)).toEqual([
      {
        type: "tool_use",
        id: "toolu_legacy_2_1",
        name: "get_current_stock_price",
        input: { symbol: "GM" },
      },
    ])
    expect(blocks(data, 4)).toEqual([
      {
        type: "tool_result",
        tool_use_id: "toolu_legacy_2_1",
        content: "38.50",
      },
    ])
    expect(checkToolPairing(data)).toEqual([])
  })

  it("reports the missing closing tags and the conversion", () => {
    const text = notesText(result)
    expect(text).toMatch(/without the closing tag/)
    expect(text).toMatch(/Converted 2 legacy calls/)
    expect(text).toMatch(/Built 2 tool definitions/)
    expect(text).toMatch(/stop sequences/)
  })
})

describe("weather examples", () => {
  it("docs Messages version: trims whitespace in names and pairs the call", () => {
    const { data } = ok(
      importLegacyXml(fixture("legacy-weather-messages.json"))
    )
    expect(data.tools?.[0]?.name).toBe("get_weather")
    expect(blocks(data, 1)).toEqual([
      {
        type: "tool_use",
        id: "toolu_legacy_1_1",
        name: "get_weather",
        input: { location: "San Francisco, CA", unit: "fahrenheit" },
      },
    ])
    expect(blocks(data, 2)[0]).toMatchObject({
      type: "tool_result",
      content: "15 degrees",
    })
  })

  it("package transcript: results inside the Assistant turn are split out", () => {
    const result = ok(
      fromLegacyTranscript(fixture("legacy-weather-transcript.txt"))
    )
    const { data } = result
    expect(data.system).toBeUndefined()
    expect(data.tools?.[0]?.input_schema).toMatchObject({
      properties: { city: { type: "string" } },
    })
    expect(data.messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
    ])
    expect(blocks(data, 1)).toEqual([
      {
        type: "tool_use",
        id: "toolu_legacy_1_1",
        name: "get_weather",
        input: { city: "San Francisco" },
      },
    ])
    expect(blocks(data, 2)[0]).toMatchObject({
      tool_use_id: "toolu_legacy_1_1",
      content: expect.stringContaining("'temperature': 14.2"),
    })
    expect(blocks(data, 3)[0]).toMatchObject({
      type: "text",
      text: expect.stringMatching(/^It is about 14 °C/),
    })
    expect(notesText(result)).toMatch(/Split 1 <function_results>/)
  })
})

describe("round trip legacy → modern → legacy → modern", () => {
  it.each([
    [
      "stock price",
      () =>
        ok(
          fromLegacyMessages(
            JSON.parse(fixture("legacy-stock-price-messages.json"))
          )
        ).data,
    ],
    [
      "weather transcript",
      () =>
        ok(fromLegacyTranscript(fixture("legacy-weather-transcript.txt"))).data,
    ],
    [
      "parallel + errors + coercion",
      () =>
        ok(
          fromLegacyTranscript(
            `${system(
              TOOL("f", [
                ["n", "int"],
                ["l", "list"],
              ]),
              TOOL("g", [["s", "string"]])
            )}\n\nHuman: go\n\nAssistant: plan\n<function_calls>\n${invoke("f", { n: "1", l: "[1]" })}\n${invoke("g", { s: "x < y" })}\n</function_calls>\n\nHuman: <function_results>\n<result><tool_name>f</tool_name><stdout>ok</stdout></result>\n<error>boom</error>\n</function_results>\n\nAssistant: done`
          )
        ).data,
    ],
  ])("%s is stable", (_name, build) => {
    const modern1 = build()
    const legacy1 = toLegacyTranscript(modern1)
    const modern2 = ok(fromLegacyTranscript(legacy1.text)).data
    // The transcript carries no model/max_tokens; everything else must survive.
    expect({
      ...modern2,
      model: modern1.model,
      max_tokens: modern1.max_tokens,
    }).toEqual(modern1)
    const legacy2 = toLegacyTranscript(modern2)
    expect(legacy2.text).toBe(legacy1.text)
  })
})
