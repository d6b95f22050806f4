/**
 * PDFs counted from the document itself, as the API counts them (docs, PDF
 * support: each page is converted to an image and its text is extracted;
 * both are counted): the extracted text by the text estimate (so the BPE
 * refinement counts it too) plus one page image per page. The pages come
 * from the engine's PDF reader extension (lib/extensions), which the page
 * loads after the first paint; until then (or for bytes that are not a
 * readable PDF) a document counts DEFAULT_DOCUMENT_TOKENS.
 */
import { extensions, type PdfPage } from "@/lib/extensions/registry"

import { imageTokensFromSize } from "./image"
import { contentKey, rawTextTokens } from "./text"

/**
 * A page is rendered with its long edge at the vision limit (1568 px), then
 * counted like any image (≈1,600 for a Letter or A4 page). OBS: a scanned
 * 1-page PDF counts 1,592 on Haiku 4.5 and 1,600 on a 5.5 model; a page of
 * text 2,115 = its text pasted alone (503) + ≈1,600 (public measurements,
 * docs/tokens.md).
 */
export function pageImageTokens(
  page: Pick<PdfPage, "width" | "height">
): number {
  const scale = 1568 / Math.max(page.width, page.height, 1)
  return imageTokensFromSize(page.width * scale, page.height * scale)
}

const CACHE_SIZE = 8
const cache = new Map<string, PdfPage[] | null>()

/** The pages of a base64 PDF (memoised: a request is counted many times). */
export function pdfPages(data: string): PdfPage[] | null {
  const read = extensions.readPdf
  if (!read) return null
  const key = contentKey(data)
  if (cache.has(key)) return cache.get(key)!
  const pages = read(data)
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!)
  cache.set(key, pages)
  return pages
}

/** The text and the page-image tokens of a base64 PDF, or null if unread. */
export function pdfParts(
  data: string
): { text: string; images: number } | null {
  const pages = pdfPages(data)
  if (!pages) return null
  let images = 0
  for (const p of pages) images += pageImageTokens(p)
  return { text: pages.map((p) => p.text).join("\n\n"), images }
}

/**
 * Characters of a replayed search result's `encrypted_content` per token.
 * The API counts the page the model saw, which the client cannot read: OBS
 * chatlas web-search cassette (Haiku 4.5), ten replayed results of 42,288
 * characters in all raised the count by 15,409 tokens beyond the request's
 * other text: ≈2.85 characters per token (docs/tokens.md).
 */
export const ENCRYPTED_CHARS_PER_TOKEN = 2.85

/** Raw tokens of one web search result replayed in a later request. */
export function searchResultTokens(block: Record<string, unknown>): number {
  const s = (v: unknown) => (typeof v === "string" ? v : "")
  return (
    rawTextTokens(s(block.title)) +
    rawTextTokens(s(block.url), true) +
    rawTextTokens(s(block.page_age)) +
    4 +
    s(block.encrypted_content).length / ENCRYPTED_CHARS_PER_TOKEN
  )
}
