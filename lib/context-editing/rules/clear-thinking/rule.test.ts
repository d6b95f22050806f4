import { describe, expect, it } from "vitest"

import {
  assistant,
  clearTools,
  simulateError,
  simulateOk,
  statuses,
  text,
  thinkingBlock,
  thinkingChat,
  tokens,
  toolRound,
  user,
  uses,
} from "../../__fixtures__/build"

const THINKING = { type: "enabled", budget_tokens: 2048 }
const thinkingEdit = (keep?: unknown) => ({
  type: "clear_thinking_20251015",
  ...(keep === undefined ? {} : { keep }),
})
const turns = (value: number) => ({ type: "thinking_turns", value })
const req = (
  messages: unknown[],
  edits: unknown[] | null,
  model = "claude-sonnet-4-6"
) => ({
  model,
  thinking: THINKING,
  messages,
  ...(edits ? { context_management: { edits } } : {}),
})

/** The cookbook's review requests: N earlier assistant turns with thinking + tool use, then a fresh user message. */
function cookbookHistory(priorThinkingTurns: number) {
  const m: unknown[] = [{ role: "user", content: "Review the first file." }]
  for (let k = 0; k < priorThinkingTurns; k++)
    m.push(
      ...toolRound(
        [
          {
            id: `t${k}`,
            name: "memory",
            input: { command: "view" },
            result: "No memories yet.",
          },
        ],
        thinkingBlock(k, 600, "s")
      ),
      assistant([text(`Review ${k + 1} done.`)]),
      user(`Review file ${k + 2}.`)
    )
  return m
}

describe("clear_thinking_20251015", () => {
  it.each([
    [0, null],
    [1, 1],
    [2, 2],
  ])(
    "keep 1 with %i earlier thinking turns and a fresh user message clears %s (cookbook OBS)",
    (prior, cleared) => {
      const r = simulateOk(
        req(cookbookHistory(prior), [
          thinkingEdit(turns(1)),
          clearTools({ trigger: tokens(5000), keep: uses(2) }),
        ])
      )
      const entry = r.context_management!.applied_edits.find(
        (e) => e.type === "clear_thinking_20251015"
      )
      if (cleared === null) expect(entry).toBeUndefined()
      else
        expect(entry).toEqual({
          type: "clear_thinking_20251015",
          cleared_thinking_turns: cleared,
          cleared_input_tokens: expect.any(Number),
        })
    }
  )

  it("reports cleared_input_tokens as the removed thinking and leaves text and tool_use in place", () => {
    const r = simulateOk(req(cookbookHistory(2), [thinkingEdit(turns(1))]))
    const removed = r.blocks.filter((b) => b.status === "removed")
    expect(removed.map((b) => b.type)).toEqual(["thinking", "thinking"])
    const freed = removed.reduce((n, b) => n + b.tokensBefore, 0)
    expect(r.context_management!.applied_edits[0]).toMatchObject({
      cleared_input_tokens: freed,
    })
    expect(r.original_input_tokens - r.input_tokens).toBe(freed)
    expect(statuses(r, "tool_use")).toEqual(["kept", "kept"])
    expect(removed[0]!.reason).toMatch(
      /keep: 1, the current turn counts as one/
    )
  })

  it("always keeps the thinking of the tool-loop turn in progress", () => {
    const m = [
      ...cookbookHistory(1),
      ...toolRound(
        [{ id: "live", name: "memory", input: {} }],
        thinkingBlock(9, 500, "s")
      ),
    ]
    const r = simulateOk(req(m, [thinkingEdit(turns(1))]))
    expect(statuses(r, "thinking")).toEqual(["removed", "kept_recent"])
    expect(r.blocks.filter((b) => b.type === "thinking")[1]!.reason).toMatch(
      /in progress/
    )
    expect(r.turns.at(-1)).toMatchObject({ role: "assistant", current: true })
  })

  it("keep 2 keeps the most recent earlier thinking turn", () => {
    const m = thinkingChat(["a", "b", "c", "d"], 400)
    const r = simulateOk(req(m, [thinkingEdit(turns(2))]))
    expect(statuses(r, "thinking")).toEqual([
      "removed",
      "removed",
      "kept_recent",
    ])
  })

  it.each([["all"], [{ type: "all" }]])(
    "keep %j keeps everything and adds no entry",
    (keep) => {
      const m = thinkingChat(["a", "b"], 400)
      const r = simulateOk(req(m, [thinkingEdit(keep)]))
      expect(r.context_management).toEqual({ applied_edits: [] })
      expect(statuses(r, "thinking")).toEqual(["kept_recent"])
    }
  )

  it("removes redacted_thinking with thinking", () => {
    const m = [
      { role: "user", content: "a" },
      {
        role: "assistant",
        content: [
          {
            type: "redacted_thinking",
            data: "EmwKAhgBEgy3va3pzix/LafPsn4a".repeat(20),
          },
          { type: "text", text: "x" },
        ],
      },
      { role: "user", content: "b" },
    ]
    const r = simulateOk(req(m, [thinkingEdit(turns(1))]))
    expect(statuses(r, "redacted_thinking")).toEqual(["removed"])
    expect(r.context_management!.applied_edits[0]).toMatchObject({
      cleared_thinking_turns: 1,
    })
  })

  it("earlier turns without thinking take no keep slot (default)", () => {
    const m = [
      ...thinkingChat(["a", "b"], 400),
      { role: "assistant", content: "plain" },
      { role: "user", content: "c" },
    ]
    expect(
      statuses(simulateOk(req(m, [thinkingEdit(turns(2))])), "thinking")
    ).toEqual(["kept_recent"])
  })

  it("runs before clear_tool_uses, whose trigger sees the count after thinking was removed", () => {
    const m = cookbookHistory(2)
    const edits = (trigger: number) => [
      thinkingEdit(turns(1)),
      clearTools({ trigger: tokens(trigger), keep: uses(0) }),
    ]
    const r = simulateOk(req(m, edits(1)))
    const afterThinking = r.edits[0]!.tokensAfter
    expect(r.edits[1]!.tokensBefore).toBe(afterThinking)
    const between = simulateOk(req(m, edits(afterThinking + 1)))
    expect(between.original_input_tokens).toBeGreaterThan(afterThinking + 1)
    expect(between.edits[1]!.stoppedAt).toBe("trigger")
  })

  it("uses the model's default keep when the edit omits keep", () => {
    const m = thinkingChat(["a", "b"], 400)
    // Sonnet 4.5: last turn only → the earlier turn is cleared, with an entry
    expect(
      simulateOk(req(m, [thinkingEdit()], "claude-sonnet-4-5"))
        .context_management!.applied_edits
    ).toHaveLength(1)
    // Sonnet 4.6: keep all
    expect(
      simulateOk(req(m, [thinkingEdit()], "claude-sonnet-4-6"))
        .context_management!.applied_edits
    ).toHaveLength(0)
  })

  it("rejects requests without thinking enabled or adaptive", () => {
    const m = [{ role: "user", content: "a" }]
    for (const thinking of [undefined, { type: "disabled" }]) {
      const e = simulateError({
        model: "claude-sonnet-4-6",
        thinking,
        messages: m,
        context_management: { edits: [thinkingEdit(turns(1))] },
      })
      expect(e).toEqual({
        type: "invalid_request_error",
        message:
          "`clear_thinking_20251015` strategy requires `thinking` to be enabled or adaptive",
        path: ["context_management", "edits", 0],
      })
    }
    expect(
      simulateOk({
        model: "claude-sonnet-4-6",
        thinking: { type: "adaptive" },
        messages: m,
        context_management: { edits: [thinkingEdit(turns(1))] },
      }).ok
    ).toBe(true)
  })
})

