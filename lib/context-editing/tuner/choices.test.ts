import { describe, expect, it } from "vitest"

import { tuneChoices } from "./choices"
import type { TuneEntry } from "./eval"

const entry = (keep: number | null, cost: number, peak: number): TuneEntry => ({
  edits:
    keep === null
      ? []
      : [
          {
            type: "clear_tool_uses_20250919",
            keep: { type: "tool_uses", value: keep },
          },
        ],
  cost,
  sessionCost: cost,
  refetch: { calls: 0, tokens: 0, dollars: 0 },
  summaries: { calls: 0, tokens: 0, dollars: 0 },
  lost: 0,
  infeasible: null,
  peak,
  overflows: [],
  equivalents: 0,
  tokens: 0,
  compactions: [],
  label: keep === null ? "no edits" : `keep ${keep}`,
})

describe("tune choices", () => {
  it("labels a config that clears the newest result, and never shows it alone", () => {
    const choices = tuneChoices(
      [entry(0, 1, 10)],
      [entry(0, 1, 10), entry(2, 1.4, 30), entry(1, 1.2, 20)]
    )
    expect(choices.map((c) => [c.entry.label, c.added])).toEqual([
      ["keep 0 (clears the newest result too)", false],
      ["keep 1", true],
    ])
  })

  it("adds nothing when the frontier already has a config that keeps the newest result", () => {
    const choices = tuneChoices(
      [entry(0, 1, 10), entry(3, 1.5, 40)],
      [entry(1, 1.2, 20)]
    )
    expect(choices.map((c) => c.added)).toEqual([false, false])
    expect(choices[1]!.entry.label).toBe("keep 3")
  })
})
