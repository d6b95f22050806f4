import { describe, expect, it } from "vitest"

import { patchTopLevelKey } from "./request-text"

describe("patchTopLevelKey", () => {
  const compact = '{"model":"m",   "messages": [ {"role":"user"} ]}'

  it("adds a missing key and leaves the rest byte for byte", () => {
    const out = patchTopLevelKey(compact, "context_management", { edits: [] })
    expect(
      out.startsWith('{"model":"m",   "messages": [ {"role":"user"} ]')
    ).toBe(true)
    expect(JSON.parse(out)).toEqual({
      model: "m",
      messages: [{ role: "user" }],
      context_management: { edits: [] },
    })
  })

  it("replaces an existing key in place", () => {
    const text = '{\n  "a": 1,\n  "b": {"x": 1},\n  "c": [ 3 ]\n}'
    const out = patchTopLevelKey(text, "b", { y: 2 })
    expect(out).toBe(
      '{\n  "a": 1,\n  "b": {\n    "y": 2\n  },\n  "c": [ 3 ]\n}'
    )
  })

  it("removes a key when the value is undefined", () => {
    const out = patchTopLevelKey('{"a": 1, "b": 2}', "b", undefined)
    expect(JSON.parse(out)).toEqual({ a: 1 })
  })

  it("finds the key only at the top level, past strings with braces and escapes", () => {
    const text =
      '{"messages": [{"content": "a \\"context_management\\": {} }"}, {"context_management": 1}], "context_management": {"edits": []}, "z": 2}'
    const out = patchTopLevelKey(text, "context_management", { edits: [1] })
    expect(JSON.parse(out)).toEqual({
      ...JSON.parse(text),
      context_management: { edits: [1] },
    })
    expect(out.endsWith(', "z": 2}')).toBe(true)
  })

  it("replaces a scalar value that ends the object", () => {
    expect(
      JSON.parse(patchTopLevelKey('{"a": 1, "b": true }', "b", [2]))
    ).toEqual({
      a: 1,
      b: [2],
    })
  })

  it("refuses text that is not an object", () => {
    expect(() => patchTopLevelKey("[1]", "a", 1)).toThrow()
  })

  it("inserts into an empty object", () => {
    expect(JSON.parse(patchTopLevelKey("{ }", "a", 1))).toEqual({ a: 1 })
  })
})
