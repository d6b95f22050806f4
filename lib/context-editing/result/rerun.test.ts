/**
 * Re-running simulate on the same messages array with another edit config
 * re-uses cached analysis, token counts and outcome objects; the result must
 * be exactly what a fresh run on a re-parsed copy gives.
 */
import { describe, expect, it } from "vitest"

import {
  clearTools,
  deepFreeze,
  memoryToolSession,
  tokens,
  uses,
} from "../__fixtures__/build"
import { simulate } from "./simulate"
import type { SimulateOptions } from "../types"

const messages = memoryToolSession(12, 900, 300, "One more thing.")

const request = (edit: Record<string, unknown>) => ({
  model: "claude-sonnet-4-6",
  max_tokens: 4096,
  tools: [{ type: "memory_20250818", name: "memory" }],
  messages,
  context_management: { edits: [edit] },
})

const configs: Array<[string, Record<string, unknown>, SimulateOptions?]> = [
  ["keep 3", clearTools({ keep: uses(3), trigger: tokens(1000) })],
  ["keep 1", clearTools({ keep: uses(1), trigger: tokens(1000) })],
  [
    "exclude memory, clear inputs",
    clearTools({
      keep: uses(2),
      trigger: tokens(1000),
      exclude_tools: ["memory"],
      clear_tool_inputs: true,
    }),
  ],
  [
    "gate not met",
    clearTools({ keep: uses(0), clear_at_least: tokens(10_000_000) }),
  ],
  ["below trigger", clearTools({ trigger: tokens(10_000_000) })],
  [
    "excluded tool uses take keep slots",
    clearTools({ keep: uses(2), exclude_tools: ["memory"] }),
    { assumptions: { excludedCountTowardKeep: true } },
  ],
]

describe("config-only re-runs", () => {
  it("match a fresh run on a re-parsed copy, config after config", () => {
    const shared = deepFreeze(structuredClone(messages))
    for (const [name, edit, options] of configs) {
      const rerun = simulate({ ...request(edit), messages: shared }, options)
      const fresh = simulate(JSON.parse(JSON.stringify(request(edit))), options)
      expect(rerun, name).toEqual(fresh)
      // Same JSON too: key order and absent (not undefined) optional fields.
      expect(JSON.stringify(rerun), name).toBe(JSON.stringify(fresh))
    }
  })

  it("shares unchanged outcome objects and never mutates the input", () => {
    const shared = deepFreeze(structuredClone(messages))
    const a = simulate({ ...request(configs[0]![1]), messages: shared })
    const b = simulate({ ...request(configs[1]![1]), messages: shared })
    if (!a.ok || !b.ok) throw new Error("expected success")
    // Text blocks are untouched by either config: the same objects.
    const texts = a.blocks.filter((o) => o.type === "text")
    expect(texts.length).toBeGreaterThan(0)
    for (const o of texts) expect(b.blocks).toContain(o)
    // A result cleared under both keep values is the same outcome object
    // (its reason does not name the keep value) …
    const both = b.blocks.findIndex(
      (o, i) => o.status === "cleared" && a.blocks[i]!.status === "cleared"
    )
    expect(both).toBeGreaterThanOrEqual(0)
    expect(b.blocks[both]).toBe(a.blocks[both])
    // … while one that keep 3 held and keep 1 clears is a new one.
    const changed = b.blocks.findIndex(
      (o, i) => o.status === "cleared" && a.blocks[i]!.status === "kept_recent"
    )
    expect(changed).toBeGreaterThanOrEqual(0)
    expect(a.blocks).not.toContain(b.blocks[changed])
  })
})

describe("re-runs with a newer refined estimator (one count everywhere)", () => {
  it("counts the placeholder with the newest counts, as a fresh run does", async () => {
    const { createRefinedEstimator, createRefineTable } =
      await import("@/lib/tokens/refine")
    const table = createRefineTable()
    const body = request(clearTools({ keep: uses(2), trigger: tokens(1000) }))
    // The page's first run: the placeholder is still estimated.
    const first = simulate(body, { estimator: createRefinedEstimator(table) })
    expect(first.ok).toBe(true)
    // The worker counted every string it was asked about; the page makes a
    // new estimator (the same id) and runs again on the same messages.
    for (const [key] of table.misses) table.counts.set(key, 7)
    table.misses.clear()
    const newer = createRefinedEstimator(table)
    const again = simulate(body, { estimator: newer })
    const fresh = simulate(
      { ...body, messages: structuredClone(messages) },
      { estimator: newer }
    )
    if (!again.ok || !fresh.ok || !first.ok) throw new Error("rejected")
    expect(again.input_tokens).toBe(fresh.input_tokens)
    expect(again.input_tokens).not.toBe(first.input_tokens)
  })
})
