import { describe, expect, it } from "vitest"

import { defaultEdit, EDIT_BETAS, EDIT_LABELS, EDIT_TYPES } from "./catalogue"
import { parseEdits } from "./parse-edits"

describe("edit-kind registry", () => {
  it("lists the three kinds in the docs' order, with labels and betas", () => {
    expect(EDIT_TYPES).toEqual([
      "clear_tool_uses_20250919",
      "clear_thinking_20251015",
      "compact_20260112",
    ])
    expect(EDIT_LABELS.compact_20260112).toBe("Compaction")
    expect(EDIT_BETAS.clear_thinking_20251015).toBe(
      "context-management-2025-06-27"
    )
  })

  it("gives fresh default edits that its own validator accepts", () => {
    const edits = EDIT_TYPES.map((t) => defaultEdit(t))
    const r = parseEdits({ edits })
    expect(r.ok && r.value?.map((e) => e.type)).toEqual(EDIT_TYPES)
    expect(defaultEdit("compact_20260112")).not.toBe(
      defaultEdit("compact_20260112")
    )
  })

  it("rejects a field another kind accepts, naming it", () => {
    const r = parseEdits({
      edits: [{ type: "clear_thinking_20251015", trigger: null }],
    })
    expect(r.ok).toBe(false)
    if (!r.ok)
      expect(r.error.path).toEqual([
        "context_management",
        "edits",
        0,
        "trigger",
      ])
  })
})
