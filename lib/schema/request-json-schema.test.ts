import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

import { describe, expect, it } from "vitest"

import { ALL_BLOCK_TYPES } from "@/lib/context-editing/request/block-rules"
import { EDIT_DEFAULTS } from "@/lib/context-editing/rules/catalogue"
import { PRESETS } from "@/lib/presets"

import { REQUEST_JSON_SCHEMA } from "./request-json-schema"
import { editorRequestSchema } from "./request-schema"

const FIXTURES = join(__dirname, "../context-editing/__fixtures__")
type Json = Record<string, unknown>
const schema = REQUEST_JSON_SCHEMA as Json
const defs = schema.definitions as Record<string, Json>
const request = (messages: unknown[], extra: Json = {}) => ({
  model: "claude-sonnet-4-6",
  max_tokens: 100,
  messages,
  ...extra,
})
const withEdit = (edit: Json) =>
  request([{ role: "user", content: "Hi" }], {
    context_management: { edits: [edit] },
  })
const accepts = (value: unknown) => editorRequestSchema.safeParse(value).success

describe("the request editor's schema (generated from zod)", () => {
  it("accepts every example request and every engine fixture, so a valid request gets no squiggle", () => {
    for (const preset of PRESETS) expect(accepts(preset.request)).toBe(true)
    for (const file of readdirSync(FIXTURES).filter((f) => f.endsWith(".json")))
      expect(
        accepts(JSON.parse(readFileSync(join(FIXTURES, file), "utf8"))),
        file
      ).toBe(true)
  })

  it("accepts a bare messages array and a system message with only output_config", () => {
    expect(accepts([{ role: "user", content: "Hi" }])).toBe(true)
    expect(
      accepts(
        request([
          { role: "user", content: "Hi" },
          { role: "system", output_config: { effort: "low" } },
        ])
      )
    ).toBe(true)
    expect(accepts(request([{ role: "user" }]))).toBe(false)
  })

  it("checks a block's fields once its type is known, and rejects unknown block types", () => {
    const block = (b: Json) => request([{ role: "assistant", content: [b] }])
    expect(accepts(block({ type: "tool_use", id: "t", name: "n" }))).toBe(false)
    expect(
      accepts(block({ type: "tool_use", id: "t", name: "n", input: {} }))
    ).toBe(true)
    expect(accepts(block({ type: "thinking", thinking: "x" }))).toBe(false)
    expect(accepts(block({ type: "web_search_tool_result" }))).toBe(true)
    expect(accepts(block({ type: "no_such_block" }))).toBe(false)
  })

  it("holds the documented limits of each edit and rejects unknown edit fields", () => {
    const ctu = "clear_tool_uses_20250919"
    expect(accepts(withEdit({ type: ctu }))).toBe(true)
    expect(
      accepts(withEdit({ type: ctu, keep: { type: "tool_uses", value: -1 } }))
    ).toBe(false)
    expect(accepts(withEdit({ type: ctu, kep: 1 }))).toBe(false)
    expect(
      accepts(
        withEdit({
          type: "clear_thinking_20251015",
          keep: { type: "thinking_turns", value: 0 },
        })
      )
    ).toBe(false)
    expect(
      accepts(withEdit({ type: "clear_thinking_20251015", keep: "all" }))
    ).toBe(true)
    const compact = (value: number) =>
      withEdit({
        type: "compact_20260112",
        trigger: { type: "input_tokens", value },
      })
    expect(accepts(compact(49_999))).toBe(false)
    expect(accepts(compact(50_000))).toBe(true)
  })

  it("offers every block type the engine knows, and the documented defaults, for completion", () => {
    const text = JSON.stringify(defs.content_block)
    for (const type of ALL_BLOCK_TYPES) expect(text).toContain(`"${type}"`)
    const edits = JSON.stringify(schema)
    const d = EDIT_DEFAULTS.clear_tool_uses_20250919
    expect(edits).toContain(`"default":${JSON.stringify(d.trigger)}`)
    expect(edits).toContain(`"default":${JSON.stringify(d.keep)}`)
  })

  it("explains a user message without content by its role, as the editor's hover shows it", () => {
    expect(JSON.stringify(defs.content_unless_system)).toContain(
      "A user or assistant message needs content (only a system message may leave it out)."
    )
    expect(schema.$schema).toBe("http://json-schema.org/draft-07/schema#")
  })
})
