import { describe, expect, it } from "vitest"

import { formatApprox, formatCount, formatNumber } from "./number"

describe("formatNumber", () => {
  it("groups thousands the en-US way and keeps up to three decimals", () => {
    expect(formatNumber(1234567)).toBe("1,234,567")
    expect(formatNumber(-45000)).toBe("-45,000")
    expect(formatNumber(0.12345)).toBe("0.123")
    expect(formatNumber(999)).toBe("999")
  })
})

describe("formatCount", () => {
  it("rounds to an integer before grouping", () => {
    expect(formatCount(1234567)).toBe("1,234,567")
    expect(formatCount(142310.6)).toBe("142,311")
    expect(formatCount(-1234.4)).toBe("-1,234")
  })

  it("never shows a negative zero", () => {
    expect(formatCount(-0.2)).toBe("0")
  })
})

describe("formatApprox", () => {
  it("marks the figure as an estimate", () => {
    expect(formatApprox(12345.2)).toBe("≈12,345")
  })
})
