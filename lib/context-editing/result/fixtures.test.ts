/**
 * Table-driven checks over the shared fixtures (the UI e2e tests paste the
 * same files). Expectations are derived from each fixture's design, noted
 * next to the numbers.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

import { describe, expect, it } from "vitest"

import {
  clearedThenKept,
  deepFreeze,
  simulateOk,
  statuses,
} from "../__fixtures__/build"
import type { SimulateSuccess } from "../types"

const DIR = join(__dirname, "..", "__fixtures__")
const load = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(DIR, name), "utf8"))

const EXPECT: Record<string, (r: SimulateSuccess) => void> = {
  // 6 searches of ≈650 tokens (≈5,100 in all), trigger 4,000, keep 3, clear_at_least 1,000: 3 are
  // outside keep, and clearing stops once the prompt is below the trigger, after the 2 oldest
  // (docs/semantics.md#clear-down-to-trigger); all 3 go when every result but keep is cleared.
  "docs-basic.json": (r) => {
    expect(r.context_management!.applied_edits).toEqual([
      expect.objectContaining({
        type: "clear_tool_uses_20250919",
        cleared_tool_uses: 2,
      }),
    ])
    expect(r.input_tokens).toBeLessThanOrEqual(4000)
    expect(statuses(r, "tool_result")).toEqual([
      "cleared",
      "cleared",
      "kept",
      ...clearedThenKept(0, 3),
    ])
    expect(r.edits[0]!.steps.map((s) => s.id)).toEqual([
      "trigger",
      "candidates",
      "keep",
      "stop",
      "gate",
      "result",
    ])
  },
  // 12 tool uses > trigger 8; 2 memory excluded → 10 clearable, keep 4 → 6 oldest cleared (incl. the
  // is_error test run and the first write_file, whose input is cleared by the list).
  "tool-heavy.json": (r) => {
    expect(r.context_management!.applied_edits).toEqual([
      expect.objectContaining({ cleared_tool_uses: 6 }),
    ])
    expect(
      r.blocks
        .filter((b) => b.toolName === "memory")
        .every((b) => b.status === "excluded")
    ).toBe(true)
    expect(
      r.blocks
        .filter((b) => b.type === "tool_use" && b.toolName === "write_file")
        .map((b) => b.status)
    ).toEqual(["input_cleared", "kept_recent"])
    const err = (r.request.messages as Array<{ content: unknown }>)
      .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
      .find((b: Record<string, unknown>) => b.is_error === true)
    expect(err).toMatchObject({ content: "[cleared]", is_error: true })
    expect(r.warnings).toEqual([])
  },
  // 3 earlier assistant turns carry thinking (the tool loop is one turn); keep 1 + fresh user message → all 3 cleared.
  // Then clear_tool_uses (keep 0) runs on the thinning prompt and clears the one result.
  "thinking-turns.json": (r) => {
    expect(r.context_management!.applied_edits).toEqual([
      expect.objectContaining({
        type: "clear_thinking_20251015",
        cleared_thinking_turns: 3,
      }),
      expect.objectContaining({
        type: "clear_tool_uses_20250919",
        cleared_tool_uses: 1,
      }),
    ])
    expect(statuses(r, "thinking")).toEqual([
      "removed",
      "removed",
      "removed",
      "removed",
    ])
    expect(r.turns.filter((t) => t.role === "assistant")).toHaveLength(3)
  },
  // 3 web_search (excluded) + 2 web_fetch server tool uses; keep 1 → the first web_fetch result is cleared.
  "server-tools.json": (r) => {
    expect(statuses(r, "web_search_tool_result")).toEqual([
      "excluded",
      "excluded",
      "excluded",
    ])
    expect(statuses(r, "web_fetch_tool_result")).toEqual([
      "cleared",
      "kept_recent",
    ])
  },
  // 9 messages before the compaction block are ignored; what is left is far below 50,000 → no compaction.
  "compaction-replay.json": (r) => {
    expect(r.blocks.filter((b) => b.status === "ignored")).toHaveLength(9)
    expect(r.compaction).toMatchObject({
      fires: false,
      replayedAt: { messageIndex: 9, blockIndex: 0 },
    })
    expect(r.context_management).toEqual({ applied_edits: [] })
    expect(r.categories.before.compaction).toBeGreaterThan(0)
  },
}

const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .sort()

describe("fixtures", () => {
  it("every fixture has expectations", () => {
    expect(FILES).toEqual(Object.keys(EXPECT).sort())
  })

  it.each(FILES)("%s", (name) => {
    // frozen: any mutation would throw inside simulate and fail simulateOk
    const r = simulateOk(deepFreeze(load(name)))
    EXPECT[name]!(r)
    // invariants every fixture must keep
    const sum = (c: Record<string, number>) =>
      Object.values(c).reduce((a, b) => a + b, 0)
    expect(sum({ ...r.categories.before })).toBe(r.original_input_tokens)
    expect(sum({ ...r.categories.after })).toBe(r.input_tokens)
    const freed = r.context_management!.applied_edits.reduce(
      (n, e) => n + e.cleared_input_tokens,
      0
    )
    expect(r.original_input_tokens - r.input_tokens).toBe(freed)
    expect(simulateOk(load(name))).toEqual(r) // deterministic, cache-independent
  })
})
