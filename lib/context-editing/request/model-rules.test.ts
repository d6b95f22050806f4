import { describe, expect, it } from "vitest"

import { ASSUMPTION_SPECS, DEFAULT_ASSUMPTIONS } from "./assumptions"
import { MODEL_RULES } from "./model-rules"
import { getModelInfo, MODELS } from "./models"

describe("the model table", () => {
  it.each([
    "claude-sonnet-5-5",
    "claude-haiku-5-5",
    "claude-opus-5-5",
    "claude-fable-5-1",
    "claude-fable-5-2",
    "claude-mythos-5-1",
  ])("has the current model %s with its 1M window", (id) => {
    expect(getModelInfo(id)).toMatchObject({
      known: true,
      contextWindow: 1_000_000,
    })
  })

  it("has the current models' thinking types and evidence", () => {
    expect(getModelInfo("claude-sonnet-5-5").thinkingTypes).toEqual([
      "adaptive",
      "between_tools",
    ])
    expect(getModelInfo("claude-haiku-5-5").tokenizer).toBe("next")
    for (const m of MODELS) {
      expect(m.evidence?.length, m.id).toBeGreaterThan(0)
      for (const e of m.evidence ?? []) expect(e.url).toMatch(/^https:\/\//)
    }
  })

  it("dates every retired model", () => {
    for (const m of MODELS.filter((x) => x.retired))
      expect(m.retiresOn, m.id).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(getModelInfo("claude-sonnet-4-5").retiresOn).toBe("2026-11-30")
    expect(getModelInfo("claude-sonnet-4-5").retired).toBe(false)
  })
})

describe("switches", () => {
  it("every new switch has a visible spec and a default", () => {
    for (const key of [
      "rejectDuplicateStrategies",
      "rejectRetiredModels",
      "rejectUnlistedThinkingTypes",
    ] as const) {
      expect(ASSUMPTION_SPECS.some((s) => s.key === key)).toBe(true)
      expect(DEFAULT_ASSUMPTIONS[key]).toBeTypeOf("boolean")
    }
    expect(DEFAULT_ASSUMPTIONS.rejectThinkingContinuation).toBe(true)
  })
})

describe("model rules", () => {
  it("each cites at least one source with a URL", () => {
    for (const r of MODEL_RULES) {
      expect(r.evidence.length, r.rule).toBeGreaterThan(0)
      for (const e of r.evidence) expect(e.url).toMatch(/^https:\/\//)
    }
  })
})
