import { describe, expect, it } from "vitest"

import {
  DEFAULT_IMAGE_TOKENS,
  imageSizeFromBase64,
  imageTokensFromSize,
} from "./image"

const b64 = (bytes: number[]) => btoa(String.fromCharCode(...bytes))
const be16 = (n: number) => [n >> 8, n & 255]
const be32 = (n: number) => [
  (n >>> 24) & 255,
  (n >> 16) & 255,
  (n >> 8) & 255,
  n & 255,
]
const le16 = (n: number) => [n & 255, n >> 8]
const le24 = (n: number) => [n & 255, (n >> 8) & 255, n >> 16]
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

describe("image tokens", () => {
  it("follows the vision docs' w×h/750 with their examples", () => {
    expect(imageTokensFromSize(1000, 1000)).toBe(1334)
    expect(imageTokensFromSize(1092, 1092)).toBe(1590)
    expect(imageTokensFromSize(200, 200)).toBe(54)
  })

  it("downscales large images to at most ≈1,600 tokens and 1568 px", () => {
    expect(imageTokensFromSize(4000, 3000)).toBeLessThanOrEqual(1600)
    expect(imageTokensFromSize(4000, 3000)).toBeGreaterThan(1500)
    expect(imageTokensFromSize(3000, 100)).toBe(Math.ceil((1568 * 52) / 750))
  })

  it("reads PNG, GIF, JPEG and WebP sizes from base64", () => {
    const png = [
      0x89,
      ...ascii("PNG\r\n\x1a\n"),
      ...be32(13),
      ...ascii("IHDR"),
      ...be32(640),
      ...be32(480),
      ...[8, 2, 0, 0, 0],
    ]
    expect(imageSizeFromBase64(b64(png))).toEqual({ width: 640, height: 480 })
    expect(imageSizeFromBase64(`data:image/png;base64,${b64(png)}`)).toEqual({
      width: 640,
      height: 480,
    })
    expect(
      imageSizeFromBase64(
        b64([...ascii("GIF89a"), ...le16(320), ...le16(200), 0, 0, 0, 0])
      )
    ).toEqual({ width: 320, height: 200 })
    const app0 = [0xff, 0xe0, ...be16(16), ...new Array(14).fill(0)]
    const sof = [
      0xff,
      0xc0,
      ...be16(17),
      8,
      ...be16(768),
      ...be16(1024),
      3,
      ...new Array(9).fill(0),
    ]
    expect(imageSizeFromBase64(b64([0xff, 0xd8, ...app0, ...sof]))).toEqual({
      width: 1024,
      height: 768,
    })
    // RIFF size 0, "WEBPVP8X", chunk size 10, flags, then width-1 and height-1 (24-bit LE).
    const vp8x = [
      ...ascii("RIFF"),
      ...[0, 0, 0, 0],
      ...ascii("WEBPVP8X"),
      ...[10, 0, 0, 0, 0, 0, 0, 0],
      ...le24(799),
      ...le24(599),
    ]
    expect(imageSizeFromBase64(b64(vp8x))).toEqual({ width: 800, height: 600 })
  })

  it("returns null (→ default) for unreadable data", () => {
    expect(imageSizeFromBase64("not base64 at all!!")).toBeNull()
    expect(imageSizeFromBase64("")).toBeNull()
    expect(DEFAULT_IMAGE_TOKENS).toBe(1600)
  })
})
