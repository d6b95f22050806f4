import { describe, expect, it } from "vitest"

import { exceedsJsonDepth, parseJsonBounded } from "./json-guard"

describe("exceedsJsonDepth", () => {
  it.each([
    ["{}", 1, false],
    ["[[1]]", 1, true],
    ["[[1]]", 2, false],
    ['{"a":[{"b":[]}]}', 4, false],
    ['{"a":[{"b":[]}]}', 3, true],
    // brackets inside strings, including after escaped quotes, do not count
    ['["[[[[", "\\"[[[["]', 1, false],
    ['{"k\\\\":[[[]]]}', 3, true],
  ])("%s with limit %d → %s", (text, limit, expected) => {
    expect(exceedsJsonDepth(text, limit)).toBe(expected)
  })

  it("scans 1M unclosed brackets without recursion", () => {
    expect(exceedsJsonDepth("[".repeat(1_000_000), 64)).toBe(true)
  })
})

describe("parseJsonBounded", () => {
  it("parses, refuses deep input before parsing, and never throws", () => {
    expect(parseJsonBounded('{"a":1}', 64)).toEqual({
      ok: true,
      value: { a: 1 },
    })
    expect(
      parseJsonBounded("[".repeat(100_000) + "]".repeat(100_000), 64)
    ).toEqual({ ok: false, reason: "too_deep" })
    expect(parseJsonBounded("{oops", 64)).toEqual({
      ok: false,
      reason: "invalid_json",
    })
  })
})
