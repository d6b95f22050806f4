import { describe, expect, it } from "vitest"

import {
  addEdit,
  moveEdit,
  removeEdit,
  selectEdits,
  selectToolNames,
  selectToolUseCount,
  setEditField,
} from "./edits"

const request = Object.freeze({
  model: "m",
  messages: [
    {
      role: "assistant",
      content: [
        { type: "tool_use", id: "a", name: "read_file", input: {} },
        { type: "server_tool_use", id: "b", name: "web_search", input: {} },
      ],
    },
  ],
  tools: [{ name: "memory", type: "memory_20250818" }],
  context_management: Object.freeze({
    edits: Object.freeze([
      Object.freeze({ type: "clear_tool_uses_20250919" }),
      Object.freeze({ type: "compact_20260112" }),
    ]),
  }),
})

describe("edit helpers", () => {
  it("puts a new clear_thinking edit first and others last", () => {
    const withThinking = addEdit(request, { type: "clear_thinking_20251015" })
    expect(selectEdits(withThinking).map((e) => e.type)).toEqual([
      "clear_thinking_20251015",
      "clear_tool_uses_20250919",
      "compact_20260112",
    ])
  })

  it("sets and removes a field without touching the input", () => {
    const set = setEditField(request, 0, "keep", {
      type: "tool_uses",
      value: 1,
    })
    expect(selectEdits(set)[0]).toEqual({
      type: "clear_tool_uses_20250919",
      keep: { type: "tool_uses", value: 1 },
    })
    expect(selectEdits(setEditField(set, 0, "keep", undefined))[0]).toEqual({
      type: "clear_tool_uses_20250919",
    })
  })

  it("moves and removes edits", () => {
    expect(selectEdits(moveEdit(request, 1, 0)).map((e) => e.type)).toEqual([
      "compact_20260112",
      "clear_tool_uses_20250919",
    ])
    expect(moveEdit(request, 0, 5)).toBe(request)
    expect(selectEdits(removeEdit(request, 0))).toHaveLength(1)
  })

  it("reads no edits from a request without context_management", () => {
    expect(selectEdits({ messages: [] })).toEqual([])
    expect(selectEdits(null)).toEqual([])
  })

  it("counts client, server and MCP tool uses (not declared tools) for keep's slider", () => {
    expect(selectToolUseCount(request)).toBe(2)
    const mcp = {
      messages: [
        ...request.messages,
        { role: "user", content: "text only" },
        {
          role: "assistant",
          content: [
            { type: "text", text: "x" },
            {
              type: "mcp_tool_use",
              id: "c",
              name: "q",
              server_name: "s",
              input: {},
            },
          ],
        },
      ],
    }
    expect(selectToolUseCount(mcp)).toBe(3)
    expect(selectToolUseCount({ messages: "nope" })).toBe(0)
  })

  it("suggests declared and used tool names", () => {
    expect(selectToolNames(request)).toEqual([
      "memory",
      "read_file",
      "web_search",
    ])
  })
})
