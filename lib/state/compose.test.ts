import { describe, expect, it } from "vitest"

import {
  addBlock,
  addMessage,
  addToolCallPair,
  blocksOf,
  deleteBlock,
  deleteMessage,
  duplicateBlock,
  duplicateMessage,
  moveBlock,
  moveMessage,
  declareCalledTools,
  nextToolUseId,
  selectMessages,
  TOOLS_RULE,
  undeclaredTools,
} from "./compose"
import { assistant, text, toolResult, toolUse, user } from "@/test/messages"

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    Object.values(value).forEach(deepFreeze)
    Object.freeze(value)
  }
  return value
}

const request = deepFreeze({
  model: "claude-sonnet-4-6",
  messages: [
    user("Read the README"),
    assistant([
      text("Reading."),
      toolUse("toolu_compose_001", "read_file", { path: "README.md" }),
    ]),
    user([toolResult("toolu_compose_001", "# Hi")]),
  ],
})

describe("compose operations", () => {
  it("never mutates the request (it is frozen)", () => {
    expect(() => {
      addMessage(request, "user")
      moveMessage(request, 0, 1)
      duplicateBlock(request, 1, 1)
      deleteBlock(request, 1, 0)
      addBlock(request, 0, "thinking")
    }).not.toThrow()
  })

  it("adds a user message with its starting text (an empty text block is the API's 400)", () => {
    const next = addMessage(request, "user")
    expect(selectMessages(next).at(-1)).toEqual({
      role: "user",
      content: [{ type: "text", text: "Your next message." }],
    })
  })

  it("moves, duplicates and deletes messages", () => {
    expect(selectMessages(moveMessage(request, 2, 0))[0]).toBe(
      request.messages[2]
    )
    expect(selectMessages(duplicateMessage(request, 0))).toHaveLength(4)
    expect(selectMessages(deleteMessage(request, 0))[0]).toBe(
      request.messages[1]
    )
  })

  it("gives a duplicated tool use a new id so pairing stays valid", () => {
    const next = duplicateBlock(request, 1, 1)
    const ids = blocksOf(selectMessages(next)[1]).map((b) => b.id)
    expect(ids).toEqual([undefined, "toolu_compose_001", "toolu_compose_002"])
  })

  it("expands string content into blocks when a block is added", () => {
    const next = addBlock(request, 0, "text")
    expect(blocksOf(selectMessages(next)[0])).toEqual([
      { type: "text", text: "Read the README" },
      { type: "text", text: "More text." },
    ])
  })

  it("pairs a new tool_result with the latest tool use", () => {
    const next = addBlock(request, 2, "tool_result")
    expect(blocksOf(selectMessages(next)[2]).at(-1)).toMatchObject({
      tool_use_id: "toolu_compose_001",
    })
  })

  it("moves blocks within a message", () => {
    const next = moveBlock(request, 1, 1, 0)
    expect(blocksOf(selectMessages(next)[1]).map((b) => b.type)).toEqual([
      "tool_use",
      "text",
    ])
  })

  it("appends a paired tool call with a fresh id", () => {
    const next = addToolCallPair(request, "grep", "match")
    const [call, result] = selectMessages(next).slice(-2)
    expect(call).toEqual({
      role: "assistant",
      content: [
        { type: "tool_use", id: "toolu_compose_002", name: "grep", input: {} },
      ],
    })
    expect(result).toEqual({
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: "toolu_compose_002",
          content: "match",
        },
      ],
    })
  })

  it("works on a bare messages array", () => {
    expect(selectMessages(addMessage([], "assistant"))).toHaveLength(1)
    expect(nextToolUseId([])).toBe("toolu_compose_001")
  })
})

describe("compose keeps tool calls declared (the API's rule)", () => {
  const bare = {
    model: "claude-sonnet-4-5",
    max_tokens: 100,
    messages: [{ role: "user", content: "hi" }],
  }

  it("declares the tool of a tool call it adds, with a schema its input fits", () => {
    const next = addToolCallPair(bare, "read_file", "contents") as {
      tools: Array<{ name: string; input_schema: { required: string[] } }>
      messages: Array<{ content: Array<{ input?: Record<string, unknown> }> }>
    }
    expect(next.tools.map((t) => t.name)).toEqual(["read_file"])
    const input = next.messages[1]!.content[0]!.input!
    for (const key of next.tools[0]!.input_schema.required)
      expect(input).toHaveProperty(key)
    expect(undeclaredTools(next)).toEqual({ names: [], noTools: false })
    // A second call does not declare it twice.
    const again = addToolCallPair(next, "read_file", "more") as {
      tools: unknown[]
    }
    expect(again.tools).toHaveLength(1)
  })

  it("finds what a pasted request calls without declaring, and declares it", () => {
    const pasted = {
      ...bare,
      messages: [
        { role: "user", content: "go" },
        {
          role: "assistant",
          content: [{ type: "tool_use", id: "t1", name: "grep", input: {} }],
        },
        {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: "t1", content: "x" }],
        },
      ],
    }
    expect(undeclaredTools(pasted)).toEqual({ names: ["grep"], noTools: true })
    expect(undeclaredTools(declareCalledTools(pasted))).toEqual({
      names: [],
      noTools: false,
    })
    expect(TOOLS_RULE).toBe(
      "Requests which include tool_use or tool_result blocks must define tools."
    )
  })
})
