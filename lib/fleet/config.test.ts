import { describe, expect, it } from "vitest"

import { withConfig } from "./config"

const clear = {
  type: "clear_tool_uses_20250919",
  keep: { type: "tool_uses", value: 2 },
}
const thinking = { type: "clear_thinking_20251015", keep: "all" }
const compact = (value: number) => ({
  type: "compact_20260112",
  trigger: { type: "input_tokens", value },
})

describe("one config on every session", () => {
  it("replaces the session's edits, and null keeps them", () => {
    const req = {
      model: "claude-opus-4-6",
      messages: [],
      context_management: { edits: [clear] },
    }
    expect(withConfig(req, null).request).toBe(req)
    expect(withConfig(req, []).request).not.toHaveProperty("context_management")
    expect(withConfig(req, [thinking]).notes).toEqual([
      "clear_thinking left out: this session has no thinking on",
    ])
  })

  it("keeps a compacted log's own compaction edit unless the config has one", () => {
    const req = {
      model: "claude-opus-4-6",
      messages: [],
      context_management: { edits: [compact(150_000)] },
    }
    expect(withConfig(req, [clear]).request.context_management).toEqual({
      edits: [clear, compact(150_000)],
    })
    expect(
      withConfig(req, [compact(90_000)]).request.context_management
    ).toEqual({ edits: [compact(90_000)] })
  })

  it("leaves out compaction on a model without it, and says so", () => {
    const r = withConfig({ model: "claude-haiku-4-5-20251001", messages: [] }, [
      clear,
      compact(100_000),
    ])
    expect(r.request.context_management).toEqual({ edits: [clear] })
    expect(r.notes[0]).toMatch(/compaction left out: .*Haiku 4\.5/)
  })

  it("keeps clear_thinking where thinking is on", () => {
    const r = withConfig(
      {
        model: "claude-opus-4-6",
        messages: [],
        thinking: { type: "adaptive" },
      },
      [thinking, clear]
    )
    expect(r.request.context_management).toEqual({ edits: [thinking, clear] })
    expect(r.notes).toEqual([])
  })
})
