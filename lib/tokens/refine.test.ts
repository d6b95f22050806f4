import { describe, expect, it } from "vitest"

import { simulate } from "@/lib/context-editing"

import { type BpeCounter, countPieceByRanks, createBpeCounter } from "./bpe"
import {
  CLASS_FACTOR,
  contentClass,
  contentKey,
  createRefinedEstimator,
  createRefineTable,
  isOpaqueBlob,
  refinedRaw,
} from "./refine"
import { rawTextTokens } from "./text"

/** A stand-in BPE: every text is `n` Latin tokens. */
function fixedCounter(n: number): BpeCounter {
  const count = (() => n) as unknown as BpeCounter
  count.parts = () => ({ latin: n, wide: 0, alpha: 0 })
  return count
}

const text = "The quick brown fox jumps over the lazy dog near the river bank."
const request = {
  model: "claude-sonnet-4-5",
  messages: [{ role: "user", content: [{ type: "text", text }] }],
}

describe("refinement", () => {
  it("records every string it had to estimate, then answers from the counts", () => {
    const table = createRefineTable()
    const first = simulate(request, {
      estimator: createRefinedEstimator(table),
    })
    const plain = simulate(request)
    if (!first.ok || !plain.ok) throw new Error("rejected")
    // Before any count: the heuristic's own answer, and the text is a miss.
    expect(first.original_input_tokens).toBe(plain.original_input_tokens)
    expect([...table.misses.values()]).toContain(text)
    for (const k of table.misses.keys()) table.counts.set(k, 100)
    table.misses.clear()
    const counted = simulate(request, {
      estimator: createRefinedEstimator(table),
    })
    if (!counted.ok) throw new Error("rejected")
    expect(counted.categories.before.text).toBe(101) // 100 + 1 block framing
    expect(table.misses.size).toBe(0)
  })

  it("leaves the plain estimator untouched after a refined run", () => {
    const table = createRefineTable()
    table.counts.set(contentKey(text), 1000)
    simulate(request, { estimator: createRefinedEstimator(table) })
    const plain = simulate(request)
    if (!plain.ok) throw new Error("rejected")
    expect(plain.categories.before.text).toBeLessThan(100)
  })

  it("keys long texts by length and hash, so equal-length texts do not collide", () => {
    const a = "a".repeat(5000) + "x"
    const b = "a".repeat(5000) + "y"
    expect(contentKey(a)).not.toBe(contentKey(b))
    expect(contentKey(a)).toBe(contentKey("a".repeat(5000) + "x"))
    expect(contentKey("short")).toBe("short")
  })

  it("scales code more than prose", () => {
    const code = "function f(a) { return a.map((x) => x * 2).filter(Boolean); }"
    expect(contentClass(code)).toBe("code")
    expect(contentClass(text)).toBe("prose")
    const hundred = fixedCounter(100)
    expect(refinedRaw(code, hundred)).toBeGreaterThan(refinedRaw(text, hundred))
  })

  it("counts a text as the sum of its pre-tokenised pieces, each encoded once", () => {
    const seen: string[] = []
    const count = createBpeCounter({
      // A stand-in encoder: one token per 3 characters of a piece.
      countPiece: (p) => {
        seen.push(p)
        return Math.ceil(p.length / 3)
      },
      pattern: /\s?\p{L}+|\s?\p{N}+|\s?[^\s\p{L}\p{N}]+|\s+/gu,
    })
    expect(count("hello hello hello")).toBe(2 + 2 + 2)
    expect(seen).toEqual(["hello", " hello"])
  })
})

describe("countPieceByRanks", () => {
  // A toy vocabulary over bytes of "abc": pairs merge lowest rank first.
  const key = (s: string) => [...new TextEncoder().encode(s)].join(",")
  const ranks = new Map([
    [key("a"), 0],
    [key("b"), 1],
    [key("c"), 2],
    [key("bc"), 3],
    [key("ab"), 4],
    [key("abc"), 5],
  ])
  it("merges the lowest-ranked pair first, like tiktoken", () => {
    // "abc": bc (3) before ab (4), then a+bc = abc (5) → 1 token.
    expect(countPieceByRanks("abc", ranks)).toBe(1)
    // "abab": ab, ab; "abab" is not a token → 2.
    expect(countPieceByRanks("abab", ranks)).toBe(2)
    // "cab": ab (4) merges; c + ab has no rank → 2.
    expect(countPieceByRanks("cab", ranks)).toBe(2)
    expect(countPieceByRanks("", ranks)).toBe(0)
  })
})

describe("opaque blobs keep the heuristic's count", () => {
  const blob =
    "EuEEzrPmKonYBBRPXMtm61rhvsSL8ge8zMnpNG/i/TsIkeY2eGl2kN9NU9eT".repeat(20)
  it("a long string without whitespace is a blob, prose and short ids are not", () => {
    expect(isOpaqueBlob(blob)).toBe(true)
    expect(isOpaqueBlob("toolu_01ABCdef")).toBe(false)
    expect(isOpaqueBlob("word ".repeat(100))).toBe(false)
  })
  it("a blob's refined count is the instant estimate, whatever the BPE said", () => {
    expect(refinedRaw(blob, fixedCounter(1_150))).toBe(rawTextTokens(blob))
    expect(refinedRaw("plain words here", fixedCounter(3))).toBeCloseTo(
      3 * CLASS_FACTOR.prose
    )
  })
})
