import { describe, expect, it } from "vitest"

import { simulate } from "@/lib/context-editing"

import { fromAnthropicJson } from "./anthropic-json/import"
import { fromOpenAi } from "./openai/import"
import { expectSuccess, noteText, openAiCall } from "./test-helpers"
import { assistant, text, toolResult, toolUse, user } from "@/test/messages"

const call = (id: string, name = "search") => toolUse(id, name)
const result = (id: string, content = "r") => toolResult(id, content)
const imported = (messages: unknown[]) =>
  expectSuccess(
    fromAnthropicJson({
      model: "claude-sonnet-4-6",
      max_tokens: 100,
      tools: [
        { name: "search", input_schema: { type: "object" } },
        { name: "read", input_schema: { type: "object" } },
      ],
      messages,
    })
  )
const idsOf = (messages: { content: unknown }[], type: string, key: string) =>
  messages.flatMap((m) =>
    Array.isArray(m.content)
      ? (m.content as Record<string, unknown>[])
          .filter((b) => b.type === type)
          .map((b) => b[key])
      : []
  )

// [what the transcript did wrong, messages, note the user reads]
const CASES: Array<[string, unknown[], RegExp]> = [
  [
    "a call interrupted before its result",
    [user("go"), assistant([call("a")]), user("what happened?")],
    /error tool_result .* for 1 tool call the transcript never answered/,
  ],
  [
    "one of two parallel calls unanswered",
    [user("go"), assistant([call("a"), call("b")]), user([result("b")])],
    /for 1 tool call the transcript never answered/,
  ],
  [
    "a result for a call that is not there",
    [user("go"), assistant("ok"), user([result("ghost"), text("hi")])],
    /Dropped 1 tool_result that answered no tool_use/,
  ],
  [
    "a result answering a call two messages back",
    [
      user("go"),
      assistant([call("a")]),
      user([result("a")]),
      assistant("done"),
      user([result("a"), text("again")]),
    ],
    /Dropped 1 tool_result that answered no tool_use/,
  ],
  [
    "two results for one call",
    [
      user("go"),
      assistant([call("a")]),
      user([result("a"), result("a", "again")]),
    ],
    /Dropped 1 second tool_result/,
  ],
  [
    "an id reused every turn (as local models do)",
    [
      user("go"),
      assistant([call("call_0")]),
      user([result("call_0", "first")]),
      assistant([call("call_0", "read")]),
      user([result("call_0", "second")]),
    ],
    /Renamed 1 reused tool_use id/,
  ],
  [
    "an id with characters the API does not allow",
    [user("go"), assistant([call("call 1.a")]), user([result("call 1.a")])],
    /Replaced the characters the API does not allow in 1 tool_use id/,
  ],
  [
    "a message left with nothing but a stray result",
    [
      user("go"),
      assistant("thinking"),
      user([result("ghost")]),
      assistant("more"),
      user("end"),
    ],
    /Removed 1 user message left empty/,
  ],
]

describe("tool pairing repairs (every importer)", () => {
  it.each(CASES)(
    "%s: repaired into a request the API accepts",
    (_name, messages, note) => {
      const r = imported(messages)
      expect(noteText(r)).toMatch(note)
      const sim = simulate(r.data)
      expect(sim.ok ? null : sim.error.message).toBeNull()
    }
  )

  it("gives a reused id a new name in its call and in its own result, and keeps each result's text", () => {
    const r = imported(CASES[5]![1])
    const uses = idsOf(r.data.messages, "tool_use", "id")
    expect(new Set(uses).size).toBe(2)
    const results = r.data.messages
      .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
      .filter((b) => b.type === "tool_result")
      .map((b) => [b.tool_use_id, b.content])
    expect(results).toEqual([
      [uses[0], "first"],
      [uses[1], "second"],
    ])
  })

  it("leaves a valid conversation and an unanswered call in the final message alone", () => {
    const messages = [
      user([text("go")]),
      assistant([call("a"), call("b")]),
      user([result("a"), result("b")]),
      assistant([call("c")]),
    ]
    const r = imported(messages)
    expect(r.data.messages).toEqual(messages)
    expect(noteText(r)).not.toMatch(/tool_result|tool_use id/)
  })

  it("applies to OpenAI chats too: a call never answered and a tool message for an unknown id", () => {
    const r = expectSuccess(
      fromOpenAi({
        model: "gpt-4o",
        messages: [
          { role: "user", content: "go" },
          openAiCall("call_1", "w", "{}"),
          { role: "tool", tool_call_id: "call_9", content: "stray" },
          { role: "user", content: "and?" },
        ],
      })
    )
    expect(noteText(r)).toMatch(/never answered/)
    expect(noteText(r)).toMatch(/Dropped 1 tool_result/)
    expect(simulate(r.data).ok).toBe(true)
  })
})
