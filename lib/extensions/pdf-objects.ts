/**
 * The objects of a PDF file: every `N G obj … endobj` in file order (a later
 * revision of an object replaces the earlier one, as incremental updates
 * do), the objects packed in object streams, and their streams decoded
 * (FlateDecode by fflate, inflated within the budget; other filters are
 * left undecoded). Dictionaries are kept as text and read by the small
 * helpers below: enough to walk the page tree, fonts and content streams
 * (pdf.ts), not a general PDF parser. Every scan here is linear in the file
 * and every step is counted against the reading's budget (pdf-budget.ts).
 */
import { Inflate } from "fflate"

import { type PdfBudget, PDF_LIMITS, PdfTooCostly } from "./pdf-budget"

/** One object: its dictionary (or value) as text, and its raw stream. */
export interface PdfObject {
  dict: string
  stream?: Uint8Array
  /** The stream decoded, as text (set by streamText; null: not decodable). */
  text?: string | null
}

export type Objects = Map<number, PdfObject>

/** Bytes as a string of one char per byte (regexes work on it). */
export function latin1(bytes: Uint8Array): string {
  let out = ""
  for (let i = 0; i < bytes.length; i += 8192)
    out += String.fromCharCode(...bytes.subarray(i, i + 8192))
  return out
}

/**
 * The next place a word occurs at or after a position, for positions asked
 * in increasing order: each stretch of the text is searched once (an
 * `indexOf` per object would rescan the rest of the file for every object).
 */
export class NextWord {
  private from = Infinity
  private found = -1

  constructor(
    private readonly text: string,
    private readonly word: string
  ) {}

  at(from: number): number {
    if (from < this.from || (this.found !== -1 && this.found < from)) {
      this.from = from
      this.found = this.text.indexOf(this.word, from)
    }
    return this.found
  }
}

/** A PDF name as a regex (a name from a content stream may hold `*`, `+`…). */
const literal = (key: string) => key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** A direct integer value of `/Key`, or null. */
export function intOf(dict: string, key: string): number | null {
  const m = new RegExp(
    `/${literal(key)}\\s+(-?\\d{1,12})(?![\\d.]|\\s+\\d+\\s+R)`
  ).exec(dict)
  return m ? Number(m[1]) : null
}

/** The object number `/Key N G R` points to, or null. */
export function refOf(dict: string, key: string): number | null {
  const m = new RegExp(`/${literal(key)}\\s+(\\d{1,10})\\s+\\d{1,5}\\s+R`).exec(
    dict
  )
  return m ? Number(m[1]) : null
}

/** Every `N G R` reference in a piece of dictionary text. */
export const refsIn = (text: string): number[] =>
  [...text.matchAll(/(?<!\d)(\d{1,10})\s+\d{1,5}\s+R/g)].map((m) =>
    Number(m[1])
  )

/** The text between a balanced pair of delimiters that opens at `from`. */
function balanced(
  s: string,
  from: number,
  open: string,
  close: string
): string {
  let depth = 0
  for (let i = from; i < s.length; i++) {
    if (s.startsWith(open, i)) {
      depth++
      i += open.length - 1
    } else if (s.startsWith(close, i)) {
      depth--
      if (depth === 0) return s.slice(from + open.length, i)
      i += close.length - 1
    }
  }
  return s.slice(from + open.length)
}

/**
 * The value of `/Key` as dictionary or array text (an inline `<< … >>` or
 * `[ … ]`, or the dictionary of the object it references), or null.
 */
export function valueOf(
  dict: string,
  key: string,
  objects: Objects
): string | null {
  const m = new RegExp(`/${literal(key)}(?![A-Za-z])\\s*`).exec(dict)
  if (!m) return null
  const at = m.index + m[0].length
  if (dict.startsWith("<<", at)) return balanced(dict, at, "<<", ">>")
  if (dict[at] === "[") return balanced(dict, at, "[", "]")
  const ref = /^(\d{1,10})\s+\d{1,5}\s+R/.exec(dict.slice(at, at + 32))
  return ref ? (objects.get(Number(ref[1]))?.dict ?? null) : null
}

/** Input per push: its output is at most ≈1,000× larger (deflate's ratio). */
const INFLATE_CHUNK = 16 * 1024
/** Output past which a stream's ratio is checked. */
const RATIO_FROM = 2 * 1024 * 1024

/**
 * Raw DEFLATE (a zlib header skipped) inflated within the budget: pushed a
 * chunk at a time, so a bomb stops once the budget is spent, never after.
 * Data that breaks off or goes bad keeps what was inflated before it, as
 * PDF readers do; input after the end of the deflate stream is not read.
 */
function inflateCapped(data: Uint8Array, budget: PdfBudget): Uint8Array {
  const zlib =
    data.length > 2 &&
    (data[0]! & 0x0f) === 8 &&
    ((data[0]! << 8) | data[1]!) % 31 === 0
  const raw = zlib ? data.subarray(data[1]! & 0x20 ? 6 : 2) : data
  const chunks: Uint8Array[] = []
  let total = 0
  let quiet = 0
  let pushed = 0
  const inflater = new Inflate((chunk) => {
    budget.spend("inflatedBytes", chunk.length)
    quiet = chunk.length > 0 ? 0 : quiet + 1
    if (chunk.length > 0) chunks.push(chunk)
    total += chunk.length
    if (total > RATIO_FROM && total > PDF_LIMITS.inflateRatio * pushed)
      throw new PdfTooCostly("inflateRatio")
  })
  try {
    // Four pushes without output: the stream has ended (what follows is
    // padding or a checksum, which the inflater would keep buffering).
    for (let i = 0; i < raw.length && quiet < 4; i += INFLATE_CHUNK) {
      pushed = Math.min(raw.length, i + INFLATE_CHUNK)
      inflater.push(raw.subarray(i, pushed))
    }
  } catch (error) {
    if (error instanceof PdfTooCostly) throw error
  }
  const out = new Uint8Array(total)
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.length
  }
  return out
}

/** A stream's bytes after its filters, or null for a filter not decoded here. */
export function decodeStream(
  o: PdfObject,
  budget: PdfBudget
): Uint8Array | null {
  if (!o.stream) return null
  const filter = /\/Filter\s*\[?\s*((?:\/\w+\s*){0,8})/.exec(o.dict)?.[1] ?? ""
  const names = filter.match(/\w+/g) ?? []
  let data = o.stream
  for (const name of names) {
    if (name !== "FlateDecode" && name !== "Fl") return null
    data = inflateCapped(data, budget)
  }
  return data
}

/** A stream's decoded text, decoded once per reading; null if undecodable. */
export function streamText(o: PdfObject, budget: PdfBudget): string | null {
  if (o.text === undefined) {
    const data = decodeStream(o, budget)
    o.text = data ? latin1(data) : null
  }
  return o.text
}
