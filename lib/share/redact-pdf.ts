/**
 * A redacted base64 PDF keeps what the engine counts of it (docs/tokens.md,
 * "Documents"): its pages, each page's size (its page image) and each
 * page's text, filled with same-count filler. Nothing else of the original
 * survives: the data becomes a new, minimal PDF whose pages show the filled
 * text (one string per page, Helvetica). A PDF the reader cannot read stays
 * a same-length filler, counted like the original (a default size).
 */
import { pdfPages } from "@/lib/extensions/pdf-count"

/** A PDF literal string's body: escapes, and Latin-1 only (no font map). */
const literal = (text: string): string =>
  text
    .replace(/[^\x00-\xff]/gu, "?")
    .replace(/[\\()]/g, (c) => "\\" + c)
    .replace(/\n/g, "\\n")
    .replace(/\r/g, "\\r")

/** The objects of a PDF with these pages, in order (object n is [n - 1]). */
function pdfObjects(pages: { width: number; height: number; text: string }[]) {
  const kids = pages.map((_, i) => `${4 + 2 * i} 0 R`).join(" ")
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ]
  pages.forEach((p, i) => {
    const w = Math.round(p.width)
    const h = Math.round(p.height)
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] ` +
        `/Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * i} 0 R >>`
    )
    const content = `BT /F1 10 Tf 36 ${h - 36} Td (${literal(p.text)}) Tj ET`
    objects.push(
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`
    )
  })
  return objects
}

/** A PDF file (Latin-1 text) holding `objects`, with its xref table. */
function pdfFile(objects: string[]): string {
  let out = "%PDF-1.4\n"
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\n`
  return out + `startxref\n${xref}\n%%EOF\n`
}

/**
 * A base64 PDF with the same pages and sizes showing `fill`'s text of each
 * page, or null when the reader cannot read the original.
 */
export function redactPdfData(
  data: string,
  fill: (text: string) => string
): string | null {
  const pages = pdfPages(data)
  if (!pages) return null
  const filled = pages.map((p) => ({ ...p, text: fill(p.text) }))
  return btoa(pdfFile(pdfObjects(filled)))
}
