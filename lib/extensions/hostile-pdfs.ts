/**
 * Small PDFs that once turned the PDF reader against its user (hostile-input
 * issue: each a few hundred bytes to a few KB, each stalling the page or
 * eating gigabytes), built here rather than stored so each one says what it
 * does. Used by the reader's tests (pdf-hostile.test.ts) and the bench
 * (bench/tokens/pdf-hostile.mjs); `buildPdf` writes any object list as a
 * PDF with a correct cross-reference table, so other readers open them too.
 */
import { zlibSync } from "fflate"

/** An object: its dictionary text, and its stream (deflated unless `raw`). */
export interface PdfSpec {
  dict: string
  stream?: string | Uint8Array
  /** Store the stream as given (already encoded, or uncompressed). */
  raw?: boolean
}

function bytesOf(s: string): Uint8Array {
  const out = new Uint8Array(s.length)
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i) & 255
  return out
}

/** Writes objects 1…n (object 1 the catalog) as a PDF file's bytes. */
export function buildPdf(objects: PdfSpec[], extra = ""): Uint8Array {
  const parts: Uint8Array[] = [bytesOf("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")]
  let length = parts[0]!.length
  const offsets: number[] = []
  const push = (b: Uint8Array) => {
    parts.push(b)
    length += b.length
  }
  objects.forEach((o, i) => {
    offsets.push(length)
    if (o.stream === undefined) {
      push(bytesOf(`${i + 1} 0 obj\n${o.dict}\nendobj\n`))
      return
    }
    const data = typeof o.stream === "string" ? bytesOf(o.stream) : o.stream
    const body = o.raw ? data : zlibSync(data, { level: 9 })
    const filter = o.raw ? "" : " /Filter /FlateDecode"
    push(
      bytesOf(
        `${i + 1} 0 obj\n<< ${o.dict} /Length ${body.length}${filter} >>\nstream\n`
      )
    )
    push(body)
    push(bytesOf("\nendstream\nendobj\n"))
  })
  if (extra) push(bytesOf(extra))
  const xref = length
  const rows = offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`)
  push(
    bytesOf(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows.join("")}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
    )
  )
  const out = new Uint8Array(length)
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** Bytes as base64 (as a request's document source carries them). */
export function toBase64(bytes: Uint8Array): string {
  let bin = ""
  for (let i = 0; i < bytes.length; i += 8192)
    bin += String.fromCharCode(...bytes.subarray(i, i + 8192))
  return btoa(bin)
}

const FONT = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"

/**
 * A one-page PDF: catalog 1, pages 2, page 3 (Letter, font F1 = object 5),
 * content 4, then `more` as objects 6…; `resources` adds to the page's.
 */
export function onePage(
  content: string | PdfSpec,
  more: PdfSpec[] = [],
  resources = "",
  font = FONT
): PdfSpec[] {
  return [
    { dict: "<< /Type /Catalog /Pages 2 0 R >>" },
    { dict: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>" },
    {
      dict: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> ${resources} >> >>`,
    },
    typeof content === "string" ? { dict: "", stream: content } : content,
    { dict: font },
    ...more,
  ]
}

/**
 * A raw DEFLATE stream of `size` zero bytes in fixed-Huffman codes (a
 * literal 0, then matches of 258 at distance 1: 13 bits per 258 bytes),
 * wrapped as zlib. Written bit by bit, so a gigabyte costs megabytes here.
 */
export function zeroBomb(size: number): Uint8Array {
  const matches = Math.floor((size - 1) / 258)
  const out = new Uint8Array(Math.ceil((3 + 8 + matches * 13 + 7) / 8) + 8)
  out[0] = 0x78
  out[1] = 0x01
  let bit = 16
  const put = (value: number, n: number, reversed: boolean) => {
    for (let i = 0; i < n; i++) {
      const b = reversed ? (value >> (n - 1 - i)) & 1 : (value >> i) & 1
      if (b) out[bit >> 3]! |= 1 << (bit & 7)
      bit++
    }
  }
  put(1, 1, false) // BFINAL
  put(1, 2, false) // fixed Huffman
  put(0x30, 8, true) // literal 0
  for (let i = 0; i < matches; i++) {
    put(0b11000101, 8, true) // length 258 (code 285)
    put(0, 5, true) // distance 1
  }
  put(0, 7, true) // end of block
  let at = (bit + 7) >> 3
  // Adler-32 of zeros: a = 1, b = length mod 65521.
  const written = 1 + matches * 258
  const b = written % 65521
  for (const v of [b >> 8, b & 255, 0, 1]) out[at++] = v
  return out.subarray(0, at)
}

