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
  nextToolUseId,
  selectMessages,
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

  it("adds a user message with an empty text block", () => {
    const next = addMessage(request, "user")
    expect(selectMessages(next).at(-1)).toEqual({
      role: "user",
      content: [{ type: "text", text: "" }],
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
      { type: "text", text: "" },
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
