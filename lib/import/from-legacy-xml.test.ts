import { readFileSync } from "node:fs"
import { join } from "node:path"

import { describe, expect, it } from "vitest"

import { checkToolPairing } from "@/lib/generate"

import {
  fromLegacyMessages,
  fromLegacyTranscript,
  importLegacyXml,
} from "./from-legacy-xml"
import { LEGACY_TOOL_PREAMBLE, toLegacyTranscript } from "./to-legacy-xml"
import type { ContentBlock, ImportedRequest, ImportResult } from "./types"

const fixture = (name: string) =>
  readFileSync(join(__dirname, "__fixtures__", name), "utf8")

function ok(result: ImportResult) {
  if (!result.success) throw new Error(result.error.message)
  return result
}

function blocks(request: ImportedRequest, i: number): ContentBlock[] {
  const content = request.messages[i]?.content
  return typeof content === "string"
    ? [{ type: "text", text: content }]
    : (content ?? [])
}

function notesText(result: ImportResult): string {
  return result.success ? result.notes.map((n) => n.message).join("\n") : ""
}

const TOOL = (name: string, params: Array<[string, string]>) =>
  `<tool_description>\n<tool_name>${name}</tool_name>\n<description>\n${name} tool\n</description>\n<parameters>\n${params
    .map(
      ([p, t]) =>
        `<parameter>\n<name>${p}</name>\n<type>${t}</type>\n<description>${p}</description>\n</parameter>`
    )
    .join("\n")}\n</parameters>\n</tool_description>`

const system = (...tools: string[]) =>
  `${LEGACY_TOOL_PREAMBLE}\n<tools>\n${tools.join("\n")}\n</tools>`

