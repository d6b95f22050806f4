/**
 * A font's ToUnicode CMap (its `bfchar` and `bfrange` sections): which text
 * each character code shows. Ranges are kept as ranges and looked up by
 * binary search, never expanded (256 ranges of 65,536 codes would be 16.7M
 * entries); each entry is counted against the reading's budget, and the
 * sections are found by one forward scan.
 */
import type { PdfBudget } from "./pdf-budget"

/** A run of codes `lo…hi` showing `text` with its last unit counted up. */
interface Range {
  lo: number
  hi: number
  text: string
}

/** A font's code → text map, and its code length in bytes (1–4). */
export interface FontMap {
  bytes: number
  chars: Map<number, string>
  /** Sorted by `lo`. */
  ranges: Range[]
}

/** A font without a map: 2-byte codes (Type0), each shown as nothing. */
export const EMPTY_TWO_BYTE: FontMap = {
  bytes: 2,
  chars: new Map(),
  ranges: [],
}

const hexBytes = (h: string): number =>
  Math.min(4, Math.max(1, Math.ceil(h.length / 2)))

/** UTF-16BE hex → text (lone hex of 1–3 digits: one code unit). */
function utf16(h: string): string {
  let s = ""
  for (let i = 0; i + 4 <= h.length; i += 4)
    s += String.fromCharCode(parseInt(h.slice(i, i + 4), 16))
  return s || String.fromCharCode(parseInt(h || "0", 16) & 0xffff)
}

/** The bodies of every `begin<name> … end<name>` section, in order. */
function sections(text: string, name: string): string[] {
  const out: string[] = []
  const open = `begin${name}`
  const close = `end${name}`
  for (let at = text.indexOf(open); at >= 0;) {
    const start = at + open.length
    const end = text.indexOf(close, start)
    out.push(text.slice(start, end < 0 ? text.length : end))
    if (end < 0) break
    at = text.indexOf(open, end + close.length)
  }
  return out
}

const CHAR = /<([0-9A-Fa-f]{1,8})>\s*<([0-9A-Fa-f]{0,512})>/g
const RANGE =
  /<([0-9A-Fa-f]{1,8})>\s*<([0-9A-Fa-f]{1,8})>\s*(<[0-9A-Fa-f]{0,512}>|\[[^\][]*\])/g

/** Parses a ToUnicode CMap; each entry is spent from `budget`. */
export function parseCMap(text: string, budget: PdfBudget): FontMap {
  const space =
    /<([0-9A-Fa-f]{1,8})>\s*<[0-9A-Fa-f]{1,8}>\s*endcodespacerange/.exec(text)
  let bytes = space ? hexBytes(space[1]!) : 1
  const chars = new Map<number, string>()
  const ranges: Range[] = []
  for (const body of sections(text, "bfchar"))
    for (const m of body.matchAll(CHAR)) {
      budget.spend("fontMapEntries")
      chars.set(parseInt(m[1]!, 16), utf16(m[2]!))
      bytes = Math.max(bytes, hexBytes(m[1]!))
    }
  for (const body of sections(text, "bfrange"))
    for (const m of body.matchAll(RANGE)) {
      budget.spend("fontMapEntries")
      const lo = parseInt(m[1]!, 16)
      const hi = Math.min(parseInt(m[2]!, 16), lo + 65535)
      const dst = m[3]!
      if (!dst.startsWith("[")) {
        ranges.push({ lo, hi, text: utf16(dst.slice(1, -1)) })
        continue
      }
      const list = [...dst.matchAll(/<([0-9A-Fa-f]{0,512})>/g)]
      budget.spend("fontMapEntries", list.length)
      for (let c = lo; c <= hi && c - lo < list.length; c++)
        chars.set(c, utf16(list[c - lo]![1]!))
    }
  ranges.sort((a, b) => a.lo - b.lo)
  return { bytes, chars, ranges }
}

/** The text a code shows through `font`, or undefined where it maps none. */
export function lookUp(font: FontMap, code: number): string | undefined {
  const char = font.chars.get(code)
  if (char !== undefined) return char
  const { ranges } = font
  let lo = 0
  let hi = ranges.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (ranges[mid]!.lo <= code) lo = mid + 1
    else hi = mid - 1
  }
  const r = ranges[hi]
  if (!r || code > r.hi) return undefined
  const last = r.text.charCodeAt(r.text.length - 1) + (code - r.lo)
  return r.text.slice(0, -1) + String.fromCharCode(last & 0xffff)
}

/** Whether the map has any entry (a font with an empty map shows nothing). */
export const isEmpty = (font: FontMap): boolean =>
  font.chars.size === 0 && font.ranges.length === 0
