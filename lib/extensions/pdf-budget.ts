/**
 * What reading one PDF may cost (docs/semantics.md#pdf-limits): a PDF is
 * untrusted input (a link or a log carries it), and a few hundred bytes can
 * ask for gigabytes or billions of steps. Every limit counts work done, not
 * time, so the same file always gives the same answer. Past a limit of the
 * file's structure (objects, the page tree, object streams) the file is not
 * read, and the engine counts it as an unread document; past a limit of the
 * pages' content, the pages are kept with the text read until then.
 */

export const PDF_LIMITS = {
  /** Bytes all of the file's streams may inflate to, together. */
  inflatedBytes: 32 * 1024 * 1024,
  /**
   * How many times its own size a stream may inflate to, once past 2 MB
   * (text and drawing commands deflate 3–20×; a bomb ≈1,000×).
   */
  inflateRatio: 500,
  /** Objects in the file (object streams' objects included). */
  objects: 250_000,
  /** Content-stream tokens read, on every page and in every form drawn. */
  contentTokens: 2_000_000,
  /** Characters of extracted text (100 dense pages hold ≈500,000). */
  textChars: 1_000_000,
  /** Forms drawn (`Do`), counting every draw of the same form. */
  formDraws: 100_000,
  /** Forms drawn inside forms (deeper ones are not read). */
  formDepth: 8,
  /** Page-tree levels above a page. */
  treeDepth: 64,
  /** Font-map entries (a `bfchar` code, a `bfrange`, a range array's item). */
  fontMapEntries: 1_000_000,
  /** Pages read (the API takes at most 100 or 600 pages, by model). */
  pages: 600,
} as const

export type PdfLimit = keyof typeof PDF_LIMITS

/** Thrown when a limit is reached; readPdf turns it into "not read". */
export class PdfTooCostly extends Error {
  constructor(readonly limit: PdfLimit) {
    super(`PDF not read: past its limit of ${PDF_LIMITS[limit]} (${limit})`)
    this.name = "PdfTooCostly"
  }
}

/** The work one reading has done so far, checked against PDF_LIMITS. */
export class PdfBudget {
  private readonly used = new Map<PdfLimit, number>()

  /** Adds `n` to what `limit` counts; throws past the limit. */
  spend(limit: PdfLimit, n = 1): void {
    const used = (this.used.get(limit) ?? 0) + n
    this.used.set(limit, used)
    if (used > PDF_LIMITS[limit]) throw new PdfTooCostly(limit)
  }

  /** Throws when a depth (form nesting, page-tree level) is past its limit. */
  depth(limit: "formDepth" | "treeDepth", depth: number): void {
    if (depth > PDF_LIMITS[limit]) throw new PdfTooCostly(limit)
  }

  /** What may still be spent on `limit`. */
  left(limit: PdfLimit): number {
    return PDF_LIMITS[limit] - (this.used.get(limit) ?? 0)
  }
}
