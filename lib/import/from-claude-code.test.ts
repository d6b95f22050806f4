import { describe, expect, it } from "vitest"

import { checkToolPairing } from "@/lib/generate"

import { fromClaudeCode } from "./from-claude-code"
import { expectSuccess, fixture, noteText } from "./test-helpers"

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

  it("takes the model from the last assistant entry and enables thinking", () => {
    expect(result.data.model).toBe("claude-sonnet-4-5-20250929")
    expect(result.data.thinking).toEqual({
      type: "enabled",
      budget_tokens: 16_000,
    })
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
