import { describe, expect, it } from "vitest"

import { simulate, timeline } from "@/lib/context-editing"

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

  it("is adaptive when a middle tool loop starts without thinking though the last one thinks: every request of the session is accepted", () => {
    const middle = jsonl(
      user("u1", null, "Write a.md"),
      assistant("a1", "u1", "msg_1", [call("toolu_1", "a.md")]),
      result("r1", "a1", "toolu_1"),
      assistant("a2", "r1", "msg_2", [thought, call("toolu_2", "b.md")]),
      result("r2", "a2", "toolu_2")
    )
    const { data } = expectSuccess(fromClaudeCode(middle))
    expect(data.thinking).toEqual({ type: "adaptive" })
    const t = timeline(data)
    expect(t.points.filter((p) => !p.ok)).toEqual([])
    // Manual thinking: the request ending in the first loop is the 400.
    const manual = timeline({
      ...data,
      thinking: { type: "enabled", budget_tokens: 16_000 },
    })
    expect(manual.points.filter((p) => !p.ok)).toHaveLength(1)
  })

  it("is manual when every answer begins with thinking", () => {
    const always = jsonl(
      user("u1", null, "Write a.md"),
      assistant("a1", "u1", "msg_1", [thought, call("toolu_1", "a.md")]),
      result("r1", "a1", "toolu_1"),
      assistant("a2", "r1", "msg_2", [thought, call("toolu_2", "b.md")]),
      result("r2", "a2", "toolu_2")
    )
    const { data } = expectSuccess(fromClaudeCode(always))
    expect(data.thinking).toEqual({ type: "enabled", budget_tokens: 16_000 })
  })
})
