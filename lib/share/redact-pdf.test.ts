/**
 * A redacted PDF is a new PDF with the original's pages (their sizes and
 * their text's counted tokens), read back by the engine's own PDF reader,
 * and none of the original's words. The PDF is a recorded one (chatlas's
 * one-page text PDF, test/real).
 */
import { describe, expect, it } from "vitest"

import { readPdf } from "@/lib/extensions/pdf"
import { claudeBpe } from "@/lib/tokens/claude-bpe"
import { loadArtifacts } from "@/test/real/load"

import { redactState } from "./redact"

type Doc = { type: string; source: { type: string; data: string } }
type Req = { messages: { content: Doc[] }[] }

const artifact = loadArtifacts().find(
  (a) => a.slug === "chatlas-pdf-apples-haiku-4-5-1"
)!
const pdfOf = (request: unknown) =>
  (request as Req).messages[0]!.content.find((b) => b.type === "document")!
    .source.data

describe("a redacted PDF", () => {
  const before = readPdf(pdfOf(artifact.request))!
  const redacted = redactState({ request: artifact.request }).request
  const after = readPdf(pdfOf(redacted))!

  it("has the same pages, of the same sizes", () => {
    expect(before.length).toBe(1)
    expect(after.map((p) => [p.width, p.height])).toEqual(
      before.map((p) => [Math.round(p.width), Math.round(p.height)])
    )
  })

  it("shows none of the original's bytes", () => {
    expect(pdfOf(redacted)).not.toBe(pdfOf(artifact.request))
    expect(atob(pdfOf(redacted))).not.toMatch(/Helvetica ?Neue|apples/i)
  })
})

/** A hand-written two-page PDF (A4 and Letter) with a line of text on each. */
function twoPagePdf(): string {
  const page = (size: string, content: number) =>
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${size}] /Contents ${content} 0 R >>`
  const stream = (text: string) => {
    const body = `BT /F1 12 Tf 72 700 Td (${text}) Tj ET`
    return `<< /Length ${body.length} >>\nstream\n${body}\nendstream`
  }
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
    page("595 842", 5),
    page("612 792", 6),
    stream("Quarterly apples report for the Falcon orchard, strictly private."),
    stream("Harvest 2026: 4,812 crates; margin 17.5 % above plan."),
  ]
  const pdf =
    "%PDF-1.4\n" +
    objects.map((o, i) => `${i + 1} 0 obj\n${o}\nendobj\n`).join("") +
    "trailer\n<< /Root 1 0 R >>\n%%EOF\n"
  return btoa(pdf)
}

describe("a redacted PDF with text", () => {
  const data = twoPagePdf()
  const request = {
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
          { type: "text", text: "Summarise." },
        ],
      },
    ],
  }
  const before = readPdf(data)!
  const after = readPdf(pdfOf(redactState({ request }).request))!

  it("keeps each page's size and its text's counted tokens, and no word of it", () => {
    const bpe = claudeBpe()
    expect(before.map((p) => p.text)).toEqual([
      "Quarterly apples report for the Falcon orchard, strictly private.",
      "Harvest 2026: 4,812 crates; margin 17.5 % above plan.",
    ])
    expect(after.map((p) => [p.width, p.height])).toEqual([
      [595, 842],
      [612, 792],
    ])
    after.forEach((p, i) => {
      expect(bpe.count(p.text)).toBe(bpe.count(before[i]!.text))
      expect(p.text).not.toMatch(/apples|Falcon|orchard|crates|4,812/)
    })
  })
})
