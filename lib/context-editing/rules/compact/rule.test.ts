import { describe, expect, it } from "vitest"

import {
  clearTools,
  prose,
  simulateOk,
  statuses,
  tokens,
  toolConversation,
  uses,
} from "../../__fixtures__/build"

const compact = (fields: Record<string, unknown> = {}) => ({
  type: "compact_20260112",
  ...fields,
})
const req = (messages: unknown[], edits: unknown[]) => ({
  model: "claude-opus-4-6",
  messages,
  context_management: { edits },
})

describe("compact_20260112", () => {
  const replayed = [
    { role: "user", content: prose(1, 4000) },
    { role: "assistant", content: prose(2, 4000) },
    { role: "user", content: "Keep going." },
    {
      role: "assistant",
      content: [
        {
          type: "compaction",
          content: "<summary>Earlier: chapters one to three.</summary>",
        },
        { type: "text", text: prose(3, 800) },
      ],
    },
    { role: "user", content: "Next chapter." },
  ]

  it("ignores every block before the last compaction block and drops it from the prompt", () => {
    const r = simulateOk(req(replayed, [compact()]))
    expect(r.blocks.map((b) => b.status)).toEqual([
      "ignored",
      "ignored",
      "ignored",
      "kept",
      "kept",
      "kept",
    ])
    expect(r.blocks[0]!.reason).toMatch(/messages\[3\]\.content\[0\]/)
    const prompt = r.request.messages as Array<{ role: string }>
    expect(prompt).toHaveLength(2)
    expect(prompt[0]).toBe(replayed[3]) // untouched message shared, not copied
    // ignored blocks count toward nothing (count_tokens applies compaction blocks)
    const kept = r.blocks
      .filter((b) => b.status !== "ignored")
      .reduce((n, b) => n + b.tokensBefore, 0)
    expect(r.original_input_tokens).toBeLessThan(kept + 20)
    expect(r.compaction).toMatchObject({
      replayedAt: { messageIndex: 3, blockIndex: 0 },
      ignoredBlocks: 3,
      fires: false,
    })
    expect(r.turns[0]).toMatchObject({ role: "assistant", messageIndices: [3] })
    expect(r.betas).toEqual(["compact-2026-01-12"])
  })

  it("the last of several compaction blocks wins", () => {
    const m = [
      { role: "assistant", content: [{ type: "compaction", content: "old" }] },
      ...replayed,
    ]
    const r = simulateOk(req(m, [compact()]))
    expect(statuses(r, "compaction")).toEqual(["ignored", "kept"])
  })

  it("ignores blocks before the compaction block inside the same message", () => {
    const m = [
      {
        role: "user",
        content: [
          { type: "text", text: "stale" },
          { type: "compaction", content: "sum" },
          { type: "text", text: "fresh" },
        ],
      },
    ]
    const r = simulateOk(req(m, [compact()]))
    expect(r.blocks.map((b) => b.status)).toEqual(["ignored", "kept", "kept"])
    expect(
      (r.request.messages as Array<{ content: unknown[] }>)[0]!.content
    ).toHaveLength(2)
  })

  it("fires when input tokens reach the trigger and predicts the stop reason", () => {
    const big = [{ role: "user", content: prose(9, 270_000) }]
    const r = simulateOk(
      req(big, [
        compact({ trigger: tokens(50_000), pause_after_compaction: true }),
      ])
    )
    expect(r.original_input_tokens).toBeGreaterThan(50_000)
    expect(r.compaction).toMatchObject({
      fires: true,
      predictedStopReason: "compaction",
      pauseAfterCompaction: true,
    })
    expect(r.edits[0]).toMatchObject({
      applied: true,
      entry: null,
      stoppedAt: null,
    })
    expect(r.context_management).toEqual({ applied_edits: [] }) // compaction never has an entry
    const noPause = simulateOk(req(big, [compact({ trigger: tokens(50_000) })]))
    expect(noPause.compaction).toMatchObject({
      fires: true,
      predictedStopReason: null,
    })
    expect(simulateOk(req(big, [compact()])).compaction!.fires).toBe(false) // default 150,000
  })

  it("sees the token count left by earlier edits", () => {
    const m = toolConversation(8, 40_000)
    const edits = [
      clearTools({ trigger: tokens(1000), keep: uses(1) }),
      compact({ trigger: tokens(60_000) }),
    ]
    const r = simulateOk(req(m, edits))
    expect(r.original_input_tokens).toBeGreaterThan(60_000)
    expect(r.compaction!.tokensAtCheck).toBe(r.edits[0]!.tokensAfter)
    expect(r.compaction!.fires).toBe(false)
  })

  it("warns that an edit after a compaction that fires runs on a context nobody can predict", () => {
    const m = toolConversation(8, 40_000)
    const later = clearTools({ trigger: tokens(1000), keep: uses(1) })
    const fired = simulateOk(
      req(m, [compact({ trigger: tokens(60_000) }), later])
    )
    expect(fired.compaction!.fires).toBe(true)
    const w = fired.warnings.find((x) => x.code === "edit_after_compaction")
    expect(w?.path).toEqual(["context_management", "edits", 1])
    expect(w?.message).toMatch(/clear_tool_uses_20250919 after it/)
    // No warning when compaction does not fire, or when nothing follows it.
    const quiet = [
      [compact({ trigger: tokens(900_000) }), later],
      [later, compact({ trigger: tokens(60_000) })],
      [compact({ trigger: tokens(60_000) })],
    ]
    for (const edits of quiet)
      expect(
        simulateOk(req(m, edits)).warnings.map((x) => x.code)
      ).not.toContain("edit_after_compaction")
  })

  it("treats a failed compaction block (content: null or none) as a no-op: nothing before it is dropped", () => {
    const failed = (block: Record<string, unknown>) => [
      { role: "user", content: "a" },
      {
        role: "assistant",
        content: [
          { type: "compaction", ...block },
          { type: "text", text: "b" },
        ],
      },
      { role: "user", content: "c" },
    ]
    for (const block of [{ content: null }, {}]) {
      const r = simulateOk(req(failed(block), [compact()]))
      expect(r.compaction!.replayedAt).toBeNull()
      expect(r.blocks[0]).toMatchObject({ status: "kept" })
      expect(r.blocks[1]!.reason).toMatch(/no-op/)
      expect(r.request.messages).toEqual(failed(block))
    }
  })

  it("after a failed compaction, the last summary that succeeded is still the replay point", () => {
    const m = [
      { role: "user", content: "a" },
      { role: "assistant", content: [{ type: "compaction", content: "S1" }] },
      { role: "user", content: "b" },
      { role: "assistant", content: [{ type: "compaction", content: null }] },
      { role: "user", content: "c" },
    ]
    const r = simulateOk(req(m, [compact()]))
    expect(r.compaction).toMatchObject({
      replayedAt: { messageIndex: 1, blockIndex: 0 },
      ignoredBlocks: 1,
    })
    expect(r.blocks.map((b) => b.status)).toEqual([
      "ignored",
      "kept",
      "kept",
      "kept",
      "kept",
    ])
  })
})
