/**
 * The text a PDF page shows: its content stream's text operators (Tj, TJ,
 * ', ") decoded through each font's ToUnicode map where it has one (else
 * byte by byte), with spaces and line breaks where positioning operators
 * and TJ gaps put them, and the text of form XObjects it draws. What the
 * API extracts as the page's text is counted from this (pdf.ts).
 */
import {
  decodeStream,
  latin1,
  type Objects,
  refOf,
  valueOf,
} from "./pdf-objects"

/** A font's code → text map, and its code length in bytes. */
interface FontMap {
  bytes: number
  map: Map<number, string>
}

const hexBytes = (h: string): number => Math.max(1, Math.ceil(h.length / 2))
const utf16 = (h: string): string => {
  let s = ""
  for (let i = 0; i + 4 <= h.length; i += 4)
    s += String.fromCharCode(parseInt(h.slice(i, i + 4), 16))
  return s || String.fromCharCode(parseInt(h || "0", 16))
}

/** Parses a ToUnicode CMap (bfchar and bfrange sections). */
function parseCMap(text: string): FontMap {
  const map = new Map<number, string>()
  const space = /<([0-9A-Fa-f]+)>\s*<[0-9A-Fa-f]+>\s*endcodespacerange/.exec(
    text
  )
  let bytes = space ? hexBytes(space[1]!) : 1
  for (const sec of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const m of sec[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>/g)) {
      map.set(parseInt(m[1]!, 16), utf16(m[2]!))
      bytes = Math.max(bytes, hexBytes(m[1]!))
    }
  const range =
    /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]*>|\[[^\]]*\])/g
  for (const sec of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const m of sec[1]!.matchAll(range)) {
      const lo = parseInt(m[1]!, 16)
      const hi = Math.min(parseInt(m[2]!, 16), lo + 65535)
      const dst = m[3]!
      const list = dst.startsWith("[")
        ? [...dst.matchAll(/<([0-9A-Fa-f]*)>/g)]
        : null
      const base = list ? 0 : parseInt(dst.slice(1, -1) || "0", 16)
      for (let c = lo; c <= hi; c++)
        map.set(
          c,
          list
            ? utf16(list[c - lo]?.[1] ?? "")
            : String.fromCodePoint(base + c - lo)
        )
    }
  return { bytes, map }
}

/** The fonts of a resources dictionary, by resource name. */
function fontsOf(
  resources: string | null,
  objects: Objects
): Map<string, FontMap | null> {
  const fonts = new Map<string, FontMap | null>()
  const dict = resources ? valueOf(resources, "Font", objects) : null
  if (!dict) return fonts
  for (const m of dict.matchAll(/\/([^\s/<>[\]()]+)\s+(\d+)\s+\d+\s+R/g)) {
    const font = objects.get(Number(m[2]))?.dict ?? ""
    const cmapRef = refOf(font, "ToUnicode")
    const cmap = cmapRef === null ? null : objects.get(cmapRef)
    const data = cmap ? decodeStream(cmap) : null
    const type0 = /\/Subtype\s*\/Type0/.test(font)
    fonts.set(
      m[1]!,
      data
        ? parseCMap(latin1(data))
        : type0
          ? { bytes: 2, map: new Map() }
          : null
    )
  }
  return fonts
}

/** Decodes a shown string's bytes through the font (Latin-1 without a map). */
function decodeShown(bytes: string, font: FontMap | null | undefined): string {
  if (!font) return bytes
  let out = ""
  for (let i = 0; i + font.bytes <= bytes.length; i += font.bytes) {
    let code = 0
    for (let k = 0; k < font.bytes; k++)
      code = code * 256 + bytes.charCodeAt(i + k)
    out += font.map.get(code) ?? (font.map.size === 0 ? "" : "?")
  }
  return out
}

