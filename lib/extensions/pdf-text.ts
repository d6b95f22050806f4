/**
 * The text a PDF page shows: its content stream's text operators (Tj, TJ,
 * ', ") decoded through each font's ToUnicode map where it has one (else
 * byte by byte), with spaces and line breaks where positioning operators
 * and TJ gaps put them, and the text of form XObjects it draws. What the
 * API extracts as the page's text is counted from this (pdf.ts).
 *
 * The content is read by one forward scan (pdf-lexer.ts), every token and
 * character counted against the reading's budget; an operator with operands
 * of the wrong kind (`(x) TJ`, `5 TJ`) shows nothing, as in a PDF viewer.
 * A form drawn inside itself is skipped, and a form's text is read once per
 * font it starts with: drawing it again appends that text.
 */
import { type PdfBudget, PDF_LIMITS, PdfTooCostly } from "./pdf-budget"
import {
  EMPTY_TWO_BYTE,
  type FontMap,
  isEmpty,
  lookUp,
  parseCMap,
} from "./pdf-cmap"
import { nextToken, type Operand } from "./pdf-lexer"
import { type Objects, refOf, streamText, valueOf } from "./pdf-objects"

/** What one reading of a document keeps between pages. */
export interface Reading {
  objects: Objects
  budget: PdfBudget
  /** Font maps by font object number (null: shown byte by byte). */
  fonts: Map<number, FontMap | null>
  /** Form text by form object number, then by the font it starts with. */
  forms: Map<number, Map<FontMap | null | undefined, FormText>>
  /** namedRefs' answers, by resources dictionary and key. */
  named: Map<string, Map<string, Map<string, number>>>
  /** The content limit reached: later pages are not read. */
  spent?: PdfTooCostly
}

/** Where one content stream's text is gathered. */
interface Page {
  reading: Reading
  out: string[]
  /** Forms being drawn (a form drawn inside itself is skipped). */
  drawing: number[]
  /** A line break was asked for before any text (a form's first line). */
  breaksFirst?: boolean
}

/** A form's text, and whether it starts a new line where it is drawn. */
interface FormText {
  text: string
  breaksFirst: boolean
}

/** The map of the font object `num` (read once per reading). */
function fontMap(num: number, reading: Reading): FontMap | null {
  const known = reading.fonts.get(num)
  if (known !== undefined) return known
  const font = reading.objects.get(num)?.dict ?? ""
  const cmapRef = refOf(font, "ToUnicode")
  const cmap = cmapRef === null ? undefined : reading.objects.get(cmapRef)
  const text = cmap ? streamText(cmap, reading.budget) : null
  const type0 = /\/Subtype\s*\/Type0/.test(font)
  const map = text
    ? parseCMap(text, reading.budget)
    : type0
      ? EMPTY_TWO_BYTE
      : null
  reading.fonts.set(num, map)
  return map
}

/**
 * The objects a resources dictionary names under `key` (`Font`, `XObject`),
 * by name: read once per dictionary and key (600 pages may share one, and
 * a form may be drawn 100,000 times).
 */
function namedRefs(
  resources: string | null,
  key: "Font" | "XObject",
  reading: Reading
): Map<string, number> {
  if (!resources) return new Map()
  // Keyed by the dictionary's own string (its hash is computed once).
  const byKey = reading.named.get(resources) ?? new Map()
  reading.named.set(resources, byKey)
  const known = byKey.get(key)
  if (known) return known
  const refs = new Map<string, number>()
  const dict = valueOf(resources, key, reading.objects)
  for (const m of (dict ?? "").matchAll(
    /\/([^\s/<>[\]()]+)\s+(\d{1,10})\s+\d{1,5}\s+R/g
  ))
    refs.set(m[1]!, Number(m[2]))
  byKey.set(key, refs)
  return refs
}

/** The fonts of a resources dictionary, by resource name. */
function fontsOf(
  resources: string | null,
  reading: Reading
): Map<string, FontMap | null> {
  const fonts = new Map<string, FontMap | null>()
  for (const [name, num] of namedRefs(resources, "Font", reading))
    fonts.set(name, fontMap(num, reading))
  return fonts
}

/** Decodes a shown string's bytes through the font (Latin-1 without a map). */
function decodeShown(bytes: string, font: FontMap | null | undefined): string {
  if (!font) return bytes
  const none = isEmpty(font) ? "" : "?"
  let out = ""
  for (let i = 0; i + font.bytes <= bytes.length; i += font.bytes) {
    let code = 0
    for (let k = 0; k < font.bytes; k++)
      code = code * 256 + bytes.charCodeAt(i + k)
    out += lookUp(font, code) ?? none
  }
  return out
}

