import { describe, expect, it } from "vitest"

import { parseImport } from "../index"
import { SCALING_INPUTS } from "./inputs"

/**
 * Every importer is linear on adversarial input (hostile-input issue): the
 * time for an input four times as long is about four times the time, never
 * 16× as a rescanning scanner gives. The limit (8×) sits halfway between on
 * a log scale, so a busy machine's noise cannot cross it either way. Ratios
 * of the fastest runs measured in the same run, not absolute times; the best
 * of a few attempts, as noise only inflates them.
 */

const GROWTH = 4
const LIMIT = 8

/** The fastest of a few runs: noise (other work, GC) only ever adds time. */
function fastestTime(text: string, repeats: number): number {
  let fastest = Infinity
  for (let i = 0; i < repeats; i++) {
    const start = performance.now()
    parseImport(text)
    fastest = Math.min(fastest, performance.now() - start)
  }
  return fastest
}

function growthRatio(make: (n: number) => string, n: number): number {
  // From 2n up: below that, a heap growing past a GC step between the two
  // sizes shows as a one-time jump (measured up to 12× for 4× the input).
  const small = make(2 * n)
  const large = make(2 * n * GROWTH)
  parseImport(small) // warm-up: compile the paths this input takes
  let best = Infinity
  for (let attempt = 0; attempt < 4 && best >= LIMIT; attempt++)
    best = Math.min(best, fastestTime(large, 5) / fastestTime(small, 5))
  return best
}

describe("importers scale linearly", () => {
  for (const input of SCALING_INPUTS) {
    it(`${input.importer}: ${input.name} — t(4n) / t(n) < 8`, () => {
      expect(parseImport(input.make(4)).format).not.toBe("unknown")
      expect(growthRatio(input.make, input.n)).toBeLessThan(LIMIT)
    }, 60_000)
  }
})