/** One hostile PDF: what it does, and its bytes as base64. */
export interface HostilePdf {
  name: string
  what: string
  make: () => string
}

const pdf = (objects: PdfSpec[], extra = "") =>
  toBase64(buildPdf(objects, extra))

/** A ToUnicode CMap with `ranges` bfranges of `span` codes each. */
export function cmap(ranges: number, span: number, to = 0x41): string {
  const hex = (n: number, w: number) => n.toString(16).padStart(w, "0")
  const rows = Array.from(
    { length: ranges },
    (_, i) =>
      `<${hex(i * span, 4)}> <${hex(i * span + span - 1, 4)}> <${hex(to, 4)}>`
  )
  return `/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n1 begincodespacerange <0000> <FFFF> endcodespacerange\n${ranges} beginbfrange\n${rows.join("\n")}\nendbfrange\nendcmap end end`
}

const TYPE0 = (toUnicode: number) =>
  `<< /Type /Font /Subtype /Type0 /BaseFont /Helvetica /Encoding /Identity-H /DescendantFonts [<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Helvetica /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> >>] /ToUnicode ${toUnicode} 0 R >>`

/** A page tree `depth` levels deep, one page at the bottom. */
function deepTree(depth: number): PdfSpec[] {
  const objects: PdfSpec[] = [{ dict: "<< /Type /Catalog /Pages 2 0 R >>" }]
  for (let i = 0; i < depth; i++)
    objects.push({
      dict: `<< /Type /Pages /Kids [${i + 3} 0 R] /Count 1 >>`,
    })
  const content = depth + 3
  objects.push({
    dict: `<< /Type /Page /MediaBox [0 0 612 792] /Contents ${content} 0 R /Resources << /Font << /F1 ${content + 1} 0 R >> >> >>`,
  })
  objects.push({ dict: "", stream: "BT /F1 12 Tf (deep) Tj ET" })
  objects.push({ dict: FONT })
  return objects
}

/** `pages` pages drawing one content stream through one font with a big map. */
function sharedPages(pages: number): PdfSpec[] {
  const first = 6 // objects 1-5: catalog, pages, content, font, cmap
  const kids = Array.from({ length: pages }, (_, i) => `${first + i} 0 R`)
  return [
    { dict: "<< /Type /Catalog /Pages 2 0 R >>" },
    { dict: `<< /Type /Pages /Kids [${kids.join(" ")}] /Count ${pages} >>` },
    { dict: "", stream: "BT /F1 12 Tf <00000001> Tj ET" },
    { dict: TYPE0(5) },
    { dict: "", stream: cmap(250, 256) },
    ...kids.map(() => ({
      dict: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R /Resources << /Font << /F1 4 0 R >> >> >>",
    })),
  ]
}

/**
 * `pages` pages sharing a resources dictionary padded to a megabyte, each
 * drawing a small form `draws` times (the dictionary once read per draw).
 */
function sharedResources(pages: number, draws: number): PdfSpec[] {
  const first = 6 // objects 1-5: catalog, pages, content, font, form
  const kids = Array.from({ length: pages }, (_, i) => `${first + i} 0 R`)
  const padding = `/Pad [${"0 ".repeat(500_000)}]`
  return [
    { dict: "<< /Type /Catalog /Pages 2 0 R >>" },
    {
      dict: `<< /Type /Pages /Kids [${kids.join(" ")}] /Count ${pages} /Resources << ${padding} /Font << /F1 4 0 R >> /XObject << /Fm 5 0 R >> >> >>`,
    },
    { dict: "", stream: "/Fm Do\n".repeat(draws) },
    { dict: FONT },
    {
      dict: "/Type /XObject /Subtype /Form /BBox [0 0 612 792]",
      stream: "BT /F1 12 Tf (x) Tj ET",
    },
    ...kids.map(() => ({
      dict: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R >>",
    })),
  ]
}

