import { describe, expect, it } from "vitest"

import { simulate } from "@/lib/context-editing"

import { expectSuccess } from "../test-helpers"
import { fromClaudeCode } from "./import"
import { assistant, call, jsonl, result, text, user } from "./test-entries"

const thought = {
  type: "thinking",
  thinking: "Plan the file.",
  signature: "sig",
}

/** A log whose first tool loop thinks, and whose last one starts without thinking. */
function log(model: string) {
  return jsonl(
    user("u1", null, "Write a.md"),
    assistant(
      "a1",
      "u1",
      "msg_1",
      [thought, call("toolu_1", "a.md")],
      {},
      model
    ),
    result("r1", "a1", "toolu_1"),
    assistant(
      "a2",
      "r1",
      "msg_2",
      [text("Now b."), call("toolu_2", "b.md")],
      {},
      model
    ),
    result("r2", "a2", "toolu_2")
  )
}

describe("fromClaudeCode: which thinking the log was sent with", () => {
  it("is adaptive when the last tool loop starts without thinking, so the request is not the API's 400", () => {
    const { data } = expectSuccess(fromClaudeCode(log("claude-opus-4-6")))
    expect(data.thinking).toEqual({ type: "adaptive" })
    const r = simulate(data)
    expect(r.ok ? "" : r.error.message).toBe("")
  })

  it("manual thinking would be rejected on that log (the rule it avoids)", () => {
    const { data } = expectSuccess(fromClaudeCode(log("claude-opus-4-6")))
    const manual = simulate({
      ...data,
      thinking: { type: "enabled", budget_tokens: 16_000 },
    })
    expect(manual.ok).toBe(false)
  })
})
