import fc from "fast-check"
import { describe, expect, it } from "vitest"

import { getLocation } from "jsonc-parser"

import { arrayElementAt, commonEnds, skipJsonString } from "./common-ends"

describe("commonEnds", () => {
  it("finds the edited span of any edit, also in long texts", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30 }),
        fc.nat(9000),
        fc.nat(3),
        fc.string({ maxLength: 3 }),
        (seed, at, cut, insert) => {
          const a = seed.padEnd(10_000, "ab").slice(0, 10_000)
          const b = a.slice(0, at) + insert + a.slice(at + cut)
          const [p, s] = commonEnds(a, b)
          expect(p + s).toBeLessThanOrEqual(Math.min(a.length, b.length))
          expect(a.slice(0, p)).toBe(b.slice(0, p))
          expect(a.slice(a.length - s)).toBe(b.slice(b.length - s))
          // The prefix is the longest: it stops at the first difference.
          if (p < Math.min(a.length, b.length) - s)
            expect(a.charCodeAt(p)).not.toBe(b.charCodeAt(p))
        }
      )
    )
  })
})

describe("skipJsonString", () => {
  it("skips escaped quotes and stops at the closing one", () => {
    const text = String.raw`x"a\"b\\"c`
    expect(skipJsonString(text, 1)).toBe(9)
    expect(skipJsonString('"open', 0)).toBe(5)
  })
})

describe("arrayElementAt", () => {
  it("agrees with a full location scan at every offset inside an element", () => {
    const text = JSON.stringify(
      {
        model: "m",
        messages: [
          { role: "user", content: 'a "quoted" [x], {y}' },
          { role: "assistant", content: [{ type: "text", text: "b,c" }] },
          "odd",
          [1, [2]],
        ],
      },
      null,
      2
    )
    const start = text.indexOf("[")
    for (let offset = start + 1; offset < text.length; offset++) {
      const path = getLocation(text, offset).path
      const found = arrayElementAt(text, start, offset)
      if (found) expect(found.index).toBe(path[1])
      else if (path[0] === "messages" && typeof path[1] === "number")
        expect(/[\s,\]]/.test(text.charAt(offset))).toBe(true)
    }
  })
})
