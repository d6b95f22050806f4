/**
 * A base64 PDF counted as the API counts it (docs, PDF support: each page is
 * converted to an image and its text is extracted; both are counted): the
 * pages' text, for the text estimate (so the BPE refinement counts it too),
 * and one page image per page. Part of the PDF extension (./pdf.ts reads the
 * pages): the engine asks for it through the registry and counts an unread
 * document as DEFAULT_DOCUMENT_TOKENS until it is installed.
 */
import { imageTokensFromSize } from "@/lib/tokens/image"
import { contentKey } from "@/lib/tokens/text"

import { readPdf } from "./pdf"
import type { PdfPage } from "./registry"

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
  const key = contentKey(data)
  if (cache.has(key)) return cache.get(key)!
  const pages = readPdf(data)
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
