import { describe, expect, it } from "vitest"

import { locate, parseJsonLocated } from "./parse-located"

describe("parseJsonLocated", () => {
  it("returns the value of valid JSON", () => {
    expect(parseJsonLocated('{"a": [1, 2]}')).toEqual({
      success: true,
      data: { a: [1, 2] },
    })
  })

  it.each([
    ['{\n  "a": 1,,\n}', 2, 10, "Expected a property name"],
    ['{"a": }', 1, 7, "Expected a value"],
    ['{"a": 1', 1, 8, "Expected '}'"],
    ['{"a": 1} x', 1, 10, "Unexpected character"],
  ])("locates the error in %j", (text, line, column, words) => {
    const result = parseJsonLocated(text)
    expect(result.success).toBe(false)
    if (result.success) return
    expect(result.error.line).toBe(line)
    expect(result.error.column).toBe(column)
    expect(result.error.message).toContain(words)
    expect(result.error.message).toContain(`line ${line}, column ${column}`)
  })

  it("explains an empty document", () => {
    const result = parseJsonLocated("   ")
    expect(result.success).toBe(false)
    if (!result.success) expect(result.error.message).toMatch(/empty/)
  })
})

describe("locate", () => {
  it("counts lines and columns from 1", () => {
    expect(locate("ab\ncd", 4)).toEqual({ line: 2, column: 2 })
    expect(locate("ab", 0)).toEqual({ line: 1, column: 1 })
  })
})
