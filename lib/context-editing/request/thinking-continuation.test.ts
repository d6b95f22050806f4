import { describe, expect, it } from "vitest"

import {
  simulateError as simulateErrorWith,
  simulateOk,
  thinkingTurn,
} from "../__fixtures__/build"

const MODEL = "claude-sonnet-4-5"
const call = (id: string) => ({
  type: "tool_use",
  id,
  name: "read",
  input: { path: "a.ts" },
})
const result = (id: string) => ({
  role: "user",
  content: [{ type: "tool_result", tool_use_id: id, content: "text" }],
})
const think = { type: "thinking", thinking: "Let me read it.", signature: "s" }
const req = (messages: unknown[], thinking: unknown) => ({
  model: MODEL,
  max_tokens: 4096,
  ...(thinking ? { thinking } : {}),
  messages,
})
const ENABLED = { type: "enabled", budget_tokens: 2048 }
// The API's answer: a 400 (the default; switch off: a warning).
const REJECT = { assumptions: { rejectThinkingContinuation: true } }
const simulateError = (request: unknown) => simulateErrorWith(request, REJECT)
const strictOk = (request: unknown) => simulateOk(request, REJECT)

describe("thinking at the end of a request", () => {
  it("with thinking enabled, a tool loop's assistant message must start with thinking (the API's message and path)", () => {
    const e = simulateError(
      req(
        [
          { role: "user", content: "Read a.ts" },
          { role: "assistant", content: [call("t1")] },
          result("t1"),
        ],
        ENABLED
      )
    )
    expect(e.path).toEqual(["messages", 1, "content", 0, "type"])
    expect(e.message).toMatch(
      /^messages\.1\.content\.0\.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`\. When `thinking` is enabled, a final `assistant` message must start with a thinking block/
    )
  })

  it("accepts the same loop when it starts with thinking or redacted_thinking, also across merged messages", () => {
    for (const first of [think, { type: "redacted_thinking", data: "QUJD" }]) {
      const r = strictOk(
        req(
          [
            { role: "user", content: "Read a.ts" },
            { role: "assistant", content: [first, call("t1")] },
            result("t1"),
          ],
          ENABLED
        )
      )
      expect(r.ok).toBe(true)
    }
    // Two assistant messages merge: the first one's thinking counts; two
    // result messages merge as well.
    strictOk(
      req(
        [
          { role: "user", content: "Read a.ts" },
          { role: "assistant", content: [think] },
          { role: "assistant", content: [call("t1"), call("t2")] },
          result("t1"),
          result("t2"),
        ],
        ENABLED
      )
    )
  })

  it("asks nothing of earlier turns, of a new user question, or of adaptive thinking", () => {
    const earlier = [
      { role: "user", content: "Read a.ts" },
      { role: "assistant", content: [call("t1")] },
      result("t1"),
      { role: "assistant", content: "Done." },
      { role: "user", content: "Thanks. Next?" },
    ]
    strictOk(req(earlier, ENABLED))
    strictOk(req(earlier.slice(0, 3), { type: "adaptive" }))
    strictOk(req(earlier.slice(0, 3), undefined))
  })

  it("with thinking off, a final assistant message cannot contain thinking", () => {
    const messages = [
      { role: "user", content: "Plan it." },
      thinkingTurn(1, 200),
    ]
    for (const thinking of [undefined, { type: "disabled" }]) {
      const e = simulateError(req(messages, thinking))
      expect(e.path).toEqual(["messages", 1, "content", 0])
      expect(e.message).toBe(
        "messages.1.content.0: When thinking is disabled, an `assistant` message in the final position cannot contain `thinking`. To use thinking blocks, enable `thinking` in your request."
      )
    }
    // Earlier thinking with thinking off stays a warning.
    const r = strictOk(
      req([...messages, { role: "user", content: "And then?" }], undefined)
    )
    expect(r.warnings.map((w) => w.code)).toContain(
      "thinking_blocks_without_thinking"
    )
  })

  it("by default the API's 400; with the switch off the request is simulated, with the API's message as a warning", () => {
    const loop = [
      { role: "user", content: "Read a.ts" },
      { role: "assistant", content: [call("t1")] },
      result("t1"),
    ]
    expect(simulateErrorWith(req(loop, ENABLED)).message).toMatch(
      /Expected `thinking` or `redacted_thinking`/
    )
    const r = simulateOk(req(loop, ENABLED), {
      assumptions: { rejectThinkingContinuation: false },
    })
    const w = r.warnings.find((x) => x.code === "thinking_continuation")!
    expect(w.path).toEqual(["messages", 1, "content", 0, "type"])
    expect(w.message).toMatch(/The API rejects this request/)
    expect(w.message).toMatch(/Expected `thinking` or `redacted_thinking`/)
  })
})
