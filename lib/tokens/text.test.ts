import { describe, expect, it } from "vitest"

import { codeByRatios, codeByTables, profileText, rawTextTokens } from "./text"

describe("profileText / rawTextTokens", () => {
  it.each([
    [
      "prose",
      "The quick brown fox jumps over the lazy dog while the farmer watches.",
      false,
    ],
    [
      "JSON",
      '{"query":"weather","max_results":5,"filters":{"region":"eu"}}',
      true,
    ],
    [
      "code",
      "function add(a, b) { return a + b; }\nconst x = add(1, 2);",
      true,
    ],
    [
      "base64",
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg",
      true,
    ],
  ])("classifies %s", (_n, text, code) => {
    expect(profileText(text).code).toBe(code)
  })

  it("uses ≈4.6 chars/token for prose and ≈2.7 for code (fitted: docs/tokens.md)", () => {
    const prose =
      "Customers observed intermittent timeouts during peak hours. ".repeat(50)
    expect(rawTextTokens(prose)).toBeCloseTo(prose.length / 4.6, 5)
    const json = '{"id":1,"name":"a_b"},'.repeat(100)
    expect(rawTextTokens(json)).toBeCloseTo(json.length / 2.7, 5)
  })

  it("counts CJK and emoji at ≈1 token per UTF-16 unit, other alphabets at ≈2 chars/token", () => {
    // A recorded Japanese prompt: 19 units, 18 tokens beyond the framing.
    const cjk = "今日は良い天気ですね。明日も晴れるでしょう。"
    expect(rawTextTokens(cjk)).toBeCloseTo(cjk.length, 0)
    // Cyrillic is not Latin prose: about the Claude BPE's own rate.
    const ru = "Москва является столицей России и крупнейшим городом страны."
    const words = ru.split(" ").length - 1
    expect(rawTextTokens(ru)).toBeCloseTo((ru.length - words) / 2, -1)
    expect(rawTextTokens(ru)).toBeGreaterThan(ru.length / 4.6)
    const emoji = "👨‍👩‍👧‍👦🎉🚀"
    expect(rawTextTokens(emoji)).toBeGreaterThan(emoji.length * 0.5)
  })

  it("counts a tool name or id (forced code) by its share of wide units", () => {
    // Plain ASCII: code rate only. Wide units (CJK, the two halves of an
    // emoji, a kana at the range's first code point) at 1 token each.
    expect(rawTextTokens("toolu_01ABCdef", true)).toBeCloseTo(14 / 2.7, 9)
    expect(rawTextTokens("検索_tool", true)).toBeCloseTo(2 + 5 / 2.7, 9)
    expect(rawTextTokens("run_🚀", true)).toBeCloseTo(2 + 4 / 2.7, 9)
    expect(rawTextTokens("\u2e80x", true)).toBeCloseTo(1 + 1 / 2.7, 9)
    expect(rawTextTokens("\u2e7fx", true)).toBeCloseTo(2 / 2.7, 9)
  })

  it("handles empty strings and long strings by sampling", () => {
    expect(rawTextTokens("")).toBe(0)
    const long = "word ".repeat(400_000)
    expect(rawTextTokens(long)).toBeCloseTo(long.length / 4.6, 0)
  })
})

describe("the code test", () => {
  it("answers from its tables exactly as from the ratios, for every sample", () => {
    let code = 0
    for (let latin = 0; latin <= 32; latin++)
      for (let sym = 0; sym <= latin; sym++)
        for (let ws = 0; ws + sym <= latin; ws++) {
          expect(codeByTables(latin, sym, ws)).toBe(
            codeByRatios(latin, sym, ws)
          )
          if (codeByRatios(latin, sym, ws)) code++
        }
    // Both answers occur (the comparison above is not vacuous).
    expect(code).toBeGreaterThan(100)
  })
})

describe("long texts", () => {
  it("classifies a long report with tables the same whatever its sample hits (the cookbook's documents, within 3 % of their recorded counts)", async () => {
    const { readFileSync } = await import("node:fs")
    const corpus = JSON.parse(
      readFileSync("test/real/cookbook/research-corpus.json", "utf8")
    ) as {
      documents: Record<string, string>
      count_tokens_recorded: Record<string, number>
    }
    const off = Object.entries(corpus.documents)
      .map(([path, text]) => {
        const real = corpus.count_tokens_recorded[path.split("/").pop()!]!
        return { path, ratio: rawTextTokens(text) / real }
      })
      .filter((d) => Math.abs(d.ratio - 1) > 0.03)
    expect(off).toEqual([])
  })
})