describe("implicit thinking default (no clear_thinking edit)", () => {
  const m = thinkingChat(["a", "b", "c"], 800)

  it("older models keep only the last turn: earlier thinking is dropped without an applied_edits entry", () => {
    const r = simulateOk(req(m, null, "claude-sonnet-4-5"))
    expect(r.context_management).toBeNull()
    expect(statuses(r, "thinking")).toEqual(["removed", "removed"])
    expect(r.blocks.find((b) => b.type === "thinking")).toMatchObject({
      editIndex: null,
      editType: null,
    })
    expect(r.implicitThinking).toMatchObject({
      keep: 1,
      source: "model",
      applied: true,
      clearedThinkingTurns: 2,
    })
    expect(r.warnings.map((w) => w.code)).toContain("implicit_thinking_default")
    // count_tokens does not count dropped earlier thinking (docs/semantics.md#token-anchors, 88-token example)
    expect(r.categories.before.thinking).toBe(0)
  })

  it("applies alongside other edits, still without an entry", () => {
    const r = simulateOk(req(m, [clearTools()], "claude-haiku-4-5"))
    expect(r.context_management).toEqual({ applied_edits: [] })
    expect(r.implicitThinking!.applied).toBe(true)
  })

  it("Opus 4.5+ / Sonnet 4.6+ keep all earlier thinking", () => {
    const r = simulateOk(req(m, null, "claude-opus-4-5"))
    expect(statuses(r, "thinking")).toEqual(["kept", "kept"])
    expect(r.implicitThinking).toMatchObject({ keep: "all", applied: false })
    expect(r.categories.before.thinking).toBeGreaterThan(300)
  })

  it("does not apply with thinking off or with an explicit edit", () => {
    expect(
      simulateOk({ model: "claude-sonnet-4-5", messages: m }).implicitThinking
    ).toBeNull()
    expect(
      simulateOk(req(m, [thinkingEdit("all")], "claude-sonnet-4-5"))
        .implicitThinking
    ).toBeNull()
  })
})