const invoke = (name: string, params: Record<string, string>) =>
  `<invoke>\n<tool_name>${name}</tool_name>\n<parameters>\n${Object.entries(
    params
  )
    .map(([k, v]) => `<${k}>${v}</${k}>`)
    .join("\n")}\n</parameters>\n</invoke>`

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

  it("swaps the Claude 3 model, which has no context editing, for the default and says so", () => {
    expect(data.model).toBe("claude-sonnet-4-6")
    expect(notesText(result)).toMatch(
      /Model claude-3-opus-20240229 has no context editing \(and is retired\); using claude-sonnet-4-6/
    )
  })

  it("swaps an older unlisted model too (claude-2.1, Claude 3.5)", () => {
    const input = JSON.parse(fixture("legacy-stock-price-messages.json"))
    for (const model of ["claude-2.1", "claude-3-5-sonnet-20241022"])
      expect(ok(fromLegacyMessages({ ...input, model })).data.model).toBe(
        "claude-sonnet-4-6"
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

describe("legacy edge cases", () => {
  const sys = system(
    TOOL("search", [
      ["query", "string"],
      ["limit", "int"],
    ]),
    TOOL("calc", [
      ["x", "float"],
      ["exact", "bool"],
      ["items", "list"],
      ["opts", "dict"],
    ])
  )

  it("parallel invokes: results matched by name, then by position", () => {
    const text = `${sys}\n\nHuman: go\n\nAssistant: Two at once.\n<function_calls>\n${invoke("search", { query: "a", limit: "3" })}\n${invoke("calc", { x: "1.5", exact: "True", items: "[1, 2]", opts: "{}" })}\n${invoke("search", { query: "b", limit: "4" })}\n</function_calls>\n\nHuman: <function_results>\n<result>\n<tool_name>calc</tool_name>\n<stdout>\n1.5\n</stdout>\n</result>\n<result>\n<tool_name>search</tool_name>\n<stdout>\nfirst\n</stdout>\n</result>\n<result>\n<tool_name>search</tool_name>\n<stdout>\nsecond\n</stdout>\n</result>\n</function_results>`
    const { data } = ok(fromLegacyTranscript(text))
    const calls = blocks(data, 1).filter((b) => b.type === "tool_use")
    expect(calls.map((c) => c.id)).toEqual([
      "toolu_legacy_1_1",
      "toolu_legacy_1_2",
      "toolu_legacy_1_3",
    ])
    const results = Object.fromEntries(
      blocks(data, 2).map((b) => [b.tool_use_id, b.content])
    )
    expect(results).toEqual({
      toolu_legacy_1_1: "first",
      toolu_legacy_1_2: "1.5",
      toolu_legacy_1_3: "second",
    })
  })

  const res = (name: string | null, out: string) =>
    `<result>${name ? `<tool_name>${name}</tool_name>` : ""}<stdout>${out}</stdout></result>`
  const answers = (text: string, message = 2) =>
    Object.fromEntries(
      blocks(ok(fromLegacyTranscript(text)).data, message)
        .filter((b) => b.type === "tool_result")
        .map((b) => [b.tool_use_id, [b.content, b.is_error === true]])
    )

  it("a named result finds its call even after a result that names no pending call", () => {
    const text = `${sys}\n\nHuman: go\n\nAssistant: <function_calls>${invoke("search", { query: "a", limit: "1" })}${invoke("calc", { x: "1", exact: "true", items: "[]", opts: "{}" })}</function_calls>\n\nHuman: <function_results>${res("other", "X")}${res("search", "S")}</function_results>`
    expect(answers(text)).toEqual({
      toolu_legacy_1_1: ["S", false],
      toolu_legacy_1_2: ["X", false],
    })
  })

  it("calls split over several <function_calls> blocks of one turn share the next results", () => {
    const text = `${sys}\n\nHuman: go\n\nAssistant: <function_calls>${invoke("search", { query: "a", limit: "1" })}</function_calls>\nand also\n<function_calls>${invoke("calc", { x: "1", exact: "true", items: "[]", opts: "{}" })}</function_calls>\n\nHuman: <function_results>${res("search", "S")}${res("calc", "C")}</function_results>`
    const result = ok(fromLegacyTranscript(text))
    expect(answers(text)).toEqual({
      toolu_legacy_1_1: ["S", false],
      toolu_legacy_1_2: ["C", false],
    })
    expect(notesText(result)).not.toMatch(/has no result|no matching call/)
  })

  it("a lone error answers every call the named results leave (ASSUMPTION)", () => {
    const three = ["search", "calc", "search"]
      .map((n) =>
        n === "calc"
          ? invoke(n, { x: "1", exact: "true", items: "[]", opts: "{}" })
          : invoke(n, { query: "q", limit: "1" })
      )
      .join("")
    const text = `${sys}\n\nHuman: go\n\nAssistant: <function_calls>${three}</function_calls>\n\nHuman: <function_results>${res("calc", "C")}<error>boom</error></function_results>`
    expect(answers(text)).toEqual({
      toolu_legacy_1_1: ["boom", true],
      toolu_legacy_1_2: ["C", false],
      toolu_legacy_1_3: ["boom", true],
    })
  })

  it("a call the user moved on from stays unanswered; the next batch is answered alone", () => {
    const text = `${sys}\n\nHuman: go\n\nAssistant: <function_calls>${invoke("search", { query: "a", limit: "1" })}</function_calls>\n\nHuman: never mind\n\nAssistant: <function_calls>${invoke("search", { query: "b", limit: "1" })}</function_calls>\n\nHuman: <function_results>${res(null, "B")}</function_results>`
    const result = ok(fromLegacyTranscript(text))
    expect(answers(text, 4)).toEqual({ toolu_legacy_2_1: ["B", false] })
    expect(checkToolPairing(result.data)).toEqual([])
  })

  it("coerces int/float/bool/list/dict with JSON then Python literals", () => {
    const text = `${sys}\n\nHuman: go\n\nAssistant: <function_calls>\n${invoke("search", { query: " spaced ", limit: "10" })}\n${invoke("calc", { x: "-2.5e3", exact: "FALSE", items: "['a', (1, 2), None]", opts: "{'deep': {'ok': True}, 'n': 1_000}" })}`
    const result = ok(fromLegacyTranscript(text))
    const calls = blocks(result.data, 1)
    expect(calls[0]?.input).toEqual({ query: "spaced", limit: 10 })
    expect(calls[1]?.input).toEqual({
      x: -2500,
      exact: false,
      items: ["a", [1, 2], null],
      opts: { deep: { ok: true }, n: 1000 },
    })
  })

  it("keeps a value that does not fit its type as text, with a warning", () => {
    const text = `${sys}\n\nHuman: go\n\nAssistant: <function_calls>\n${invoke("search", { query: "q", limit: "ten" })}`
    const result = ok(fromLegacyTranscript(text))
    expect(blocks(result.data, 1)[0]?.input).toEqual({
      query: "q",
      limit: "ten",
    })
    expect(result.notes).toContainEqual({
      level: "warning",
      message: expect.stringContaining("declared as integer"),
    })
  })

  it("values containing < are matched to their own closing tag", () => {
    const text = `${sys}\n\nHuman: go\n\nAssistant: <function_calls>\n${invoke("search", { query: "a < b && <div>x</div> <limit>", limit: "1" })}\n</function_calls>`
    const { data } = ok(fromLegacyTranscript(text))
    expect(blocks(data, 1)[0]?.input).toEqual({
      query: "a < b && <div>x</div> <limit>",
      limit: 1,
    })
  })

  it("a single <error> marks every pending call of the batch is_error", () => {
    const text = `${sys}\n\nHuman: go\n\nAssistant: <function_calls>\n${invoke("search", { query: "a", limit: "1" })}\n${invoke("search", { query: "b", limit: "1" })}\n</function_calls>\n\nHuman: <function_results>\n<error>\nValueError: rate limited\n</error>\n</function_results>`
    const { data } = ok(fromLegacyTranscript(text))
    expect(blocks(data, 2)).toEqual([
      {
        type: "tool_result",
        tool_use_id: "toolu_legacy_1_1",
        content: "ValueError: rate limited",
        is_error: true,
      },
      {
        type: "tool_result",
        tool_use_id: "toolu_legacy_1_2",
        content: "ValueError: rate limited",
        is_error: true,
      },
    ])
  })

  it("a <system> block (format error fed back) is an error result too", () => {
    const text = `${sys}\n\nHuman: go\n\nAssistant: <function_calls>\n${invoke("nope", { a: "1" })}\n</function_calls>\n\n<function_results>\n<system>\nNo tool named <tool_name>nope</tool_name> available.\n</system>\n</function_results>\n\nSorry, let me retry.`
    const result = ok(fromLegacyTranscript(text))
    expect(blocks(result.data, 2)[0]).toMatchObject({ is_error: true })
    // The undeclared tool gets a schema built from its calls, with a warning.
    expect(result.data.tools?.map((t) => t.name)).toContain("nope")
    expect(notesText(result)).toMatch(/`nope` has no <tool_description>/)
  })

  it("the <invoke name> dialect is understood", () => {
    const text = `${sys}\n\nHuman: go\n\nAssistant: ok\n<function_calls>\n<invoke name="search">\n<parameter name="query">cats</parameter>\n<parameter name="limit">2</parameter>\n</invoke>\n</function_calls>`
    const { data } = ok(fromLegacyTranscript(text))
    expect(blocks(data, 1)[1]).toMatchObject({
      name: "search",
      input: { query: "cats", limit: 2 },
    })
  })

  it("keeps an unanswered call only when it is the last message", () => {
    const final = `${sys}\n\nHuman: go\n\nAssistant: <function_calls>\n${invoke("search", { query: "a", limit: "1" })}`
    expect(blocks(ok(fromLegacyTranscript(final)).data, 1)[0]?.type).toBe(
      "tool_use"
    )
    const middle = `${final}\n</function_calls>\n\nHuman: never mind\n\nAssistant: ok`
    const result = ok(fromLegacyTranscript(middle))
    expect(blocks(result.data, 1)[0]).toMatchObject({
      type: "text",
      text: expect.stringContaining("<tool_name>search</tool_name>"),
    })
    expect(checkToolPairing(result.data)).toEqual([])
    expect(notesText(result)).toMatch(/has no result/)
  })

  it("merges consecutive same-role segments and keeps user text after results", () => {
    const text = `${sys}\n\nHuman: one\n\nHuman: two\n\nAssistant: <function_calls>${invoke("search", { query: "a", limit: "1" })}</function_calls>\n\nHuman: <function_results><result><tool_name>search</tool_name><stdout>r</stdout></result></function_results>\nand also this`
    const result = ok(fromLegacyTranscript(text))
    expect(blocks(result.data, 0).map((b) => b.text)).toEqual(["one", "two"])
    expect(blocks(result.data, 2)).toEqual([
      { type: "tool_result", tool_use_id: "toolu_legacy_1_1", content: "r" },
      { type: "text", text: "and also this" },
    ])
    expect(notesText(result)).toMatch(/Merged 1 consecutive user segment/)
  })

  it("keeps system text that is not part of the tool prompt", () => {
    const text = `You are terse.\n\n${sys}\n\nAlways cite.\n\nHuman: hi\n\nAssistant: hello`
    const { data } = ok(fromLegacyTranscript(text))
    expect(data.system).toBe("You are terse.\n\nAlways cite.")
  })

  it("answers a text without turns with a located error", () => {
    const result = fromLegacyTranscript("just some text")
    expect(result.success).toBe(false)
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

describe("legacy XML inside Messages JSON", () => {
  it("moves tool descriptions found in the first user message and keeps non-text blocks", () => {
    const image = {
      type: "image",
      source: { type: "base64", media_type: "image/png", data: "iVBOR" },
    }
    const input = {
      model: "m",
      max_tokens: 10,
      messages: [
        {
          role: "user",
          content: `${LEGACY_TOOL_PREAMBLE}\n<tools>\n${TOOL("f", [["a", "string"]])}\n</tools>\n\nWhat is in the picture?`,
        },
        {
          role: "assistant",
          content: [
            {
              type: "text",
              text: `Let me check.\n<function_calls>${invoke("f", { a: "x" })}</function_calls>`,
            },
          ],
        },
        {
          role: "user",
          content: [
            image,
            {
              type: "text",
              text: "<function_results><result><tool_name>f</tool_name><stdout>cat</stdout></result></function_results>",
            },
          ],
        },
      ],
    }
    const copy = structuredClone(input)
    const result = ok(fromLegacyMessages(input))
    expect(input).toEqual(copy)
    expect(result.data.tools?.map((t) => t.name)).toEqual(["f"])
    expect(blocks(result.data, 0)).toEqual([
      { type: "text", text: "What is in the picture?" },
    ])
    // Results must come first in a user message; the image moves after it.
    expect(blocks(result.data, 2)).toEqual([
      { type: "tool_result", tool_use_id: "toolu_legacy_1_1", content: "cat" },
      image,
    ])
    expect(notesText(result)).toMatch(/first user message/)
    expect(notesText(result)).toMatch(/Moved tool_result blocks to the start/)
  })

  it("is not triggered by prose that merely mentions <invoke>", async () => {
    const { parseImport } = await import("./index")
    const result = parseImport(
      JSON.stringify({
        messages: [
          { role: "user", content: "What does <invoke> mean in XML?" },
        ],
      })
    )
    expect(result).toMatchObject({ success: true, format: "anthropic-json" })
  })
})

describe("transcript system label", () => {
  it('drops a leading "System:" label from the system prompt', () => {
    const result = fromLegacyTranscript(
      "System: You are a weather bot.\n\nHuman: hi\n\nAssistant: hello"
    )
    expect(result.success && result.data.system).toBe("You are a weather bot.")
  })
})