function emit(page: Page, text: string): void {
  page.reading.budget.spend("textChars", text.length)
  page.out.push(text)
}

const newline = (page: Page) => {
  const last = page.out.at(-1)
  if (last === undefined) page.breaksFirst = true
  else if (!/\s$/.test(last)) emit(page, "\n")
}

/** The text a TJ array shows: its strings, a space for a wide gap. */
function showArray(
  page: Page,
  parts: Operand,
  font: FontMap | null | undefined
) {
  // A string alone shows as with Tj (as pdf.js does); a number, nothing.
  if (typeof parts === "string") emit(page, decodeShown(parts, font))
  if (!Array.isArray(parts)) return
  for (const part of parts)
    if (typeof part === "string") emit(page, decodeShown(part, font))
    else if (typeof part === "number" && part < -200) emit(page, " ")
}

/**
 * Reads one content stream's text into page.out; returns the font in use
 * at its end. `font` is the font in use when it starts (a form inherits it).
 */
function readContent(
  content: string,
  resources: string | null,
  page: Page,
  font: FontMap | null | undefined
): FontMap | null | undefined {
  const { budget } = page.reading
  const fonts = fontsOf(resources, page.reading)
  const operands: Operand[] = []
  for (let at = 0; ;) {
    const token = nextToken(content, at, operands)
    if (!token) return font
    at = token.end
    budget.spend("contentTokens")
    const op = token.operator
    if (op === undefined) continue
    const last = operands.at(-1)
    if (op === "Tf") {
      const name = operands.at(-2)
      font =
        typeof name === "object" && "name" in name ? fonts.get(name.name) : font
    } else if (op === "Tj" || op === "'" || op === '"') {
      if (op !== "Tj") newline(page)
      if (typeof last === "string") emit(page, decodeShown(last, font))
    } else if (op === "TJ") showArray(page, last ?? [], font)
    else if (op === "Td" || op === "TD" || op === "T*" || op === "ET")
      newline(page)
    else if (op === "Do" && typeof last === "object" && "name" in last)
      drawForm(last.name, resources, page, font)
    else if (op === "ID") {
      // An inline image's bytes, up to `EI`.
      const ei = content.indexOf("EI", at)
      at = ei < 0 ? content.length : ei + 2
    }
    operands.length = 0
  }
}

/** The text of a form XObject drawn with `Do` (read once per start font). */
function drawForm(
  name: string,
  resources: string | null,
  page: Page,
  font: FontMap | null | undefined
): void {
  const { reading } = page
  reading.budget.spend("formDraws")
  const ref = namedRefs(resources, "XObject", reading).get(name) ?? null
  const xobject = ref === null ? undefined : reading.objects.get(ref)
  if (ref === null || !xobject || !/\/Subtype\s*\/Form/.test(xobject.dict))
    return
  if (page.drawing.includes(ref) || page.drawing.length >= PDF_LIMITS.formDepth)
    return
  const byFont = reading.forms.get(ref) ?? new Map()
  reading.forms.set(ref, byFont)
  let form = byFont.get(font)
  if (form === undefined) {
    const content = streamText(xobject, reading.budget)
    const own = valueOf(xobject.dict, "Resources", reading.objects) ?? resources
    const inner: Page = { reading, out: [], drawing: [...page.drawing, ref] }
    if (content !== null) readContent(content, own, inner, font)
    form = { text: inner.out.join(""), breaksFirst: inner.breaksFirst === true }
    byFont.set(font, form)
  }
  if (form.breaksFirst) newline(page)
  emit(page, form.text)
}

/**
 * The text of one page's content streams; past a content limit, the text
 * read until then (and nothing for the pages after it).
 */
export function pageText(
  contents: () => string[],
  resources: string | null,
  reading: Reading
): string {
  const page: Page = { reading, out: [], drawing: [] }
  let font: FontMap | null | undefined
  try {
    if (!reading.spent)
      for (const content of contents())
        font = readContent(content, resources, page, font)
  } catch (error) {
    if (!(error instanceof PdfTooCostly)) throw error
    reading.spent = error
  }
  return page.out
    .join("")
    .replace(/[ \t]+/g, " ")
    .trim()
}
