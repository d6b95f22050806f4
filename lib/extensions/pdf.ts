/**
 * A base64 PDF read as the API counts it (docs: every page is converted to
 * an image and its text is extracted, and both are counted): the pages in
 * page-tree order with their size in points (MediaBox, inherited) and their
 * text (pdf-text.ts). Measured against pdfjs-dist, unpdf and pdf-parse
 * (docs/tokens.md, "Documents"): this reader needs only fflate's inflater
 * (≈2 KB gzip) and answers synchronously, which the engine needs.
 */
import {
  decodeStream,
  latin1,
  type Objects,
  readObjects,
  refsIn,
  valueOf,
} from "./pdf-objects"
import { readContent } from "./pdf-text"
import type { PdfPage } from "./registry"

/** Pages past this many are not read (the API takes at most 100). */
const MAX_PAGES = 600
/** US Letter, for a page tree with no MediaBox. */
const LETTER = { width: 612, height: 792 }

function base64Bytes(data: string): Uint8Array | null {
  const comma = data.startsWith("data:") ? data.indexOf(",") + 1 : 0
  try {
    const bin = atob(data.slice(comma).replace(/[^A-Za-z0-9+/=]/g, ""))
    const out = new Uint8Array(bin.length)
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i)
    return out
  } catch {
    return null
  }
}

/** The size of a MediaBox array's text, or null. */
function boxSize(box: string | null): { width: number; height: number } | null {
  const n = (box ?? "").match(/-?[\d.]+/g)?.map(Number)
  if (!n || n.length < 4) return null
  const width = Math.abs(n[2]! - n[0]!)
  const height = Math.abs(n[3]! - n[1]!)
  return width > 0 && height > 0 ? { width, height } : null
}

/** What a page inherits from its ancestors in the page tree. */
interface Inherited {
  size: { width: number; height: number }
  resources: string | null
}

/** The page objects under a node, in order, with what they inherit. */
function collectPages(
  num: number,
  objects: Objects,
  up: Inherited,
  out: { num: number; inh: Inherited }[],
  seen: Set<number>
): void {
  const node = objects.get(num)
  if (!node || seen.has(num) || out.length >= MAX_PAGES) return
  seen.add(num)
  const inh: Inherited = {
    size: boxSize(valueOf(node.dict, "MediaBox", objects)) ?? up.size,
    resources: valueOf(node.dict, "Resources", objects) ?? up.resources,
  }
  const kids = valueOf(node.dict, "Kids", objects)
  if (kids !== null && /\/Type\s*\/Pages/.test(node.dict)) {
    for (const kid of refsIn(kids)) collectPages(kid, objects, inh, out, seen)
  } else if (/\/Type\s*\/Page(?![a-z])/.test(node.dict)) out.push({ num, inh })
}

/** The page tree's root: the catalog's /Pages, else any /Pages node. */
function pageRoots(objects: Objects): number[] {
  for (const [, o] of objects)
    if (/\/Type\s*\/Catalog/.test(o.dict)) {
      const m = /\/Pages\s+(\d+)\s+\d+\s+R/.exec(o.dict)
      if (m) return [Number(m[1])]
    }
  return [...objects]
    .filter(([, o]) => /\/Type\s*\/Page(?![a-z])/.test(o.dict))
    .map(([n]) => n)
}

/** The text of one page's content streams. */
function pageText(num: number, inh: Inherited, objects: Objects): string {
  const page = objects.get(num)!
  const contents = /\/Contents\s*(\[[^\]]*\]|\d+\s+\d+\s+R)/.exec(page.dict)
  const out: string[] = []
  for (const ref of refsIn(contents?.[1] ?? "")) {
    const stream = objects.get(ref)
    if (!stream) continue
    const data = decodeStream(stream)
    if (data)
      readContent(latin1(data), inh.resources, { objects, out, depth: 0 })
  }
  return out
    .join("")
    .replace(/[ \t]+/g, " ")
    .trim()
}

/** The pages of a base64 PDF, or null when it cannot be read as one. */
export function readPdf(base64: string): PdfPage[] | null {
  const bytes = base64Bytes(base64)
  if (!bytes || latin1(bytes.subarray(0, 1024)).indexOf("%PDF") < 0) return null
  const objects = readObjects(bytes)
  const found: { num: number; inh: Inherited }[] = []
  const seen = new Set<number>()
  const top: Inherited = { size: LETTER, resources: null }
  for (const root of pageRoots(objects))
    collectPages(root, objects, top, found, seen)
  if (found.length === 0) return null
  return found.map(({ num, inh }) => ({
    ...inh.size,
    text: pageText(num, inh, objects),
  }))
}
