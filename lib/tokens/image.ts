/**
 * Image token estimates (docs/semantics.md#hidden-overheads, Anthropic vision docs): tokens ≈
 * width × height / 750 after the API's downscaling (long edge ≤ 1568 px and
 * ≤ ≈1,600 tokens). Dimensions are read from the base64 header of PNG, GIF,
 * JPEG and WebP images; anything else (URL / file sources, unreadable data)
 * falls back to DEFAULT_IMAGE_TOKENS.
 */

/** Tokens assumed for an image whose size cannot be read (≈ the cap). */
export const DEFAULT_IMAGE_TOKENS = 1600
/** Tokens assumed for a PDF / file document whose content cannot be read. */
export const DEFAULT_DOCUMENT_TOKENS = 2000

const MAX_LONG_EDGE = 1568
const MAX_IMAGE_TOKENS = 1600
// JPEG SOF markers can sit after large EXIF blocks; 64 KB covers almost all.
const JPEG_SCAN_BASE64_CHARS = 87_384

/** Pixel size of an image. */
export interface ImageSize {
  width: number
  height: number
}

/** Tokens for an image of the given size, after the API's downscaling. */
export function imageTokensFromSize(width: number, height: number): number {
  if (!(width > 0 && height > 0)) return DEFAULT_IMAGE_TOKENS
  let scale = Math.min(1, MAX_LONG_EDGE / Math.max(width, height))
  const area = width * scale * (height * scale)
  if (area / 750 > MAX_IMAGE_TOKENS)
    scale *= Math.sqrt((MAX_IMAGE_TOKENS * 750) / area)
  const w = Math.floor(width * scale)
  const h = Math.floor(height * scale)
  return Math.max(1, Math.ceil((w * h) / 750))
}

function decodePrefix(data: string, chars: number): Uint8Array | null {
  let s = data.length > chars ? data.slice(0, chars) : data
  s = s.replace(/[^A-Za-z0-9+/]/g, "")
  s = s.slice(0, s.length - (s.length % 4))
  if (s.length === 0) return null
  try {
    const bin = atob(s)
    const out = new Uint8Array(bin.length)
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i)
    return out
  } catch {
    return null
  }
}

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0)
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8)
const u32be = (b: Uint8Array, i: number) =>
  u16be(b, i) * 65536 + u16be(b, i + 2)
const u24le = (b: Uint8Array, i: number) =>
  (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8) | ((b[i + 2] ?? 0) << 16)

function sizeFromBytes(b: Uint8Array): ImageSize | null {
  // PNG: 8-byte signature, IHDR width/height at 16/20.
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47)
    return b.length >= 24 ? { width: u32be(b, 16), height: u32be(b, 20) } : null
  // GIF: "GIF8", logical screen size little-endian at 6/8.
  if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46)
    return b.length >= 10 ? { width: u16le(b, 6), height: u16le(b, 8) } : null
  // WebP: RIFF....WEBP + VP8 / VP8L / VP8X chunk.
  if (b[0] === 0x52 && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42) {
    const tag = String.fromCharCode(
      b[12] ?? 0,
      b[13] ?? 0,
      b[14] ?? 0,
      b[15] ?? 0
    )
    if (tag === "VP8 " && b.length >= 30)
      return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff }
    if (tag === "VP8L" && b.length >= 25) {
      const bits =
        (b[21] ?? 0) |
        ((b[22] ?? 0) << 8) |
        ((b[23] ?? 0) << 16) |
        ((b[24] ?? 0) << 24)
      return {
        width: (bits & 0x3fff) + 1,
        height: ((bits >>> 14) & 0x3fff) + 1,
      }
    }
    if (tag === "VP8X" && b.length >= 30)
      return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 }
    return null
  }
  // JPEG: walk the segments to the first SOFn marker.
  if (b[0] === 0xff && b[1] === 0xd8) {
    let i = 2
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return null
      const marker = b[i + 1] ?? 0
      if (
        marker >= 0xc0 &&
        marker <= 0xcf &&
        marker !== 0xc4 &&
        marker !== 0xc8 &&
        marker !== 0xcc
      )
        return { width: u16be(b, i + 7), height: u16be(b, i + 5) }
      i += 2 + u16be(b, i + 2)
    }
  }
  return null
}

/** Reads an image's pixel size from (possibly data-URL-prefixed) base64; null if unknown. */
export function imageSizeFromBase64(data: string): ImageSize | null {
  const comma = data.startsWith("data:") ? data.indexOf(",") : -1
  const body =
    comma >= 0
      ? data.slice(comma + 1, comma + 1 + JPEG_SCAN_BASE64_CHARS)
      : data
  const head = decodePrefix(body, 64)
  if (!head) return null
  if (head[0] === 0xff && head[1] === 0xd8) {
    const more = decodePrefix(body, JPEG_SCAN_BASE64_CHARS)
    return more ? sizeFromBytes(more) : null
  }
  return sizeFromBytes(head)
}
