import { describe, expect, it } from "vitest"

import { simulateError, simulateOk } from "../__fixtures__/build"
import { MISPLACED } from "./on-demand"

// On-demand compaction (docs/semantics.md#on-demand-compaction, DOC S-CMPOD): a request-level
// `compaction: {type: "summarize"}`, and the signed block it returns.
const MODEL = "claude-opus-4-6"
const summarize = (fields: Record<string, unknown> = {}) => ({
  model: MODEL,
  max_tokens: 1024,
  compaction: { type: "summarize" },
  messages: [
    { role: "user", content: "Refactor the parser." },
    { role: "assistant", content: "Done: the parser is now table-driven." },
    { role: "user", content: "Summarise where we are." },
  ],
  ...fields,
})
const signed = {
  type: "compaction",
  content: "<summary>Parser refactored.</summary>",
  signature: "sig-1",
}

describe("on-demand compaction", () => {
  it("predicts a summary and stop_reason 'compaction' for a summarize request, with its own beta", () => {
    const r = simulateOk(summarize())
    expect(r.compaction).toMatchObject({
      onDemand: true,
      fires: true,
      predictedStopReason: "compaction",
      editIndex: null,
    })
    expect(r.context_management).toBeNull()
    expect(r.betas).toEqual(["compact-2026-09-04"])
    expect(r.input_tokens).toBe(r.original_input_tokens)
  })

  it("accepts the signed block first in messages without a compact edit, and drops nothing", () => {
    for (const messages of [
      [
        {
          role: "user",
          content: [signed, { type: "text", text: "Continue." }],
        },
      ],
      [
        { role: "assistant", content: [signed] },
        { role: "user", content: "Continue." },
      ],
    ]) {
      const r = simulateOk({ model: MODEL, max_tokens: 1024, messages })
      expect(r.betas).toEqual(["compact-2026-09-04"])
      expect(r.blocks.every((b) => b.status === "kept")).toBe(true)
      expect(r.compaction).toBeNull()
    }
  })

  it("rejects a signed block that is not first, with the API's code and message", () => {
    const e = simulateError({
      model: MODEL,
      max_tokens: 1024,
      messages: [
        { role: "user", content: "Old question." },
        { role: "assistant", content: [signed] },
        { role: "user", content: "Continue." },
      ],
    })
    expect(e).toEqual({
      type: "invalid_request_error",
      code: "compaction_block_misplaced",
      message: MISPLACED,
      path: ["messages", 1, "content", 0],
    })
    // Exactly one block per request: a second one is never first.
    const twice = simulateError({
      model: MODEL,
      max_tokens: 1024,
      messages: [
        { role: "assistant", content: [signed] },
        { role: "user", content: [{ ...signed, signature: "sig-2" }] },
      ],
    })
    expect(twice).toMatchObject({
      code: "compaction_block_misplaced",
      path: ["messages", 1, "content", 0],
    })
  })

  it("still requires the compact edit for an unsigned (threshold) compaction block", () => {
    const e = simulateError({
      model: MODEL,
      max_tokens: 1024,
      messages: [
        { role: "assistant", content: [{ type: "compaction", content: "S" }] },
        { role: "user", content: "Continue." },
      ],
    })
    expect(e.message).toBe(
      "messages.0.content.0: `compaction` blocks require a `compact_20260112` strategy in `context_management.edits`."
    )
  })

  it.each([
    [
      "context_management",
      { context_management: { edits: [{ type: "compact_20260112" }] } },
      ["context_management"],
    ],
    ["stop_sequences", { stop_sequences: ["END"] }, ["stop_sequences"]],
    [
      "output_config.format",
      { output_config: { format: { type: "json_schema", schema: {} } } },
      ["output_config", "format"],
    ],
    [
      "tool_choice any",
      {
        tool_choice: { type: "any" },
        tools: [{ name: "t", input_schema: { type: "object" } }],
      },
      ["tool_choice"],
    ],
    ["an unsupported model", { model: "claude-haiku-5-5" }, ["compaction"]],
    [
      "a Bedrock model id (not on Bedrock, DOC S-CMPOD)",
      { model: "us.anthropic.claude-opus-4-6-v1" },
      ["compaction"],
    ],
    [
      "a type other than summarize",
      { compaction: { type: "auto" } },
      ["compaction", "type"],
    ],
  ])("rejects summarize with %s", (_name, fields, path) => {
    const e = simulateError(summarize(fields))
    expect(e.path).toEqual(path)
    expect(e.message).toMatch(/on-demand|summarize/)
  })

  it("rejects summarize when the last assistant turn ends in an unanswered tool call", () => {
    const e = simulateError(
      summarize({
        tools: [{ name: "read", input_schema: { type: "object" } }],
        messages: [
          { role: "user", content: "Read the file." },
          {
            role: "assistant",
            content: [
              { type: "tool_use", id: "toolu_1", name: "read", input: {} },
            ],
          },
        ],
      })
    )
    expect(e.path).toEqual(["messages", 1, "content", 0])
    expect(e.message).toMatch(/unanswered `tool_use`/)
  })
})
