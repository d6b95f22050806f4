import { describe, expect, it } from "vitest"

import { checkToolPairing } from "@/lib/generate"

import { fromOpenAi } from "./import"
import { expectSuccess, fixture, noteText, openAiCall } from "../test-helpers"

describe("fromOpenAi", () => {
  const result = expectSuccess(
    fromOpenAi(JSON.parse(fixture("openai-chat.json")))
  )

  it("maps system, tool calls, tool messages and tools", () => {
    const { data } = result
    expect(data.system).toBe("You are a helpful travel agent.")
    expect(data.max_tokens).toBe(2000)
    expect(data.temperature).toBe(1)
    expect(data.tool_choice).toEqual({ type: "auto" })
    expect(data.tools).toEqual([
      {
        name: "get_weather",
        description: "Current weather for a city",
        input_schema: {
          type: "object",
          properties: { city: { type: "string" } },
          required: ["city"],
        },
      },
    ])
    expect(data.messages[1]).toEqual({
      role: "assistant",
      content: [
        {
          type: "tool_use",
          id: "call_abc",
          name: "get_weather",
          input: { city: "Paris" },
        },
        {
          type: "tool_use",
          id: "call_def",
          name: "get_weather",
          input: { city: "Rome" },
        },
      ],
    })
    expect(data.messages[2]).toEqual({
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: "call_abc",
          content: "18 °C, cloudy",
        },
        {
          type: "tool_result",
          tool_use_id: "call_def",
          content: "24 °C, sunny",
        },
      ],
    })
    expect(checkToolPairing(data)).toEqual([])
  })

  it("sets a Claude model and says so", () => {
    expect(result.data.model).toBe("claude-sonnet-4-6")
    expect(noteText(result)).toMatch(
      /Model "gpt-4o" replaced by claude-sonnet-4-6/
    )
    expect(noteText(result)).toMatch(/Dropped OpenAI-only fields: seed/)
    expect(noteText(result)).toMatch(/Converted 2 tool messages/)
  })

  it("keeps unparseable arguments as text and converts data-URL images", () => {
    const r = expectSuccess(
      fromOpenAi({
        messages: [
          {
            role: "user",
            content: [
              {
                type: "image_url",
                image_url: { url: "data:image/png;base64,iVBORw0K" },
              },
              { type: "text", text: "what?" },
            ],
          },
          {
            role: "assistant",
            tool_calls: [
              {
                id: "c1",
                type: "function",
                function: { name: "f", arguments: "{oops" },
              },
            ],
          },
          { role: "tool", tool_call_id: "c1", content: "done" },
        ],
      })
    )
    expect(r.data.messages[0]?.content).toContainEqual({
      type: "image",
      source: { type: "base64", media_type: "image/png", data: "iVBORw0K" },
    })
    expect(r.data.messages[1]?.content).toEqual([
      {
        type: "tool_use",
        id: "c1",
        name: "f",
        input: { raw_arguments: "{oops" },
      },
    ])
  })
})

describe("fromOpenAi repairs", () => {
  const chat = (args: unknown, extra: Record<string, unknown> = {}) =>
    fromOpenAi({
      model: "gpt-4o",
      ...extra,
      messages: [
        { role: "user", content: "go" },
        openAiCall("call_1", "w", args),
        { role: "tool", tool_call_id: "call_1", content: "ok" },
      ],
    })
  const inputOf = (r: ReturnType<typeof fromOpenAi>) =>
    expectSuccess(r).data.messages[1]!.content[0] as unknown as {
      input: unknown
    }

  it.each([
    [
      "double-encoded JSON",
      JSON.stringify('{"city":"Paris"}'),
      /double-encoded/,
    ],
    ["a trailing comma", '{"city": "Paris",}', /trailing commas/],
    [
      "Python quoting and literals",
      "{'city': 'Paris', 'metric': True}",
      /Python literal/,
    ],
  ])("reads arguments written with %s, and says so", (_name, args, note) => {
    const r = chat(args)
    expect(inputOf(r).input).toMatchObject({ city: "Paris" })
    expect(noteText(r)).toMatch(note)
  })

  it("keeps arguments nested past the depth bound as text instead of parsing them", () => {
    const deep = '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000)
    const r = chat(deep)
    expect(inputOf(r).input).toEqual({ raw_arguments: deep })
    expect(noteText(r)).toMatch(/nested too deeply/)
  })

  it("keeps a Claude model named through an OpenAI-compatible endpoint", () => {
    const r = expectSuccess(chat("{}", { model: "claude-opus-4-1" }))
    expect(r.data.model).toBe("claude-opus-4-1")
    expect(noteText(r)).not.toMatch(/replaced/)
  })

  it("defines the tools a chat calls but never declared", () => {
    const r = expectSuccess(chat('{"city": "Paris"}'))
    expect(r.data.tools).toEqual([
      { name: "w", input_schema: { type: "object", properties: { city: {} } } },
    ])
    expect(noteText(r)).toMatch(/inferred from the calls/)
  })

  it("keeps a refusal as text and names what it drops (reasoning, participant names)", () => {
    const r = expectSuccess(
      fromOpenAi({
        model: "gpt-4o",
        messages: [
          { role: "user", name: "ana", content: "do the bad thing" },
          {
            role: "assistant",
            content: null,
            refusal: "I can't help with that.",
            reasoning_content: "hmm",
          },
          { role: "user", content: "ok" },
        ],
      })
    )
    expect(r.data.messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "user",
    ])
    expect(r.data.messages[1]!.content).toEqual([
      { type: "text", text: "I can't help with that." },
    ])
    expect(noteText(r)).toMatch(/refusal/)
    expect(noteText(r)).toMatch(/Dropped the reasoning of 1 assistant message/)
    expect(noteText(r)).toMatch(/Dropped the `name` of 1 message/)
  })
})
