import { readFileSync } from "node:fs"

import { describe, expect, it } from "vitest"

import { simulate } from "@/lib/context-editing"

import { isValidInputSchema } from "./json-schema"
import { readPdf } from "./pdf"

// A two-page PDF built by hand: Letter page 1 (inherited MediaBox, an
// uncompressed content stream with Tj and TJ), a 200×100 pt page 2 whose
// content stream is FlateDecode-compressed.
const TWO_PAGES =
  "JVBERi0xLjQKMSAwIG9iago8PCAvVHlwZSAvQ2F0YWxvZyAvUGFnZXMgMiAwIFIgPj4KZW5kb2JqCjIgMCBvYmoKPDwgL1R5cGUgL1BhZ2VzIC9LaWRzIFszIDAgUiA0IDAgUl0gL0NvdW50IDIgL01lZGlhQm94IFswIDAgNjEyIDc5Ml0gL1Jlc291cmNlcyA8PCAvRm9udCA8PCAvRjEgNSAwIFIgPj4gPj4gPj4KZW5kb2JqCjMgMCBvYmoKPDwgL1R5cGUgL1BhZ2UgL1BhcmVudCAyIDAgUiAvQ29udGVudHMgNiAwIFIgPj4KZW5kb2JqCjQgMCBvYmoKPDwgL1R5cGUgL1BhZ2UgL1BhcmVudCAyIDAgUiAvTWVkaWFCb3ggWzAgMCAyMDAgMTAwXSAvQ29udGVudHMgNyAwIFIgPj4KZW5kb2JqCjUgMCBvYmoKPDwgL1R5cGUgL0ZvbnQgL1N1YnR5cGUgL1R5cGUxIC9CYXNlRm9udCAvSGVsdmV0aWNhID4+CmVuZG9iago2IDAgb2JqCjw8IC9MZW5ndGggODIgPj4Kc3RyZWFtCkJUIC9GMSAxMiBUZiA3MiA3MjAgVGQgKEhlbGxvIFBERiB3b3JsZC4pIFRqIDAgLTE0IFRkIFsoU2Vjb25kKSAtMzAwIChsaW5lKV0gVEogRVQKZW5kc3RyZWFtCmVuZG9iago3IDAgb2JqCjw8IC9MZW5ndGggNTEgL0ZpbHRlciAvRmxhdGVEZWNvZGUgPj4Kc3RyZWFtCniccwpR0HczVDA0UghJUzA3AiIDhZAUBY2AxPRUhZLyfIWS1IoSPU2FkCwF1xAA+xoL5gplbmRzdHJlYW0KZW5kb2JqCnRyYWlsZXIKPDwgL1Jvb3QgMSAwIFIgPj4KJSVFT0YK"

describe("readPdf (a page-tree reader)", () => {
  it("reads pages in order with their inherited or own size and their text", () => {
    expect(readPdf(TWO_PAGES)).toEqual([
      { width: 612, height: 792, text: "Hello PDF world.\nSecond line" },
      { width: 200, height: 100, text: "Page two text." },
    ])
  })

  it("agrees with an independent reader on a real 17-page document (pdfjs-dist: 17 pages, 33,702 characters)", () => {
    const path = "/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf"
    let data: string
    try {
      data = readFileSync(path).toString("base64")
    } catch {
      return // not on this machine: the hand-made PDF above still runs
    }
    const pages = readPdf(data)!
    expect(pages).toHaveLength(17)
    const chars = pages.reduce((n, p) => n + p.text.length, 0)
    expect(chars / 33_702).toBeGreaterThan(0.97)
    expect(chars / 33_702).toBeLessThan(1.03)
  })

  it("answers null for bytes that are not a PDF", () => {
    expect(readPdf(btoa("hello, not a pdf"))).toBeNull()
    expect(readPdf("%%%")).toBeNull()
  })
})

describe("a PDF in a request is counted from its pages", () => {
  const ask = (data: string) =>
    simulate({
      model: "claude-sonnet-4-5",
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
  it("≈1,600 tokens per Letter page image plus the page text", () => {
    const r = ask(TWO_PAGES)
    if (!r.ok) throw new Error(r.error.message)
    // Both pages render at a 1568-px long edge, over the ≈1,600 cap
    // (page 2, 2:1: 1568×784/750 = 1,639): ≈1,600 each, plus ≈20 of text.
    expect(r.original_input_tokens).toBeGreaterThan(3200)
    expect(r.original_input_tokens).toBeLessThan(3240)
  })
})

describe("input_schema against JSON Schema draft 2020-12", () => {
  it.each([
    [{ type: "object" }],
    [
      {
        type: "object",
        properties: { a: { type: ["string", "null"] } },
        required: ["a"],
      },
    ],
    [
      {
        type: "object",
        properties: { x: { $ref: "#/$defs/X" } },
        $defs: { X: { type: "number" } },
      },
    ],
  ])("takes %j", (schema) => expect(isValidInputSchema(schema)).toBe(true))

  it.each([
    [{ type: "object", properties: { x: "number" } }],
    [{ type: "objekt" }],
    [{ type: "object", required: "a" }],
    [{ type: "object", properties: { a: { type: "string", minLength: -1 } } }],
    [{ anyOf: [{ type: "object" }] }],
  ])("refuses %j", (schema) => expect(isValidInputSchema(schema)).toBe(false))

  it("a request with an invalid input_schema is the API's 400, at the tool", () => {
    const r = simulate({
      model: "claude-sonnet-4-5",
      tools: [
        { name: "ok", input_schema: { type: "object" } },
        {
          name: "coords",
          input_schema: { type: "object", properties: { x: "number" } },
        },
      ],
      messages: [{ role: "user", content: "Hi" }],
    })
    expect(r.ok ? null : r.error).toEqual({
      type: "invalid_request_error",
      message:
        "tools.1.custom.input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12 (https://json-schema.org/draft/2020-12). Learn more about tool use at https://platform.claude.com/docs/en/agents-and-tools/tool-use/overview.",
      path: ["tools", 1, "input_schema"],
    })
  })
})
