import { describe, expect, it } from "vitest"

import { sameJson } from "./same-json"

describe("sameJson", () => {
  it("compares parsed JSON by value, key order ignored", () => {
    const text = '{"a": [1, {"b": null}], "c": "x"}'
    expect(
      sameJson(JSON.parse(text), JSON.parse(text.replace(/ /g, "\n  ")))
    ).toBe(true)
    expect(sameJson({ a: 1, c: 2 }, { c: 2, a: 1 })).toBe(true)
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false)
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false)
    expect(sameJson([], {})).toBe(false)
    expect(sameJson({ a: "1" }, { a: 1 })).toBe(false)
  })
})
