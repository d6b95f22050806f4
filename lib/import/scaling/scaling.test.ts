import { describe, expect, it } from "vitest"

import { parseImport } from "../index"
import { SCALING_INPUTS } from "./inputs"

/**
 * Every importer is linear on adversarial input (hostile-input issue): the
 * time for an input twice as long is about twice the time, never 4× as a
 * rescanning scanner gives. Ratios of medians measured in the same run, not
 * absolute times; the best of a few attempts, as noise only inflates them.
 */

function medianTime(text: string, repeats: number): number {
  const times: number[] = []
  for (let i = 0; i < repeats; i++) {
    const start = performance.now()
    parseImport(text)
    times.push(performance.now() - start)
  }
  return times.sort((a, b) => a - b)[repeats >> 1]!
}

function doublingRatio(make: (n: number) => string, n: number): number {
  const small = make(n)
  const large = make(2 * n)
  parseImport(small) // warm-up: compile the paths this input takes
  let best = Infinity
  for (let attempt = 0; attempt < 3 && best >= 3; attempt++)
    best = Math.min(best, medianTime(large, 5) / medianTime(small, 5))
  return best
}

describe("importers scale linearly", () => {
  for (const input of SCALING_INPUTS) {
    it(`${input.importer}: ${input.name} — t(2n) / t(n) < 3`, () => {
      expect(parseImport(input.make(4)).format).not.toBe("unknown")
      expect(doublingRatio(input.make, input.n)).toBeLessThan(3)
    }, 60_000)
  }
})
