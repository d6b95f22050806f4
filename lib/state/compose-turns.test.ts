import { describe, expect, it } from "vitest"

import { getModelInfo, simulate } from "@/lib/context-editing"
import { PRESETS } from "@/lib/presets"
import { assistant, text, toolResult, toolUse, user } from "@/test/messages"

import { addMessage, blocksOf, selectMessages } from "./compose"
import {
  addTool,
  addToolResult,
  addToolUse,
  addTurn,
  blankConversation,
  deleteBlockAndPair,
  NEW_TEXT,
  TOOL_TEMPLATES,
  toolsOf,
} from "./compose-turns"

/**
 * Compose builds requests the API accepts: each operation is judged by the
 * engine's own check of the API's 400s (`simulate(…).ok`), on every preset.
 */

const errorOf = (request: unknown) => {
  const result = simulate(request)
  return result.ok
    ? null
    : `${result.error.message} at ${result.error.path.join(".")}`
}
const prefillRejected = (request: unknown) =>
  getModelInfo(String((request as { model?: unknown }).model)).prefill === false

const presets = PRESETS.map((p) => [p.id, p.build()] as const).filter(
  ([, request]) => errorOf(request) === null
)

describe("compose keeps a valid request valid", () => {
  it("has valid presets to start from", () => {
    expect(presets.length).toBeGreaterThanOrEqual(6)
  })

  it("an empty new text block was the API's 400 (why messages start with text)", () => {
    const [, request] = presets[0]!
    const empty = structuredClone(request) as { messages: unknown[] }
    empty.messages.push({ role: "user", content: [{ type: "text", text: "" }] })
    expect(errorOf(empty)).toMatch(/text content blocks must be non-empty/)
    expect(errorOf(addMessage(request, "user"))).toBeNull()
  })

  it.each(presets)(
    "%s: + user, + assistant (and the user's next), + tool call in any assistant message",
    (_, request) => {
      const prefill = prefillRejected(request)
      expect(errorOf(addTurn(request, "user"))).toBeNull()
      const replied = addTurn(request, "assistant", {
        prefillRejected: prefill,
      })
      expect(errorOf(replied)).toBeNull()
      const messages = selectMessages(replied)
      messages.forEach((m, i) => {
        if ((m as { role: string }).role !== "assistant") return
        expect(
          errorOf(addToolUse(replied, i)),
          `tool_use in message ${i}`
        ).toBeNull()
      })
    }
  )

  it.each(presets)(
    "%s: + tool result in any user message, paired with a call",
    (_, request) => {
      selectMessages(request).forEach((m, i) => {
        if ((m as { role: string }).role !== "user") return
        expect(
          errorOf(addToolResult(request, i)),
          `tool_result in message ${i}`
        ).toBeNull()
      })
    }
  )

  it.each(presets)(
    "%s: every tool compose offers, a blank conversation",
    (_, request) => {
      for (const template of Object.keys(TOOL_TEMPLATES))
        expect(errorOf(addTool(request, template)), template).toBeNull()
      const blank = blankConversation(request)
      expect(errorOf(blank)).toBeNull()
      expect(selectMessages(blank)).toEqual([
        { role: "user", content: [{ type: "text", text: NEW_TEXT.user }] },
      ])
      expect(blank).not.toHaveProperty("tools")
    }
  )
})

describe("tool calls and results come in pairs", () => {
  const request = {
    model: "claude-sonnet-4-6",
    max_tokens: 100,
    tools: [{ name: "read_file", input_schema: { type: "object" } }],
    messages: [
      user("Read both"),
      assistant([text("Reading."), toolUse("toolu_1", "read_file")]),
      user([toolResult("toolu_1", "one"), text("And?")]),
    ],
  }

  it("a call in the middle puts its result after the other results", () => {
    const next = addToolUse(request, 1)
    const [a, b, c] = blocksOf(selectMessages(next)[2])
    expect([a?.type, b?.type, c?.type]).toEqual([
      "tool_result",
      "tool_result",
      "text",
    ])
    expect(b?.tool_use_id).toBe(blocksOf(selectMessages(next)[1]).at(-1)?.id)
  })

  it("a result in the first user message adds the call before it", () => {
    const next = addToolResult(request, 0)
    expect(selectMessages(next)).toHaveLength(4)
    expect(blocksOf(selectMessages(next)[0])[0]?.type).toBe("tool_use")
    expect(errorOf(next)).toBeNull()
  })

  it("deleting a call deletes its result, and a result its call", () => {
    const withoutCall = deleteBlockAndPair(request, 1, 1)
    expect(blocksOf(selectMessages(withoutCall)[2]).map((b) => b.type)).toEqual(
      ["text"]
    )
    expect(errorOf(withoutCall)).toBeNull()
    const withoutResult = deleteBlockAndPair(request, 2, 0)
    expect(
      blocksOf(selectMessages(withoutResult)[1]).map((b) => b.type)
    ).toEqual(["text"])
    expect(errorOf(withoutResult)).toBeNull()
  })

  it("a second custom tool gets its own name; a server tool is declared once", () => {
    const twice = addTool(addTool(request, "custom"), "custom")
    expect(toolsOf(twice).map((t) => t.name)).toEqual([
      "read_file",
      "my_tool",
      "my_tool_2",
    ])
    const search = addTool(request, "web_search")
    expect(addTool(search, "web_search")).toBe(search)
  })
})
