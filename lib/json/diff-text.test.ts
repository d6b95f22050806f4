import { describe, expect, it } from "vitest"

import {
  DIFF_STRING_HEAD,
  DIFF_STRING_LIMIT,
  diffText,
  shortenString,
  stringTag,
} from "./diff-text"

const long = (fill: string, n: number) => fill.repeat(n)

describe("diffText", () => {
  it("is exactly JSON.stringify(value, null, 2) when nothing is long", () => {
    const value = { a: "short", b: [1, { c: "x".repeat(DIFF_STRING_LIMIT) }] }
    expect(diffText(value)).toEqual({
      text: JSON.stringify(value, null, 2),
      shortened: 0,
    })
  })

  it("shortens long string values, keeps their head and says how much is hidden", () => {
    const content = "word ".repeat(300) // 1,500 characters
    const { text, shortened } = diffText({ content, keep: "ok" })
    expect(shortened).toBe(1)
    const shown = JSON.parse(text) as { content: string; keep: string }
    expect(shown.keep).toBe("ok")
    expect(shown.content.startsWith(content.slice(0, DIFF_STRING_HEAD))).toBe(
      true
    )
    expect(shown.content).toContain(
      `⟨${(1500 - DIFF_STRING_HEAD).toLocaleString("en-US")} more characters · #${stringTag(content)}⟩`
    )
    expect(text.length).toBeLessThan(content.length)
  })

  it("never shows two different long strings the same, even with the same head and length", () => {
    const a = long("a", 1000) + "x"
    const b = long("a", 1000) + "y"
    expect(diffText(a).text).not.toBe(diffText(b).text)
    expect(diffText(a).text).toBe(diffText(a).text)
  })

  it("shortens nothing with limit Infinity (the exact text)", () => {
    const value = { content: long("z", 5000) }
    expect(diffText(value, Infinity)).toEqual({
      text: JSON.stringify(value, null, 2),
      shortened: 0,
    })
  })

  it("shortens the same string identically on both sides of a diff", () => {
    const shared = long("shared text ", 100)
    const before = diffText({ messages: [shared, long("old ", 200)] }).text
    const after = diffText({ messages: [shared, "[cleared]"] }).text
    const line = (t: string) => t.split("\n")[2]
    expect(line(before)).toBe(line(after))
    expect(before.split("\n")[3]).not.toBe(after.split("\n")[3])
  })
})

describe("shortenString", () => {
  it("does not split a surrogate pair at the cut", () => {
    const s = "a".repeat(DIFF_STRING_HEAD - 1) + "😀" + "b".repeat(600)
    const out = shortenString(s)
    expect(out.startsWith("a".repeat(DIFF_STRING_HEAD - 1) + "…")).toBe(true)
    expect(out).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/)
  })
})
