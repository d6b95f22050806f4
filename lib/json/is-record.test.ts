import { describe, expect, it } from "vitest"

import { isRecord } from "./is-record"

describe("isRecord", () => {
  it("accepts JSON objects, including ones with a null prototype", () => {
    expect(isRecord(JSON.parse('{"a":1}'))).toBe(true)
    expect(isRecord(Object.create(null))).toBe(true)
  })

  it("rejects arrays, null and primitives", () => {
    for (const v of [[], null, undefined, 0, "x", true]) {
      expect(isRecord(v)).toBe(false)
    }
  })
})
