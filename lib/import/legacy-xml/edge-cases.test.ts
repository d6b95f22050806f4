import { describe, expect, it } from "vitest"

import { checkToolPairing } from "@/lib/generate"

import { fromLegacyMessages, fromLegacyTranscript } from "./import"
import { blocks, invoke, notesText, ok, system, TOOL } from "./test-helpers"
import { LEGACY_TOOL_PREAMBLE } from "./to-legacy-xml"

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
    const { parseImport } = await import("../index")
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
