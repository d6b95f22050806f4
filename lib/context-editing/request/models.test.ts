import { describe, expect, it } from "vitest"

import { defaultEdit, EDIT_DEFAULTS, EDIT_TYPES } from "../rules/catalogue"
import { getModelInfo, MODELS } from "./models"
import { simulate } from "../result/simulate"

describe("model capability table (docs/semantics.md#models)", () => {
  it("resolves ids, aliases and platform ids", () => {
    expect(getModelInfo("claude-haiku-4-5").id).toBe(
      "claude-haiku-4-5-20251001"
    )
    expect(getModelInfo("claude-opus-4-5-20251101").displayName).toBe(
      "Claude Opus 4.5"
    )
    expect(
      getModelInfo("us.anthropic.claude-sonnet-4-5-20250929-v1:0").id
    ).toBe("claude-sonnet-4-5-20250929")
    expect(getModelInfo("claude-opus-4-1@20250805").id).toBe(
      "claude-opus-4-1-20250805"
    )
    expect(getModelInfo("claude-opus-4-6-20260205").id).toBe("claude-opus-4-6")
  })

  it("has no Haiku with compaction", () => {
    expect(MODELS.filter((m) => /haiku/.test(m.id) && m.compaction)).toEqual([])
  })

  it.each([
    "claude-fable-5",
    "claude-mythos-5",
    "claude-mythos-preview",
    "claude-opus-5",
    "claude-opus-4-8",
    "claude-opus-4-7",
    "claude-opus-4-6",
    "claude-sonnet-5",
    "claude-sonnet-4-6",
  ])("lists compaction for %s, as documented", (id) => {
    expect(getModelInfo(id).compaction).toBe(true)
  })

  it("encodes the thinking defaults and tokenizer families", () => {
    expect(getModelInfo("claude-opus-4-5").thinkingDefaultKeep).toBe("all")
    expect(getModelInfo("claude-sonnet-4-6").thinkingDefaultKeep).toBe("all")
    expect(getModelInfo("claude-sonnet-4-5").thinkingDefaultKeep).toBe(1)
    expect(getModelInfo("claude-haiku-4-5").thinkingDefaultKeep).toBe(1)
    expect(getModelInfo("claude-opus-4-7").tokenizer).toBe("next")
    expect(getModelInfo("claude-fable-5").tokenizer).toBe("next")
    expect(getModelInfo("claude-opus-4-6").tokenizer).toBe("legacy")
  })

  it("flags retired models", () => {
    expect(getModelInfo("claude-sonnet-4-20250514").retired).toBe(true)
    expect(getModelInfo("claude-sonnet-4-5").retired).toBe(false)
  })

  it("guesses for unknown ids and says so", () => {
    const m = getModelInfo("claude-haiku-9")
    expect(m).toMatchObject({
      known: false,
      thinkingDefaultKeep: 1,
      compaction: false,
    })
    expect(getModelInfo("claude-opus-9").tokenizer).toBe("next")
  })
})

describe("unknown Claude 2/3-era ids (legacy transcripts)", () => {
  it("get a 200k window and keep only the last turn's thinking", () => {
    const info = getModelInfo("claude-2.1")
    expect(info.known).toBe(false)
    expect(info.contextEditing).toBe(false)
    expect(getModelInfo("claude-3-5-sonnet-20241022").contextEditing).toBe(
      false
    )
    expect(info.contextWindow).toBe(200_000)
    expect(info.thinkingDefaultKeep).toBe(1)
    expect(info.tokenizer).toBe("legacy")
  })
})

describe("context editing on old models (docs/semantics.md#errors, assumed 400)", () => {
  const request = (model: string) => ({
    model,
    max_tokens: 64,
    messages: [{ role: "user", content: "Hi" }],
    context_management: { edits: [{ type: "clear_tool_uses_20250919" }] },
  })
  it("rejects a listed model without it, and only warns for an unknown old id", () => {
    const listed = simulate(request("claude-3-7-sonnet-20250219"))
    expect(listed.ok).toBe(false)
    // Sonnet 3.5 is a listed (retired) row now; Claude 2.1 is not listed.
    const unknown = simulate(request("claude-2.1"))
    expect(unknown.ok && unknown.warnings.map((w) => w.code)).toContain(
      "context_editing_unsupported"
    )
  })
})

describe("Claude 3 models (documented tool-use prompt sizes, docs/semantics.md#hidden-overheads)", () => {
  it.each([
    "claude-3-opus-20240229",
    "claude-3-sonnet-20240229",
    "claude-3-haiku-20240307",
  ])("%s is known, retired and without context editing", (id) => {
    expect(getModelInfo(id)).toMatchObject({
      known: true,
      retired: true,
      contextEditing: false,
      toolPromptDocumented: true,
      contextWindow: 200_000,
    })
  })
})

describe("edit defaults", () => {
  it("documents the defaults of every edit type", () => {
    expect(EDIT_TYPES).toEqual(Object.keys(EDIT_DEFAULTS))
    expect(EDIT_DEFAULTS.clear_tool_uses_20250919.trigger.value).toBe(100_000)
    expect(EDIT_DEFAULTS.clear_tool_uses_20250919.keep.value).toBe(3)
    expect(EDIT_DEFAULTS.compact_20260112.trigger.value).toBe(150_000)
    for (const t of EDIT_TYPES) expect(defaultEdit(t).type).toBe(t)
  })
})
