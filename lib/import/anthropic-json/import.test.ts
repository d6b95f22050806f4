import { describe, expect, it } from "vitest"

import { fromAnthropicJson, importAnthropicJsonText } from "./import"
import { simulate } from "@/lib/context-editing"

import { expectSuccess, noteText } from "../test-helpers"

describe("fromAnthropicJson", () => {
  it("keeps a valid request as is (apart from string content expansion)", () => {
    const input = {
      model: "claude-opus-4-6",
      max_tokens: 100,
      system: "Be brief.",
      messages: [{ role: "user", content: [{ type: "text", text: "Hi" }] }],
      context_management: { edits: [{ type: "clear_tool_uses_20250919" }] },
    }
    const result = expectSuccess(fromAnthropicJson(input))
    expect(result.data).toEqual(input)
    expect(result.notes).toEqual([])
  })

  it("repairs what has one obvious fix and reports each repair", () => {
    const input = {
      messages: [
        { role: "system", content: "Be kind." },
        { role: "human", content: "Hello" },
        {
          role: "user",
          content: [{ text: "again" }, "plain", { type: "text", text: "  " }],
        },
        {
          role: "assistant",
          content: [{ id: "toolu_1", name: "grep", input: { q: "x" } }],
        },
        { role: "user", content: [{ tool_use_id: "toolu_1", content: 42 }] },
      ],
    }
    const result = expectSuccess(fromAnthropicJson(input))
    expect(result.data).toEqual({
      model: "claude-sonnet-4-6",
      max_tokens: 4096,
      system: "Be kind.",
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "Hello" },
            { type: "text", text: "again" },
            { type: "text", text: "plain" },
          ],
        },
        {
          role: "assistant",
          content: [
            {
              type: "tool_use",
              id: "toolu_1",
              name: "grep",
              input: { q: "x" },
            },
          ],
        },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "toolu_1", content: "42" },
          ],
        },
      ],
    })
    const text = noteText(fromAnthropicJson(input))
    for (const expected of [
      /Moved the "system" message into `system`/,
      /Renamed role "human" to "user"/,
      /Expanded string `content`/,
      /Added the missing `type: "text"`/,
      /Added the missing `type: "tool_use"`/,
      /Wrapped 1 plain string/,
      /Removed 1 empty text block/,
      /Merged 1 consecutive user message/,
      /No model given/,
      /No valid max_tokens/,
    ]) {
      expect(text).toMatch(expected)
    }
  })

  it("does not mutate its input", () => {
    const input = { messages: [{ role: "user", content: "hi" }] }
    const copy = structuredClone(input)
    fromAnthropicJson(input)
    expect(input).toEqual(copy)
  })

  it("wraps a bare messages array and unwraps SDK-log shapes", () => {
    const array = expectSuccess(
      fromAnthropicJson([{ role: "user", content: "hi" }])
    )
    expect(array.data.messages).toHaveLength(1)
    expect(noteText(array)).toMatch(/bare messages array/)
    const wrapped = expectSuccess(
      fromAnthropicJson({
        body: {
          model: "m",
          max_tokens: 5,
          messages: [{ role: "user", content: "x" }],
        },
      })
    )
    expect(wrapped.data.model).toBe("m")
  })

  it("answers a call the transcript never answered with an error result, and says so", () => {
    const result = expectSuccess(
      fromAnthropicJson({
        model: "m",
        max_tokens: 5,
        messages: [
          { role: "user", content: "go" },
          {
            role: "assistant",
            content: [{ type: "tool_use", id: "a", name: "t", input: {} }],
          },
          { role: "user", content: "next" },
        ],
      })
    )
    expect(result.notes).toContainEqual({
      level: "warning",
      message: expect.stringMatching(
        /for 1 tool call the transcript never answered/
      ),
    })
    expect(result.data.messages[2]!.content).toEqual([
      {
        type: "tool_result",
        tool_use_id: "a",
        content: "(no result in the transcript)",
        is_error: true,
      },
      { type: "text", text: "next" },
    ])
    expect(simulate(result.data).ok).toBe(true)
  })

  it.each([
    [
      "a response object",
      { type: "message", role: "assistant", content: [] },
      /response, not a request/,
    ],
    ["no messages", { model: "m" }, /no `messages` array/],
    [
      "only empty messages",
      { messages: [{ role: "user", content: "" }] },
      /no usable messages/,
    ],
    ["a number", 42, /Expected a JSON object/],
  ])("fails clearly on %s", (_name, input, message) => {
    const result = fromAnthropicJson(input)
    expect(result.success).toBe(false)
    if (!result.success) expect(result.error.message).toMatch(message)
  })

  it("keeps mid-conversation system messages in place for a model that takes them, and moves them for one that does not", () => {
    const messages = [
      { role: "user", content: "Plan the migration." },
      { role: "assistant", content: "Step one: inventory." },
      {
        role: "system",
        content: "From now on, answer in French.",
        clear_at: "next_user_message",
        junk: 1,
      },
      { role: "user", content: "Next step?" },
    ]
    const opus = expectSuccess(
      fromAnthropicJson({ model: "claude-opus-4-8", max_tokens: 64, messages })
    )
    const kept = opus.data.messages
    expect(kept.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "system",
      "user",
    ])
    expect(kept[2]).toEqual({
      role: "system",
      content: "From now on, answer in French.",
      clear_at: "next_user_message",
    })
    expect(opus.data.system).toBeUndefined()
    expect(
      noteText(fromAnthropicJson({ model: "claude-opus-4-8", messages }))
    ).toMatch(/Kept 1 mid-conversation system message in place/)
    // The engine reads it as the API would: hidden once the user spoke again.
    const sim = simulate(opus.data)
    expect(sim.ok && sim.blocks.find((b) => b.role === "system")?.status).toBe(
      "ignored"
    )

    const sonnet = expectSuccess(
      fromAnthropicJson({
        model: "claude-sonnet-4-6",
        max_tokens: 64,
        messages,
      })
    )
    expect(sonnet.data.messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "user",
    ])
    expect(sonnet.data.system).toBe("From now on, answer in French.")
  })

  it("locates JSON syntax errors", () => {
    const result = importAnthropicJsonText('{\n  "messages": [,]\n}')
    expect(result).toMatchObject({
      success: false,
      error: { line: 2, column: expect.any(Number) },
    })
  })
})
