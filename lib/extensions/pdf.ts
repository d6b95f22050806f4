/**
 * A base64 PDF read as the API counts it (docs: every page is converted to
 * an image and its text is extracted, and both are counted): the pages in
 * page-tree order with their size in points (MediaBox, inherited) and their
 * text (pdf-text.ts). Measured against pdfjs-dist and unpdf
 * (docs/semantics.md#pdf-reader): this reader needs only fflate's inflater
 * (≈2 KB gzip) and answers synchronously, which the engine needs.
 *
 * A PDF is untrusted input: the reading has a budget (pdf-budget.ts,
 * docs/semantics.md#pdf-limits). Past its content limits the pages are kept
 * with the text read until then; past its structure limits, or when the
 * file breaks the reader in any way, it is not read (null): the engine
 * counts it as an unread document, never as an error.
 */
import { PdfBudget, PDF_LIMITS } from "./pdf-budget"
import { readObjects } from "./pdf-file"
import {
  latin1,
  type Objects,
  refsIn,
  streamText,
  valueOf,
} from "./pdf-objects"
import { pageText, type Reading } from "./pdf-text"
import type { PdfPage } from "./registry"

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
  const n = (box ?? "")
    .slice(0, 256)
    .match(/-?[\d.]{1,32}/g)
    ?.map(Number)
  if (!n || n.length < 4) return null
  const width = Math.abs(n[2]! - n[0]!)
  const height = Math.abs(n[3]! - n[1]!)
  return Number.isFinite(width * height) && width > 0 && height > 0
    ? { width, height }
    : null
}

/** What a page inherits from its ancestors in the page tree. */
interface Inherited {
  size: { width: number; height: number }
  resources: string | null
}

interface Visit {
  num: number
  up: Inherited
  depth: number
}

/**
 * The page objects under the roots, in order, with what they inherit: the
 * tree walked with an explicit stack (a tree 10,000 deep is refused by
 * depth, never by the call stack), each node once.
 */
function collectPages(
  roots: number[],
  objects: Objects,
  budget: PdfBudget
): { num: number; inh: Inherited }[] {
  const out: { num: number; inh: Inherited }[] = []
  const seen = new Set<number>()
  const top: Inherited = { size: LETTER, resources: null }
  const stack: Visit[] = roots
    .map((num) => ({ num, up: top, depth: 0 }))
    .reverse()
  while (stack.length > 0 && out.length < PDF_LIMITS.pages) {
    const { num, up, depth } = stack.pop()!
    const node = objects.get(num)
    if (!node || seen.has(num)) continue
    seen.add(num)
    budget.depth("treeDepth", depth)
    const inh: Inherited = {
      size: boxSize(valueOf(node.dict, "MediaBox", objects)) ?? up.size,
      resources: valueOf(node.dict, "Resources", objects) ?? up.resources,
    }
    const kids = valueOf(node.dict, "Kids", objects)
    if (kids !== null && /\/Type\s*\/Pages/.test(node.dict)) {
      const refs = refsIn(kids)
      for (let i = refs.length - 1; i >= 0; i--)
        stack.push({ num: refs[i]!, up: inh, depth: depth + 1 })
    } else if (/\/Type\s*\/Page(?![a-z])/.test(node.dict))
      out.push({ num, inh })
  }
  return out
}

/** The page tree's root: the catalog's /Pages, else every page object. */
function pageRoots(objects: Objects): number[] {
  for (const [, o] of objects)
    if (/\/Type\s*\/Catalog/.test(o.dict)) {
      const m = /\/Pages\s+(\d{1,10})\s+\d{1,5}\s+R/.exec(o.dict)
      if (m) return [Number(m[1])]
    }
  return [...objects]
    .filter(([, o]) => /\/Type\s*\/Page(?![a-z])/.test(o.dict))
    .map(([n]) => n)
}

/** The decoded content streams of a page. */
function pageContents(num: number, reading: Reading): string[] {
  const page = reading.objects.get(num)!
  const contents = /\/Contents\s*(\[[^\]]*\]|\d{1,10}\s+\d{1,5}\s+R)/.exec(
    page.dict
  )
  const out: string[] = []
  for (const ref of refsIn(contents?.[1] ?? "")) {
    const stream = reading.objects.get(ref)
    const text = stream ? streamText(stream, reading.budget) : null
    if (text !== null) out.push(text)
  }
  return out
}

/** The pages of a base64 PDF, or null when it cannot be read within its budget. */
export function readPdf(base64: string): PdfPage[] | null {
  const bytes = base64Bytes(base64)
  if (!bytes || latin1(bytes.subarray(0, 1024)).indexOf("%PDF") < 0) return null
  try {
    const budget = new PdfBudget()
    const objects = readObjects(bytes, budget)
    const found = collectPages(pageRoots(objects), objects, budget)
    if (found.length === 0) return null
    const reading: Reading = {
      objects,
      budget,
      fonts: new Map(),
      forms: new Map(),
      named: new Map(),
    }
    return found.map(({ num, inh }) => ({
      ...inh.size,
      text: pageText(() => pageContents(num, reading), inh.resources, reading),
    }))
  } catch {
    // Past a limit of the file's structure (PdfTooCostly), or anything else
    // a hostile file finds: the document is unread (docs/semantics.md#pdf-limits).
    return null
  }
}
