import { describe, expect, it } from "vitest"

import { generateSession } from "./generate-session"
import {
  DEFAULT_PANEL_FORM,
  generatedSummary,
  panelOptions,
} from "./panel-options"

describe("the Generate panel's options", () => {
  it("turns web_search and memory into switches, not entries of the tool mix", () => {
    const options = panelOptions({
      ...DEFAULT_PANEL_FORM,
      tools: new Set(["grep", "web_search", "memory"]),
    })
    expect(options.toolMix).toEqual([{ name: "grep", weight: 3 }])
    expect(options.serverTools).toBe(true)
    expect(options.memory).toBe(true)
  })

  it("reads an empty tool-call box as auto and clamps the target size", () => {
    const auto = panelOptions({ ...DEFAULT_PANEL_FORM, tokens: 5 })
    expect(auto.toolCalls).toBeUndefined()
    expect(auto.targetTokens).toBe(10_000)
    expect(
      panelOptions({ ...DEFAULT_PANEL_FORM, toolCalls: "7.6" }).toolCalls
    ).toBe(8)
  })

  it("says when forced tool calls, not the target, set the size", () => {
    const options = panelOptions({
      ...DEFAULT_PANEL_FORM,
      toolCalls: "4",
      thinking: false,
    })
    const request = generateSession(options)
    const summary = generatedSummary(options, request, 12_345.4)
    expect(summary).toMatch(
      /^Generated session: ≈12,345 tokens \(the 4 tool calls asked for set the size; target was 120,000\)/
    )
    expect(summary).toContain("4 tool uses, thinking off (seed 1)")
  })
})
