// Redacted images keep their pixel size (so their token estimate,
// ≈ width × height / 750, travels) and nothing else: the data becomes a
// minimal header of the same format and size, padded with "A" to the same
// length. No byte of the original survives (JPEG EXIF, for instance, can
// hold a location).

import { imageSizeFromBase64 } from "@/lib/tokens"

// Both headers are a multiple of 3 bytes long: no "=" padding, so the "A"s
// after them continue the same base64 text.
const bytesToBase64 = (b: Uint8Array) => btoa(String.fromCharCode(...b))

function pngHeader(width: number, height: number): Uint8Array {
  // Signature, then an IHDR chunk: width, height, 8-bit RGB (CRC left 0).
  const b = new Uint8Array(33)
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
  b.set([0x49, 0x48, 0x44, 0x52], 12)
  new DataView(b.buffer).setUint32(16, width)
  new DataView(b.buffer).setUint32(20, height)
  b.set([8, 2, 0, 0, 0], 24)
  return b
}

function jpegHeader(width: number, height: number): Uint8Array {
  // SOI, then a baseline SOF0 segment with the size (3 components).
  const b = new Uint8Array([
    0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 0x01, 0x22,
    0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
  ])
  const view = new DataView(b.buffer)
  view.setUint16(7, height)
  view.setUint16(9, width)
  return b
}

/**
 * Same-length stand-in for base64 image data: a header with the original's
 * pixel size when it can be read (JPEG stays JPEG, other formats become
 * PNG), else all "A".
 */
export function redactImageData(data: string, mediaType: unknown): string {
  const size = imageSizeFromBase64(data)
  if (!size) return "A".repeat(data.length)
  const header = bytesToBase64(
    mediaType === "image/jpeg"
      ? jpegHeader(size.width, size.height)
      : pngHeader(size.width, size.height)
  )
  return header + "A".repeat(Math.max(0, data.length - header.length))
}
