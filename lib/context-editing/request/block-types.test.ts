import { describe, expect, it } from "vitest"

import { REQUEST_JSON_SCHEMA } from "@/lib/schema/request-json-schema"

import {
  ALL_BLOCK_TYPES,
  blockTemplate,
  blockTypesFor,
  SERVER_TOOL_RESULT_TYPES,
  TOOL_RESULT_BLOCK_TYPES,
} from "./block-types"
import { simulate } from "../result/simulate"

describe("the one list of block types", () => {
  it("feeds the editor schema's completions", () => {
    const text = JSON.stringify(REQUEST_JSON_SCHEMA)
    for (const t of [
      ...ALL_BLOCK_TYPES,
      ...Object.keys(TOOL_RESULT_BLOCK_TYPES),
    ])
      expect(text).toContain(`"${t}"`)
  })

  it("names every server tool result of the SDK", () => {
    expect(SERVER_TOOL_RESULT_TYPES).toContain("tool_search_tool_result")
    expect(SERVER_TOOL_RESULT_TYPES).toContain("advisor_tool_result")
    expect(SERVER_TOOL_RESULT_TYPES).not.toContain("mcp_tool_result")
  })

  it("a block a role may hold is never rejected for its place (the compose menu's types)", () => {
    for (const role of ["user", "assistant"] as const)
      for (const type of blockTypesFor(role)) {
        const messages =
          role === "user"
            ? [{ role, content: [blockTemplate(type)] }]
            : [
                { role: "user", content: "hi" },
                { role, content: [blockTemplate(type)] },
              ]
        const r = simulate({ model: "claude-opus-4-6", messages })
        if (!r.ok) expect(r.error.message).not.toMatch(/only allowed in/)
      }
  })

  it("rejects a known block in a role that may not hold it, in the API's place", () => {
    const r = simulate({
      model: "claude-opus-4-6",
      messages: [{ role: "user", content: [blockTemplate("thinking")] }],
    })
    expect(!r.ok && r.error.message).toBe(
      "messages.0.content.0: `thinking` blocks are only allowed in assistant messages"
    )
  })
})