/** The hostile set: each case of the issue's table, as a small file. */
export const HOSTILE_PDFS: HostilePdf[] = [
  {
    name: "form fan-out",
    what: "a form XObject that draws itself 1,000 times",
    make: () =>
      pdf(
        onePage(
          "/Fm Do",
          [
            {
              dict: "/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /Fm 6 0 R >> >>",
              stream: `${"/Fm Do\n".repeat(1000)}BT /F1 12 Tf (x) Tj ET`,
            },
          ],
          "/XObject << /Fm 6 0 R >>"
        )
      ),
  },
  {
    name: "form fan-out chain",
    what: "three forms, each drawing the next 1,000 times",
    make: () => {
      const form = (next: number | null, body: string) => ({
        dict: `/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> ${next ? `/XObject << /Fm ${next} 0 R >>` : ""} >>`,
        stream: body,
      })
      const draws = "/Fm Do\n".repeat(1000)
      return pdf(
        onePage(
          "/Fm Do",
          [
            form(7, draws),
            form(8, draws),
            form(null, "BT /F1 12 Tf (x) Tj ET"),
          ],
          "/XObject << /Fm 6 0 R >>"
        )
      )
    },
  },
  {
    name: "doubly deflated bomb",
    what: "a content stream deflated twice that inflates to 1 GiB",
    make: () =>
      pdf(
        onePage({
          dict: "/Filter [/FlateDecode /FlateDecode]",
          stream: zlibSync(zeroBomb(2 ** 30), { level: 9 }),
          raw: true,
        })
      ),
  },
  {
    name: "whitespace runs",
    what: "a content stream of 80,000 spaces",
    make: () => pdf(onePage(`BT /F1 12 Tf (a) Tj${" ".repeat(80_000)}`)),
  },
  {
    name: "digit runs",
    what: "100,000 digits between two objects",
    make: () =>
      pdf(onePage("BT /F1 12 Tf (a) Tj ET"), `${"7".repeat(100_000)}\n`),
  },
  {
    name: "many objects",
    what: "200,000 small objects and no stream after them",
    make: () =>
      pdf(
        onePage("BT /F1 12 Tf (a) Tj ET"),
        Array.from(
          { length: 200_000 },
          (_, i) => `${i + 10} 0 obj null endobj\n`
        ).join("")
      ),
  },
  {
    name: "ToUnicode maps",
    what: "a 2 KB font map of 256 full ranges (16.7M codes)",
    make: () =>
      pdf(
        onePage(
          "BT /F1 12 Tf <00000001> Tj ET",
          [
            {
              dict: "",
              stream: cmap(256, 65536).replace(
                /<([0-9a-f]{4})> <([0-9a-f]{4})>/g,
                "<0000> <ffff>"
              ),
            },
          ],
          "",
          TYPE0(6)
        )
      ),
  },
  {
    name: "600 pages sharing a stream",
    what: "600 pages drawing one content stream through one font with a 64,000-code map",
    make: () => pdf(sharedPages(600)),
  },
  {
    name: "600 pages sharing a megabyte of resources",
    what: "600 pages under one 1 MB resources dictionary, each drawing a form 100 times",
    make: () => pdf(sharedResources(600, 100)),
  },
  {
    name: "(x) TJ",
    what: "TJ with a string operand, not an array",
    make: () => pdf(onePage("BT /F1 12 Tf (x) TJ ET")),
  },
  {
    name: "5 TJ",
    what: "TJ with a number operand",
    make: () => pdf(onePage("BT /F1 12 Tf 5 TJ ET")),
  },
  {
    name: "code point past U+10FFFF",
    what: "a font map whose range runs past the last code point",
    make: () =>
      pdf(
        onePage(
          "BT /F1 12 Tf <00000001> Tj ET",
          [
            {
              dict: "",
              stream:
                "begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange 1 beginbfrange <0000> <FFFF> <10FFFF> endbfrange endcmap",
            },
          ],
          "",
          TYPE0(6)
        )
      ),
  },
  {
    name: "10k-deep page tree",
    what: "a page tree 10,000 levels deep",
    make: () => pdf(deepTree(10_000)),
  },
]
