import { describe, expect, it } from "vitest"

import { MODELS } from "./models"
import { formatDollars, priceOf, requestDollars } from "./prices"
import { timeline } from "../session/timeline"
import { toolConversation } from "../__fixtures__/build"

describe("prices", () => {
  it("every model of the table has its price from the pricing page", () => {
    for (const m of MODELS) {
      const p = priceOf(m.id)
      expect(p.known, m.id).toBe(true)
      expect(p.source).toMatch(/pricing/)
      expect(p.read).toBeLessThan(p.input)
      expect(p.write5m).toBeGreaterThan(p.input)
      expect(p.write1h).toBeGreaterThan(p.write5m)
    }
  })

  it("aliases resolve, and an unknown id is priced like its family with a note", () => {
    expect(priceOf("claude-opus-4-5").input).toBe(5)
    const guess = priceOf("claude-opus-9")
    expect(guess.known).toBe(false)
    expect(guess.source).toMatch(/Not on the pricing page/)
  })

  it("Haiku 5.5 prices each request by its own prompt size", () => {
    const p = priceOf("claude-haiku-5-5")
    const small = { read: 0, written: 0, uncached: 100_000 }
    const large = { read: 0, written: 0, uncached: 100_001 }
    expect(requestDollars(p, small, "5m")).toBeCloseTo(0.01)
    // Over 100k tokens every token pays the higher row ($0.50 / MTok).
    expect(requestDollars(p, large, "5m")).toBeCloseTo(0.0500005)
    const mixed = { read: 80_000, written: 30_000, uncached: 0 }
    expect(requestDollars(p, mixed, "1h")).toBeCloseTo(
      (80_000 * 0.05 + 30_000 * 1) / 1e6
    )
  })

  it("a session's dollars are its requests' cache reads, writes and uncached tokens at the model's prices", () => {
    const body = {
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      messages: toolConversation(6, 3000),
    }
    const t = timeline(body)
    const p = priceOf(body.model)
    let sum = 0
    for (const pt of t.points)
      if (pt.ok) {
        const u = pt.withEdits
        sum +=
          (u.read * p.read + u.written * p.write5m + u.uncached * p.input) / 1e6
      }
    expect(t.cost.withEdits).toBeCloseTo(sum, 12)
    expect(t.pricingNote).toMatch(/output tokens .* not modelled/)
  })

  it("formats dollars to the cent, or two significant digits below a cent", () => {
    expect(formatDollars(1234.5)).toBe("$1,234.50")
    expect(formatDollars(0.0034567)).toBe("$0.0035")
    expect(formatDollars(0)).toBe("$0")
    // A token's price, in digits; a difference of rounding is no money.
    expect(formatDollars(3e-8)).toBe("$0.000000030")
    expect(formatDollars(-0.00009)).toBe("−$0.000090")
    expect(formatDollars(-2.8e-17)).toBe("$0")
  })
})
