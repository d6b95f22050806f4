// Mid-conversation `role: "system"` messages (SDK BetaSystemMessageParam) and
// the newer assistant blocks (`fallback`, `mcp_tool_listing`): accepted like
// the API accepts them; `clear_at: "next_user_message"` hides a system
// message once a later user message exists; no system message is part of a
// turn.
import { describe, expect, it } from "vitest"

import {
  assistant,
  clearTools,
  deepFreeze,
  simulateOk,
  text,
  thinkingBlock,
  tokens,
  toolConversation,
  toolRound,
  user,
  uses,
} from "../__fixtures__/build"
import { simulate } from "../index"

const MODEL = "claude-opus-4-8"
const note = (clear_at?: string) => ({
  role: "system",
  content: "From now on, answer in French.",
  ...(clear_at ? { clear_at } : {}),
})
/** A system message's tool_addition / tool_removal block for tool `name`. */
const toolChange = (type: string, name: string) => ({
  type,
  tool: { type: "tool_reference", name },
})
const codes = (r: { warnings: Array<{ code: string }> }) =>
  r.warnings.map((w) => w.code)

describe("mid-conversation system messages", () => {
  it("a clear_at: next_user_message message is not shown once a later user message exists", () => {
    const without = simulateOk({
      model: MODEL,
      messages: [
        { role: "user", content: "Hi" },
        { role: "assistant", content: "Hello" },
        { role: "user", content: "Go on" },
      ],
    })
    const request = deepFreeze({
      model: MODEL,
      messages: [
        { role: "user", content: "Hi" },
        { role: "assistant", content: "Hello" },
        note("next_user_message"),
        { role: "user", content: "Go on" },
      ],
    })
    const r = simulateOk(request)
    const sys = r.blocks.find((b) => b.role === "system")!
    expect(sys.status).toBe("ignored")
    expect(sys.tokensAfter).toBe(0)
    expect(sys.reason).toContain("messages[3] is a later user message")
    // The server does not count it: the same tokens as without it.
    expect(r.original_input_tokens).toBe(without.original_input_tokens)
    expect(r.input_tokens).toBe(without.input_tokens)
    // No edit did it: no applied_edits entry, the context_management stays null.
    expect(r.context_management).toBeNull()
    expect(r.request.messages).toHaveLength(3)
  })

  it("is shown (and counted) until then, and always with clear_at: never", () => {
    const base = [
      { role: "user", content: "Hi" },
      { role: "assistant", content: "Hello" },
    ]
    for (const messages of [
      [...base, { role: "user", content: "Go on" }, note("next_user_message")],
      [...base, note("never"), { role: "user", content: "Go on" }],
      [...base, note(), { role: "user", content: "Go on" }],
    ]) {
      const r = simulateOk({ model: MODEL, messages })
      const sys = r.blocks.find((b) => b.role === "system")!
      expect(sys.status).toBe("kept")
      expect(sys.tokensAfter).toBeGreaterThan(0)
      const without = simulateOk({
        model: MODEL,
        messages: messages.filter((m) => m.role !== "system"),
      })
      expect(r.input_tokens).toBeGreaterThan(without.input_tokens)
    }
  })

  it("neither ends nor starts a turn: a tool loop with a system note in it is one thinking turn", () => {
    const r = simulateOk({
      model: MODEL,
      thinking: { type: "enabled", budget_tokens: 2048 },
      messages: [
        user("Check the logs"),
        ...toolRound(
          [{ id: "t1", name: "logs", input: {} }],
          thinkingBlock(1, 400, "s1")
        ),
        note(),
        assistant([thinkingBlock(2, 400, "s2"), text("Done.")]),
        user("Thanks, and now?"),
      ],
      context_management: {
        edits: [
          {
            type: "clear_thinking_20251015",
            keep: { type: "thinking_turns", value: 1 },
          },
        ],
      },
    })
    expect(r.context_management?.applied_edits).toEqual([
      expect.objectContaining({ cleared_thinking_turns: 1 }),
    ])
    expect(r.turns.map((t) => t.role)).toEqual(["human", "assistant", "human"])
    expect(r.turns[1]!.messageIndices).toEqual([1, 2, 4])
    expect(r.turns.flatMap((t) => t.messageIndices)).not.toContain(3)
  })

  it("clear_tool_uses leaves system messages alone, and a keep-only re-run gives the fresh answer", () => {
    const messages = [...toolConversation(6, 800)]
    // Each right after a user message (tool results), as the docs place them.
    messages.splice(3, 0, note("next_user_message") as never)
    messages.splice(8, 0, note("never") as never)
    const request = {
      model: MODEL,
      messages,
      context_management: {
        edits: [clearTools({ trigger: tokens(1000), keep: uses(2) })],
      },
    }
    const first = simulateOk(request)
    expect(
      first.blocks.filter((b) => b.role === "system").map((b) => b.status)
    ).toEqual(["ignored", "kept"])
    expect(first.context_management?.applied_edits[0]).toMatchObject({
      cleared_tool_uses: 4,
    })
    const again = {
      ...request,
      context_management: {
        edits: [clearTools({ trigger: tokens(1000), keep: uses(1) })],
      },
    }
    const rerun = simulateOk(again)
    const fresh = simulateOk(structuredClone(again))
    expect(rerun.blocks).toEqual(fresh.blocks)
    expect(rerun.input_tokens).toBe(fresh.input_tokens)
  })

  it("warns on models that reject them, never on those that take them", () => {
    const messages = [{ role: "user", content: "Hi" }, note()]
    for (const model of ["claude-sonnet-4-6", "claude-sonnet-5"])
      expect(codes(simulateOk({ model, messages }))).toContain(
        "system_message_unsupported"
      )
    for (const model of ["claude-opus-4-8", "claude-fable-5-1"])
      expect(codes(simulateOk({ model, messages }))).not.toContain(
        "system_message_unsupported"
      )
  })

  it("accepts tool_addition / tool_removal blocks and an output_config-only message", () => {
    const r = simulateOk({
      model: MODEL,
      messages: [
        user("Hi"),
        {
          role: "system",
          content: [
            text("You may now search."),
            toolChange("tool_addition", "search"),
            toolChange("tool_removal", "shell"),
          ],
        },
        { role: "system", output_config: { effort: "low" } },
      ],
    })
    expect(r.blocks.map((b) => [b.role, b.type, b.status])).toEqual([
      ["user", "text", "kept"],
      ["system", "text", "kept"],
      ["system", "tool_addition", "kept"],
      ["system", "tool_removal", "kept"],
    ])
  })
})

describe("newer assistant blocks", () => {
  it("keeps fallback and mcp_tool_listing blocks and counts them", () => {
    const r = simulateOk({
      model: MODEL,
      messages: [
        user("Hi"),
        assistant([
          {
            type: "mcp_tool_listing",
            mcp_server_name: "docs",
            tools: [{ name: "find", input_schema: { type: "object" } }],
          },
          {
            type: "fallback",
            from: { model: "claude-opus-4-8" },
            to: { model: "claude-sonnet-5" },
          },
          text("Hello"),
        ]),
        user("Go on"),
      ],
    })
    expect(r.blocks.map((b) => b.status)).toEqual([
      "kept",
      "kept",
      "kept",
      "kept",
      "kept",
    ])
    expect(r.blocks[1]!.tokensBefore).toBeGreaterThan(0)
    const bad = simulate({
      model: MODEL,
      messages: [
        { role: "user", content: [{ type: "fallback", from: {}, to: {} }] },
      ],
    })
    expect(bad.ok).toBe(false)
    if (!bad.ok)
      expect(bad.error.message).toBe(
        "messages.0.content.0: `fallback` blocks are only allowed in assistant messages"
      )
  })
})
