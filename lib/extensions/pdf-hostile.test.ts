import { describe, expect, it } from "vitest"

import { simulate } from "@/lib/context-editing"

import { buildPdf, HOSTILE_PDFS, onePage, toBase64 } from "./hostile-pdfs"
import { readPdf } from "./pdf"
import { PDF_LIMITS } from "./pdf-budget"

// Each hostile PDF of the untrusted-input issue, as a small generated file:
// the reader answers (pages, or "unread"), and `simulate` gives a count,
// never an error. A hang fails by the test's time-out; nothing here times.

const ask = (data: string) =>
  simulate({
    model: "claude-sonnet-4-5",
    max_tokens: 100,
    messages: [
      {
        role: "user",
        content: [
          {
            type: "document",
            source: { type: "base64", media_type: "application/pdf", data },
          },
          { type: "text", text: "Summarize." },
        ],
      },
    ],
  })

const tokens = (data: string): number => {
  const r = ask(data)
  if (!r.ok) throw new Error(r.error.message)
  return r.original_input_tokens
}

/** What the engine counts for a document it cannot read (its documented default). */
const UNREAD = tokens(btoa("%PDF-1.4 nothing in it"))

const hostile = (name: string) => HOSTILE_PDFS.find((p) => p.name === name)!

/** The page text, or "unread". */
function pagesOf(name: string): string[] | "unread" {
  const pages = readPdf(hostile(name).make())
  return pages ? pages.map((p) => p.text) : "unread"
}

describe("hostile PDFs: each is read within its limits", () => {
  it("a form that draws itself 1,000 times shows its text once", () => {
    expect(pagesOf("form fan-out")).toEqual(["x"])
  })

  it("three forms drawing each other 1,000 times: the page, without the billion x's", () => {
    const pages = pagesOf("form fan-out chain")
    expect(pages).toHaveLength(1)
    expect(pages[0]!.length).toBeLessThanOrEqual(PDF_LIMITS.textChars)
  })

  it("a doubly deflated gigabyte: the page, its content not inflated past the limit", () => {
    expect(pagesOf("doubly deflated bomb")).toEqual([""])
  })

  it.each([
    ["whitespace runs", ["a"]],
    ["digit runs", ["a"]],
    ["many objects", ["a"]],
    ["(x) TJ", ["x"]],
    ["5 TJ", [""]],
  ])("%s", (name, text) => {
    expect(pagesOf(name)).toEqual(text)
  })

  it("a font map of 256 full ranges is looked up, not expanded: codes 0 and 1 show A and B", () => {
    expect(pagesOf("ToUnicode maps")).toEqual(["AB"])
  })

  it("600 pages sharing one stream and one big font map: every page read", () => {
    const pages = pagesOf("600 pages sharing a stream")
    expect(pages).toHaveLength(600)
    expect(new Set(pages)).toEqual(new Set(["AB"]))
  })

  it("600 pages under one megabyte of resources, each drawing a form 100 times: every page read", () => {
    const pages = pagesOf("600 pages sharing a megabyte of resources")
    expect(pages).toHaveLength(600)
    expect(new Set(pages)).toEqual(new Set([Array(100).fill("x").join("\n")]))
  })

  it("a font map past U+10FFFF shows characters, it does not throw", () => {
    expect(pagesOf("code point past U+10FFFF")).toHaveLength(1)
  })

  it("a page tree 10,000 deep is unread (deeper than the limit), not a stack overflow", () => {
    expect(pagesOf("10k-deep page tree")).toBe("unread")
  })
})

describe("hostile PDFs in a request: a count, never an error", () => {
  it.each(HOSTILE_PDFS.map((p) => [p.name, p] as const))("%s", (_, p) => {
    const r = ask(p.make())
    expect(r.ok ? null : r.error.message).toBeNull()
  })

  it("the unread ones count as an unread document", () => {
    expect(tokens(hostile("10k-deep page tree").make())).toBe(UNREAD)
  })

  it("600 pages count 600 page images", () => {
    const one = tokens(toBase64(buildPdf(onePage("BT /F1 12 Tf (AB) Tj ET"))))
    const many = tokens(hostile("600 pages sharing a stream").make())
    // The one-page request's text part (≈20 tokens) is counted once in both.
    expect(many).toBeGreaterThan(600 * (one - 30))
  })
})

describe("limits that legitimate documents stay within", () => {
  it("100 pages of dense text are read whole", () => {
    const words = `${"lorem ipsum dolor ".repeat(5)}end`
    const content = `BT /F1 10 Tf 72 700 Td (${words}) Tj ET\n`.repeat(60)
    const kids = Array.from({ length: 100 }, (_, i) => `${i + 5} 0 R`)
    const pdf = buildPdf([
      { dict: "<< /Type /Catalog /Pages 2 0 R >>" },
      {
        dict: `<< /Type /Pages /Kids [${kids.join(" ")}] /Count 100 /Resources << /Font << /F1 4 0 R >> >> >>`,
      },
      { dict: "", stream: content },
      { dict: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>" },
      ...kids.map(() => ({
        dict: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R >>",
      })),
    ])
    const pages = readPdf(toBase64(pdf))!
    expect(pages).toHaveLength(100)
    // 60 lines of 93 characters, one line break between each two.
    expect(pages.map((p) => p.text.length)).toEqual(
      Array(100).fill(60 * 93 + 59)
    )
  })
})
