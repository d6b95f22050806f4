import { describe, expect, it } from "vitest"

import { checkToolPairing } from "@/lib/generate"
import type { ContentBlock, ImportedRequest } from "@/lib/import/types"

import { getPreset, PRESETS } from "./index"

const tokensOf = (request: unknown) => JSON.stringify(request).length / 3.5

function blocks(request: ImportedRequest): ContentBlock[] {
  return request.messages.flatMap((m) =>
    typeof m.content === "string" ? [] : m.content
  )
}

function edits(request: ImportedRequest): Array<Record<string, unknown>> {
  const cm = request.context_management as {
    edits: Array<Record<string, unknown>>
  }
  return cm.edits
}

describe("PRESETS", () => {
  it("has unique ids and the research agent first", () => {
    const ids = PRESETS.map((p) => p.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids[0]).toBe("research-agent")
    expect(getPreset("basic")?.id).toBe("basic")
    expect(getPreset("nope")).toBeUndefined()
  })

  it.each(PRESETS.map((p) => [p.id, p] as const))(
    "%s builds a valid, serialisable request",
    (_id, preset) => {
      const request = preset.build()
      expect(JSON.parse(JSON.stringify(request))).toEqual(request)
      expect(checkToolPairing(request)).toEqual([])
      expect(request.messages.at(-1)?.role).toBe("user")
      expect(edits(request).length).toBeGreaterThan(0)
      expect(preset.description).toMatch(/^[A-Za-z_].*\.$/)
      expect(preset.betas.length).toBeGreaterThan(0)
      // Deterministic, and the cached request matches a fresh build.
      expect(preset.request).toEqual(request)
      expect(preset.request).toBe(preset.request)
    }
  )

  it("sizes each conversation so its edit actually fires", () => {
    const size = (id: string) => tokensOf(getPreset(id)!.build())
    expect(size("basic")).toBeGreaterThan(100_000)
    expect(size("advanced-options")).toBeGreaterThan(30_000 + 5_000)
    expect(size("combined")).toBeGreaterThan(50_000 + 10_000)
    expect(size("memory-tool")).toBeGreaterThan(100_000)
    expect(size("compaction")).toBeGreaterThan(150_000)
  })

  it("matches the docs' configurations", () => {
    expect(edits(getPreset("basic")!.request)).toEqual([
      { type: "clear_tool_uses_20250919" },
    ])
    expect(edits(getPreset("advanced-options")!.request)[0]).toMatchObject({
      trigger: { type: "input_tokens", value: 30_000 },
      keep: { type: "tool_uses", value: 3 },
      clear_at_least: { type: "input_tokens", value: 5_000 },
      exclude_tools: ["web_search"],
    })
    const combined = getPreset("combined")!.request
    expect(edits(combined).map((e) => e.type)).toEqual([
      "clear_thinking_20251015",
      "clear_tool_uses_20250919",
    ])
    expect(combined.thinking).toMatchObject({ type: "enabled" })
    expect(edits(getPreset("memory-tool")!.request)[0]).toMatchObject({
      exclude_tools: ["memory"],
    })
    const compaction = getPreset("compaction")!.request
    expect(compaction.model).toBe("claude-opus-4-6")
    expect(edits(compaction)).toEqual([{ type: "compact_20260112" }])
  })

  it("gives the thinking preset more thinking turns than it keeps", () => {
    const request = getPreset("thinking-clearing")!.request
    const humanTurns = request.messages.filter(
      (m) =>
        m.role === "user" &&
        Array.isArray(m.content) &&
        m.content.some((b) => b.type !== "tool_result")
    )
    expect(humanTurns.length).toBeGreaterThan(3)
    expect(
      blocks(request).filter((b) => b.type === "thinking").length
    ).toBeGreaterThan(3)
  })

  it("replays a compaction block after earlier history", () => {
    const request = getPreset("compaction-replayed")!.request
    const index = request.messages.findIndex(
      (m) => Array.isArray(m.content) && m.content[0]?.type === "compaction"
    )
    expect(index).toBeGreaterThan(2)
    expect(index).toBeLessThan(request.messages.length - 2)
  })
})

describe("research agent", () => {
  const request = PRESETS[0]!.request

  it("is over the default 100k trigger but within 110k–150k", () => {
    const tokens = tokensOf(request)
    expect(tokens).toBeGreaterThan(110_000)
    expect(tokens).toBeLessThan(150_000)
  })

  it("uses search, files, memory and thinking like a real session", () => {
    const all = blocks(request)
    const names = all.filter((b) => b.type === "tool_use").map((b) => b.name)
    expect(names).toContain("read_file")
    expect(names).toContain("memory")
    expect(all.some((b) => b.type === "server_tool_use")).toBe(true)
    expect(all.some((b) => b.type === "web_search_tool_result")).toBe(true)
    expect(all.some((b) => b.type === "thinking")).toBe(true)
    expect(request.model).toMatch(/^claude-(sonnet|opus)-4-6$/)
    expect(edits(request)).toEqual([
      {
        type: "clear_thinking_20251015",
        keep: { type: "thinking_turns", value: 1 },
      },
      { type: "clear_tool_uses_20250919", exclude_tools: ["memory"] },
    ])
    const first = request.messages[0]
    expect(JSON.stringify(first)).toMatch(/research/i)
  })
})
