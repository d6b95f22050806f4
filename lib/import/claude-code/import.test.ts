import { describe, expect, it } from "vitest"

import { checkToolPairing } from "@/lib/generate"

import { fromClaudeCode } from "./import"
import { expectSuccess, fixture, noteText } from "../test-helpers"
import {
  assistant,
  call,
  jsonl,
  MODEL,
  outline,
  text,
  user,
} from "./test-entries"

describe("fromClaudeCode", () => {
  const result = expectSuccess(
    fromClaudeCode(fixture("claude-code-session.jsonl"))
  )

  it("rebuilds the main chain with merged assistant entries", () => {
    const { messages } = result.data
    expect(messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
      "user",
    ])
    const first = messages[1]?.content
    expect(Array.isArray(first) && first.map((b) => b.type)).toEqual([
      "thinking",
      "text",
      "tool_use",
    ])
    expect(JSON.stringify(messages)).not.toContain("Found 3.") // sidechain
    expect(JSON.stringify(messages)).not.toContain("(interrupted)") // abandoned branch
    expect(checkToolPairing(result.data)).toEqual([])
  })

  it("takes the model from the last assistant entry; thinking on some answers only is adaptive", () => {
    expect(result.data.model).toBe("claude-sonnet-4-5-20250929")
    // The first answer thinks, the second does not: under manual thinking
    // every answer would begin with thinking.
    expect(result.data.thinking).toEqual({ type: "adaptive" })
    expect(result.data.tools).toEqual([
      {
        name: "Read",
        input_schema: { type: "object", properties: { file_path: {} } },
      },
    ])
  })

  it("notes what was dropped and merged", () => {
    const text = noteText(result)
    expect(text).toMatch(/Dropped 2 sidechain entries/)
    expect(text).toMatch(/Dropped 1 entry from abandoned branches/)
    expect(text).toMatch(/Merged 2 assistant entries/)
    expect(text).toMatch(/Session summary .*Fix flaky checkout test/)
  })

  it("skips broken lines with a warning", () => {
    const text = `${fixture("claude-code-session.jsonl")}{not json\n`
    const broken = expectSuccess(fromClaudeCode(text))
    expect(broken.notes).toContainEqual({
      level: "warning",
      message: expect.stringMatching(/Skipped 1 line .*line 13/),
    })
  })

  it("fails when there is no conversation", () => {
    expect(fromClaudeCode('{"type":"summary","summary":"x"}\n').success).toBe(
      false
    )
  })
})

describe("fromClaudeCode: unreadable lines", () => {
  const hi = user("u1", null, "hi")
  const hello = assistant("a1", "u1", "msg_1", [text("Hello!")])

  it("skips up to 1,000 of them, saying where the first is", () => {
    const lines = [hi, ...Array<string>(1000).fill("{not json"), hello]
    const imported = expectSuccess(fromClaudeCode(jsonl(...lines)))
    expect(imported.data.messages).toHaveLength(2)
    expect(noteText(imported)).toMatch(/Skipped 1,000 lines .*first at line 2/)
  })

  it("gives up after 1,000, located at the first, fast even for 20 MB", () => {
    const junk = `${hi}\n${"oops\n".repeat(4_000_000)}`
    const started = performance.now()
    const imported = fromClaudeCode(junk)
    expect(performance.now() - started).toBeLessThan(2000)
    expect(imported).toEqual({
      success: false,
      error: {
        message: expect.stringMatching(/^More than 1,000 lines are not/),
        line: 2,
        column: 1,
      },
    })
  })

  it("a line cut short does not count its open brackets against the next", () => {
    const cut = `{"type":"user","message":{"content":"${"[".repeat(200)}`
    const deep = `{"type":"user","x":${"[".repeat(200)}${"]".repeat(200)}}`
    expect(outline(jsonl(hi, cut, hello))).toEqual([
      ["user", "hi"],
      ["assistant", "Hello!"],
    ])
    expect(fromClaudeCode(jsonl(hi, deep, hello))).toEqual({
      success: false,
      error: {
        message: "Line 2 is nested more than 128 levels deep.",
        line: 2,
        column: 147,
      },
    })
  })
})

describe("fromClaudeCode: entries Claude Code wrote itself", () => {
  const synthetic = (uuid: string, parent: string, words: string) =>
    assistant(
      uuid,
      parent,
      `msg_${uuid}`,
      [text(words)],
      { isApiErrorMessage: words.startsWith("API Error") },
      "<synthetic>"
    )

  it.each([
    [
      "an API error",
      [
        user("u1", null, "hi"),
        synthetic("a1", "u1", "API Error: 529 Overloaded"),
        user("u2", "a1", "retry"),
        assistant("a2", "u2", "msg_2", [text("Hello!")]),
      ],
      [
        ["user", "hi", "retry"],
        ["assistant", "Hello!"],
      ],
    ],
    [
      "the answer to an interrupted tool call",
      [
        user("u1", null, "Write a.md"),
        assistant("a1", "u1", "msg_1", [call("toolu_1", "a.md")]),
        user("r1", "a1", [
          {
            type: "tool_result",
            tool_use_id: "toolu_1",
            content: "[Request interrupted by user for tool use]",
            is_error: true,
          },
        ]),
        synthetic("a2", "r1", "No response requested."),
        user("u2", "a2", "Write b.md instead"),
      ],
      [
        ["user", "Write a.md"],
        ["assistant", "use toolu_1"],
        ["user", "result toolu_1", "Write b.md instead"],
      ],
    ],
  ])("drops %s and keeps the request valid", (_, lines, expected) => {
    const input = jsonl(...lines)
    expect(outline(input)).toEqual(expected)
    const imported = expectSuccess(fromClaudeCode(input))
    expect(imported.data.model).toBe(MODEL)
    expect(checkToolPairing(imported.data)).toEqual([])
    expect(noteText(imported)).toMatch(
      /Dropped 1 assistant entry that Claude Code wrote itself \(model "<synthetic>"/
    )
  })
})

describe("fromClaudeCode: thinking without a signature", () => {
  const signed = {
    type: "thinking",
    thinking: "Read the test.",
    signature: "EqQBCkYIBRgC",
  }

  it.each([
    ["an empty signature", { signature: "" }, undefined],
    ["no signature", {}, undefined],
    ["an empty signature, next to signed thinking", { signature: "" }, signed],
  ])("drops a thinking block with %s", (_, signature, other) => {
    const unsigned = { type: "thinking", thinking: "Look first.", ...signature }
    const lines = [
      user("u1", null, "Why is the test flaky?"),
      assistant("a1", "u1", "msg_1", [unsigned]),
      assistant("a2", "a1", "msg_1", [text("Let me look.")]),
      user("u2", "a2", "Go on."),
      assistant("a3", "u2", "msg_2", [
        ...(other ? [other] : []),
        text("Found it."),
      ]),
    ]
    const imported = expectSuccess(fromClaudeCode(jsonl(...lines)))
    expect(JSON.stringify(imported.data.messages)).not.toContain("Look first.")
    expect(imported.data.messages[1]?.content).toEqual([text("Let me look.")])
    // Thinking is enabled only when a signed block is left.
    expect(imported.data.thinking !== undefined).toBe(other !== undefined)
    expect(imported.notes).toContainEqual({
      level: "warning",
      message: expect.stringMatching(
        /^Dropped 1 thinking block without a signature \(the API rejects/
      ),
    })
  })
})
