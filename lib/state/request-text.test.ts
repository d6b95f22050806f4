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

  it.each([
    ['{\n  "b": 2,\n  "a": 1\n}', '{\n  "a": 1\n}'],
    ['{\n  "a": 1,\n  "b": 2\n}', '{\n  "a": 1\n}'],
    [
      '{\n  "a": 1,\n  "b": {"x": [1, {"b": 3}]},\n  "c": 3\n}',
      '{\n  "a": 1,\n  "c": 3\n}',
    ],
    ['{"b": 2}', "{}"],
    ['{\n  "b": 2\n}', "{}"],
    ['{"a": 1}', '{"a": 1}'],
  ])("removes b from %j keeping its neighbours' formatting", (text, want) => {
    expect(patchTopLevelKey(text, "b", undefined)).toBe(want)
  })

  it("removes any key of random objects, compact or pretty, and nothing else", () => {
    let seed = 7
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647
    const value = (depth: number): unknown =>
      depth > 1 || next() < 0.4
        ? [1, "s,}{", null, true][Math.floor(next() * 4)]
        : { k: value(depth + 1), "x y": [value(depth + 1)] }
    for (let n = 0; n < 300; n++) {
      const keys = ["a", "b", "c", "d"].filter(() => next() < 0.7)
      const object = Object.fromEntries(keys.map((k) => [k, value(0)]))
      const text = JSON.stringify(object, null, next() < 0.5 ? 2 : 0)
      for (const key of [...keys, "absent"]) {
        const { [key]: _dropped, ...rest } = object
        const out = patchTopLevelKey(text, key, undefined)
        expect(JSON.parse(out)).toEqual(rest)
      }
    }
  })

  it("refuses to remove from a text that is not a JSON object", () => {
    expect(() => patchTopLevelKey("[1, 2]", "b", undefined)).toThrow()
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
