/**
 * A PDF file's bytes → its objects (pdf-objects.ts says what an object is
 * here). One pass over the file: each `obj` keyword is found once, the
 * object number is read from the few characters before it, and the next
 * `stream`, `endstream` and `endobj` are found by searches that never go
 * back over text already searched (NextWord), so a file of digit runs or of
 * many small objects is read in linear time.
 */
import type { PdfBudget } from "./pdf-budget"
import {
  intOf,
  latin1,
  NextWord,
  type Objects,
  type PdfObject,
  streamText,
} from "./pdf-objects"

const isSpace = (c: number) =>
  c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 0
const isDigit = (c: number) => c >= 48 && c <= 57

/** Where a run of `test` characters that ends at `end` starts (at most `max` back). */
function runStart(
  text: string,
  end: number,
  max: number,
  test: (c: number) => boolean
): number {
  let at = end
  while (at > 0 && end - at < max && test(text.charCodeAt(at - 1))) at--
  return at
}

/**
 * The object number of `N G obj` whose keyword starts at `at`, or null:
 * read backwards over a few characters, never over a digit run.
 */
function objectNumberBefore(text: string, at: number): number | null {
  const genEnd = runStart(text, at, 64, isSpace)
  const genStart = runStart(text, genEnd, 6, isDigit)
  const numEnd = runStart(text, genStart, 64, isSpace)
  const numStart = runStart(text, numEnd, 11, isDigit)
  const ok =
    genEnd < at &&
    genStart < genEnd &&
    genEnd - genStart <= 5 &&
    numEnd < genStart &&
    numStart < numEnd &&
    numEnd - numStart <= 10 &&
    !/[\d.+-]/.test(text[numStart - 1] ?? "")
  return ok ? Number(text.slice(numStart, numEnd)) : null
}

interface Finders {
  stream: NextWord
  endstream: NextWord
  endobj: NextWord
}

/** The raw stream that starts after `stream` at `at`, and where it ends. */
function streamAt(
  bytes: Uint8Array,
  text: string,
  dict: string,
  at: number,
  find: Finders
): { data: Uint8Array; end: number } {
  let start = at + 6
  if (text[start] === "\r") start++
  if (text[start] === "\n") start++
  const length = intOf(dict, "Length")
  // The stated length, when `endstream` follows within a few bytes of it.
  const stated =
    length !== null &&
    length >= 0 &&
    start + length <= bytes.length &&
    text.slice(start + length, start + length + 32).includes("endstream")
  const end = stated
    ? start + length
    : Math.max(start, find.endstream.at(start))
  return { data: bytes.subarray(start, end), end }
}

/** The objects packed in an object stream (`/Type /ObjStm`). */
function unpackObjectStream(
  o: PdfObject,
  objects: Objects,
  budget: PdfBudget
): void {
  const text = streamText(o, budget)
  const n = intOf(o.dict, "N")
  const first = intOf(o.dict, "First")
  if (text === null || n === null || first === null || first < 0) return
  const head = text.slice(0, first).trim().split(/\s+/).map(Number)
  const count = Math.min(n, head.length >> 1)
  for (let k = 0; k < count; k++) {
    const num = head[2 * k]!
    const off = head[2 * k + 1]!
    const end = k + 1 < count ? head[2 * k + 3]! : text.length - first
    budget.spend("objects")
    if (!objects.has(num))
      objects.set(num, { dict: text.slice(first + off, first + end) })
  }
}

/** The object whose `obj` keyword ends at `from`; where reading goes on. */
function readObjectAt(
  bytes: Uint8Array,
  text: string,
  from: number,
  find: Finders
): { object: PdfObject; next: number } {
  const endobj = find.endobj.at(from)
  const streamKw = find.stream.at(from)
  if (streamKw >= 0 && (endobj < 0 || streamKw < endobj)) {
    const dict = text.slice(from, streamKw)
    const s = streamAt(bytes, text, dict, streamKw, find)
    const after = find.endobj.at(s.end)
    return {
      object: { dict, stream: s.data },
      next: Math.max(s.end, after),
    }
  }
  return {
    object: { dict: text.slice(from, endobj < 0 ? text.length : endobj) },
    next: endobj < 0 ? text.length : endobj,
  }
}

/** Every object of the file, object streams unpacked. */
export function readObjects(bytes: Uint8Array, budget: PdfBudget): Objects {
  const text = latin1(bytes)
  const objects: Objects = new Map()
  const find: Finders = {
    stream: new NextWord(text, "stream"),
    endstream: new NextWord(text, "endstream"),
    endobj: new NextWord(text, "endobj"),
  }
  const keyword = /(?<![A-Za-z])obj(?![A-Za-z])/g
  let m: RegExpExecArray | null
  while ((m = keyword.exec(text)) !== null) {
    const num = objectNumberBefore(text, m.index)
    if (num === null) continue
    budget.spend("objects")
    const read = readObjectAt(bytes, text, m.index + 3, find)
    objects.set(num, read.object)
    keyword.lastIndex = Math.max(keyword.lastIndex, read.next)
  }
  for (const o of [...objects.values()])
    if (/\/Type\s*\/ObjStm/.test(o.dict)) unpackObjectStream(o, objects, budget)
  return objects
}