/** A literal string `( … )` starting at `at`: its bytes and where it ends. */
function literalAt(s: string, at: number): [string, number] {
  let out = ""
  let depth = 0
  for (let i = at; i < s.length; i++) {
    const c = s[i]!
    if (c === "\\") {
      const e = s[++i] ?? ""
      const oct = /^[0-7]{1,3}/.exec(s.slice(i, i + 3))
      if (oct) {
        out += String.fromCharCode(parseInt(oct[0], 8) & 255)
        i += oct[0].length - 1
      } else
        out +=
          (
            { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" } as Record<
              string,
              string
            >
          )[e] ?? (e === "\n" || e === "\r" ? "" : e)
    } else if (c === "(") {
      if (depth++ > 0) out += c
    } else if (c === ")") {
      if (--depth === 0) return [out, i + 1]
      out += c
    } else out += c
  }
  return [out, s.length]
}

/** A hex string `< … >` starting at `at`: its bytes and where it ends. */
function hexAt(s: string, at: number): [string, number] {
  const end = s.indexOf(">", at)
  const hex = s.slice(at + 1, end < 0 ? s.length : end).replace(/\s+/g, "")
  let out = ""
  for (let i = 0; i < hex.length; i += 2)
    out += String.fromCharCode(parseInt(hex.slice(i, i + 2).padEnd(2, "0"), 16))
  return [out, end < 0 ? s.length : end + 1]
}

/** Where the page's text is gathered while its content stream is read. */
interface Reader {
  objects: Objects
  out: string[]
  depth: number
}

const newline = (r: Reader) => {
  const last = r.out.at(-1)
  if (last !== undefined && !/\s$/.test(last)) r.out.push("\n")
}

/** Reads one content stream's text into r.out (forms drawn by Do, depth ≤ 3). */
export function readContent(
  content: string,
  resources: string | null,
  r: Reader
): void {
  const fonts = fontsOf(resources, r.objects)
  let font: FontMap | null | undefined
  const operands: string[] = []
  const re =
    /\s*(?:(\()|(<<)|(<)|(\[)|(\])|\/([^\s/<>[\]()%]+)|([-+.\d]+)|%[^\n]*|([A-Za-z'"*]+))/y
  let pendingArray: (string | number)[] | null = null
  for (let at = 0; at < content.length;) {
    re.lastIndex = at
    const m = re.exec(content)
    if (!m) {
      at++
      continue
    }
    at = re.lastIndex
    if (m[1]) {
      const [bytes, end] = literalAt(content, at - 1)
      at = end
      ;(pendingArray ?? operands).push(bytes)
    } else if (m[2]) {
      const close = content.indexOf(">>", at)
      at = close < 0 ? content.length : close + 2
    } else if (m[3]) {
      const [bytes, end] = hexAt(content, at - 1)
      at = end
      ;(pendingArray ?? operands).push(bytes)
    } else if (m[4]) pendingArray = []
    else if (m[5]) {
      if (pendingArray) operands.push(JSON.stringify(pendingArray))
      pendingArray = null
    } else if (m[6]) operands.push("/" + m[6])
    else if (m[7]) {
      if (pendingArray) pendingArray.push(Number(m[7]))
      else operands.push(m[7])
    } else if (m[8]) {
      const op = m[8]
      if (op === "Tf") font = fonts.get((operands.at(-2) ?? "").slice(1))
      else if (op === "Tj" || op === "'" || op === '"') {
        if (op !== "Tj") newline(r)
        r.out.push(decodeShown(operands.at(-1) ?? "", font))
      } else if (op === "TJ") {
        for (const part of JSON.parse(operands.at(-1) ?? "[]") as (
          string | number
        )[])
          if (typeof part === "string") r.out.push(decodeShown(part, font))
          else if (Number(part) < -200) r.out.push(" ")
      } else if (op === "Td" || op === "TD" || op === "T*" || op === "ET")
        newline(r)
      else if (op === "Do" && r.depth < 3)
        drawForm(operands.at(-1) ?? "", resources, r)
      else if (op === "ID") at = Math.max(at, content.indexOf("EI", at) + 2)
      operands.length = 0
    }
  }
}

/** The text of a form XObject drawn with `Do`. */
function drawForm(name: string, resources: string | null, r: Reader): void {
  const xobjects = resources ? valueOf(resources, "XObject", r.objects) : null
  const ref = xobjects ? refOf(xobjects, name.slice(1)) : null
  const form = ref === null ? null : r.objects.get(ref)
  if (!form || !/\/Subtype\s*\/Form/.test(form.dict)) return
  const data = decodeStream(form)
  if (!data) return
  const own = valueOf(form.dict, "Resources", r.objects) ?? resources
  readContent(latin1(data), own, { ...r, depth: r.depth + 1 })
}
