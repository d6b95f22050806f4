import { describe, expect, it } from "vitest"

import {
  clearTools,
  compactedLog,
  deepFreeze,
  thinkingChat,
  toolConversation,
} from "../__fixtures__/build"
import { compareStrategy, strategies, withStrategy } from "./compare"
import { defaultEdit } from "../rules/catalogue"

// 12 rounds of ≈11k-token results on Sonnet 4.6: ≈135k tokens in all, so
// clearing (100k) fires near the end and compaction (150k) does not.
const base = deepFreeze({
  model: "claude-sonnet-4-6",
  max_tokens: 1024,
  messages: toolConversation(12, 40_000),
})
const ids = (request: Record<string, unknown>) =>
  strategies(request).map((s) => s.id)
/** The ids of the rows marked as the request's own config. */
const currentIds = (request: Record<string, unknown>) =>
  strategies(request)
    .filter((s) => s.current)
    .map((s) => s.id)

describe("strategies", () => {
  it("offers no edits, each strategy's defaults and all together; clear thinking only when thinking is on", () => {
    expect(ids(base)).toEqual(["none", "tools", "compact", "all"])
    const thinking = {
      ...base,
      thinking: { type: "enabled", budget_tokens: 2048 },
    }
    expect(ids(thinking)).toEqual([
      "none",
      "tools",
      "thinking",
      "compact",
      "all",
    ])
    // Clear thinking must come first when it is sent with others.
    const all = strategies(thinking).find((s) => s.id === "all")!
    expect(all.edits!.map((e) => e.type)).toEqual([
      "clear_thinking_20251015",
      "clear_tool_uses_20250919",
      "compact_20260112",
    ])
  })

  it("marks the row that is the request's own config, and adds 'Your edits' when none is", () => {
    expect(strategies(base).find((s) => s.current)?.id).toBe("none")
    const own = {
      ...base,
      context_management: { edits: [defaultEdit("clear_tool_uses_20250919")] },
    }
    expect(currentIds(own)).toEqual(["tools"])
    // The defaults left out are the same config.
    const short = {
      ...base,
      context_management: { edits: [{ type: "compact_20260112" }] },
    }
    expect(currentIds(short)).toEqual(["compact"])
    const custom = {
      ...base,
      context_management: {
        edits: [clearTools({ keep: { type: "tool_uses", value: 1 } })],
      },
    }
    const rows = strategies(custom)
    expect(rows[0]).toMatchObject({ id: "yours", current: true })
    expect(rows.filter((s) => s.current)).toHaveLength(1)
  })
})

describe("withStrategy", () => {
  it("swaps only the edits, and drops context_management for no edits", () => {
    const request = deepFreeze({
      ...base,
      context_management: { edits: [clearTools()], note: "kept" },
    })
    const [none, tools] = strategies(request).filter(
      (s) => s.id === "none" || s.id === "tools"
    )
    expect(withStrategy(request, none!)).not.toHaveProperty(
      "context_management"
    )
    expect(withStrategy(request, tools!)).toEqual({
      ...request,
      context_management: {
        edits: [defaultEdit("clear_tool_uses_20250919")],
        note: "kept",
      },
    })
  })
})

describe("a conversation that replays compaction blocks (a compacted log)", () => {
  const compacted = deepFreeze(
    compactedLog(60_000, "Fix the flaky test.", "Summary so far.", [
      { role: "user", content: "Go on." },
    ])
  )

  it("keeps its compaction edit in every row, so each row is a request the API accepts and has numbers", () => {
    for (const s of strategies(compacted)) {
      const body = withStrategy(compacted, s)
      const edits = (
        body.context_management as { edits: Array<{ type: string }> }
      ).edits
      expect(edits.map((e) => e.type)).toContain("compact_20260112")
      const r = compareStrategy(compacted, s)
      expect(r.ok ? r.session.points.every((p) => p.ok) : r.error).toBe(true)
    }
  })
})

describe("compareStrategy", () => {
  const rows = strategies(base)
  const result = (id: string) => {
    const r = compareStrategy(
      base,
      rows.find((s) => s.id === id)!
    )
    if (!r.ok) throw new Error(r.error)
    return r
  }

  it("clearing tool results sends fewer tokens over the session than no edits; no edits saves nothing", () => {
    const none = result("none")
    const tools = result("tools")
    expect(none.inputTokens).toBe(none.originalTokens)
    expect(none.session.tokens.withEdits).toBe(none.session.tokens.withoutEdits)
    expect(tools.originalTokens).toBe(none.originalTokens)
    expect(tools.inputTokens).toBeLessThan(none.inputTokens)
    expect(tools.applied[0]).toMatchObject({ type: "clear_tool_uses_20250919" })
    expect(tools.session.tokens.withEdits).toBeLessThan(
      none.session.tokens.withEdits
    )
    // The side without edits is the same conversation in every row.
    expect(tools.session.tokens.withoutEdits).toBe(
      none.session.tokens.withEdits
    )
  })

  it("compaction under its trigger changes nothing; over it, later requests start from the summary", () => {
    const compact = result("compact")
    expect(compact.compactionFires).toBe(false)
    expect(compact.session.compactions).toEqual([])
    const longer = { ...base, messages: toolConversation(20, 40_000) }
    const row = strategies(longer).find((s) => s.id === "compact")!
    const r = compareStrategy(longer, row)
    if (!r.ok) throw new Error(r.error)
    expect(r.session.compactions.length).toBeGreaterThan(0)
    expect(r.session.tokens.withEdits).toBeLessThan(
      r.session.tokens.withoutEdits
    )
  })

  it("reports the engine's error for a strategy the model does not support", () => {
    const old = { ...base, model: "claude-sonnet-4-5" }
    const r = compareStrategy(
      old,
      strategies(old).find((s) => s.id === "compact")!
    )
    expect(r).toEqual({
      ok: false,
      error:
        "'claude-sonnet-4-5' does not support the 'compact_20260112' context management strategy.",
    })
  })

  it("clears thinking only in the rows that send clear_thinking", () => {
    const messages = thinkingChat(
      ["Plan the migration.", "Now the rollback plan.", "And the timeline?"],
      4000
    )
    const request = {
      model: "claude-sonnet-4-6",
      max_tokens: 4096,
      thinking: { type: "enabled", budget_tokens: 2048 },
      messages,
    }
    const run = (id: string) => {
      const r = compareStrategy(
        request,
        strategies(request).find((s) => s.id === id)!
      )
      if (!r.ok) throw new Error(r.error)
      return r
    }
    // keep 1 (the default): the turn being generated holds that slot, so
    // both earlier thinking turns go.
    expect(run("thinking").applied).toEqual([
      expect.objectContaining({
        type: "clear_thinking_20251015",
        cleared_thinking_turns: 2,
      }),
    ])
    expect(run("tools").applied).toEqual([])
    expect(run("thinking").inputTokens).toBeLessThan(run("tools").inputTokens)
  })
})
