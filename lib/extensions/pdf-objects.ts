/**
 * The objects of a PDF file: every `N G obj … endobj` in file order (a later
 * revision of an object replaces the earlier one, as incremental updates
 * do), the objects packed in object streams, and their streams decoded
 * (FlateDecode by fflate; other filters are left undecoded). Dictionaries
 * are kept as text and read by the small helpers below: enough to walk the
 * page tree, fonts and content streams (pdf.ts), not a general PDF parser.
 */
import { inflateSync, unzlibSync } from "fflate"

/** One object: its dictionary (or value) as text, and its raw stream. */
export interface PdfObject {
  dict: string
  stream?: Uint8Array
}

export type Objects = Map<number, PdfObject>

/** Bytes as a string of one char per byte (regexes work on it). */
export function latin1(bytes: Uint8Array): string {
  let out = ""
  for (let i = 0; i < bytes.length; i += 8192)
    out += String.fromCharCode(...bytes.subarray(i, i + 8192))
  return out
}

/** A direct integer value of `/Key`, or null. */
export function intOf(dict: string, key: string): number | null {
  const m = new RegExp(`/${key}\\s+(-?\\d+)(?![\\d.]|\\s+\\d+\\s+R)`).exec(dict)
  return m ? Number(m[1]) : null
}

/** The object number `/Key N G R` points to, or null. */
export function refOf(dict: string, key: string): number | null {
  const m = new RegExp(`/${key}\\s+(\\d+)\\s+\\d+\\s+R`).exec(dict)
  return m ? Number(m[1]) : null
}

/** Every `N G R` reference in a piece of dictionary text. */
export const refsIn = (text: string): number[] =>
  [...text.matchAll(/(\d+)\s+\d+\s+R/g)].map((m) => Number(m[1]))

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
  const m = new RegExp(`/${key}(?![A-Za-z])\\s*`).exec(dict)
  if (!m) return null
  const at = m.index + m[0].length
  if (dict.startsWith("<<", at)) return balanced(dict, at, "<<", ">>")
  if (dict[at] === "[") return balanced(dict, at, "[", "]")
  const ref = /^(\d+)\s+\d+\s+R/.exec(dict.slice(at, at + 32))
  return ref ? (objects.get(Number(ref[1]))?.dict ?? null) : null
}

/** A stream's bytes after its filters, or null for a filter not decoded here. */
export function decodeStream(o: PdfObject): Uint8Array | null {
  if (!o.stream) return null
  const filter = /\/Filter\s*\[?\s*((?:\/\w+\s*)*)/.exec(o.dict)?.[1] ?? ""
  const names = filter.match(/\w+/g) ?? []
  let data = o.stream
  for (const name of names) {
    if (name !== "FlateDecode" && name !== "Fl") return null
    try {
      data = unzlibSync(data)
    } catch {
      try {
        data = inflateSync(data)
      } catch {
        return null
      }
    }
  }
  return data
}

/** The raw stream that starts after `stream` at `at`, and where it ends. */
function streamAt(
  bytes: Uint8Array,
  text: string,
  dict: string,
  at: number
): { data: Uint8Array; end: number } {
  let start = at + 6
  if (text[start] === "\r") start++
  if (text[start] === "\n") start++
  const length = intOf(dict, "Length")
  const byLength =
    length !== null && length >= 0 && start + length <= bytes.length
      ? text.indexOf("endstream", start + length)
      : -1
  const stop =
    byLength >= 0 && byLength - (start + length!) < 16
      ? start + length!
      : Math.max(start, text.indexOf("endstream", start))
  return { data: bytes.subarray(start, stop), end: stop }
}

/** The objects packed in an object stream (`/Type /ObjStm`). */
function unpackObjectStream(o: PdfObject, objects: Objects): void {
  const data = decodeStream(o)
  const n = intOf(o.dict, "N")
  const first = intOf(o.dict, "First")
  if (!data || n === null || first === null) return
  const text = latin1(data)
  const head = text.slice(0, first).trim().split(/\s+/).map(Number)
  for (let k = 0; k < n; k++) {
    const num = head[2 * k]
    const off = head[2 * k + 1]
    if (num === undefined || off === undefined) break
    const end =
      k + 1 < n ? (head[2 * k + 3] ?? text.length - first) : text.length - first
    if (!objects.has(num))
      objects.set(num, { dict: text.slice(first + off, first + end) })
  }
}

/** Every object of the file, object streams unpacked. */
export function readObjects(bytes: Uint8Array): Objects {
  const text = latin1(bytes)
  const objects: Objects = new Map()
  const head = /(\d+)\s+\d+\s+obj\b/g
  let m: RegExpExecArray | null
  while ((m = head.exec(text)) !== null) {
    const from = m.index + m[0].length
    const endobj = text.indexOf("endobj", from)
    const streamKw = text.indexOf("stream", from)
    const hasStream = streamKw >= 0 && (endobj < 0 || streamKw < endobj)
    if (hasStream) {
      const dict = text.slice(from, streamKw)
      const s = streamAt(bytes, text, dict, streamKw)
      objects.set(Number(m[1]), { dict, stream: s.data })
      head.lastIndex = Math.max(s.end, text.indexOf("endobj", s.end))
    } else {
      objects.set(Number(m[1]), {
        dict: text.slice(from, endobj < 0 ? text.length : endobj),
      })
      if (endobj < 0) break
      head.lastIndex = endobj
    }
  }
  for (const o of [...objects.values()])
    if (/\/Type\s*\/ObjStm/.test(o.dict)) unpackObjectStream(o, objects)
  return objects
}
