// Share-link benchmark: link length against lz-string (what the TS
// Playground uses) on a realistic 200 KB conversation, and encode/decode
// time against JSON.stringify/parse measured in the same run.
//
// Run: npx vitest run --config bench/share/vitest.config.mts
//  (or: node bench/share/run.mjs)

import LZString from "lz-string"
import { expect, it } from "vitest"

import { bytesToBase64url } from "@/lib/share/base64url"
import {
  decodeShare,
  encodeShare,
  SHARE_PREFIX,
  shareStateJson,
} from "@/lib/share/codec"
import { deflateRaw } from "@/lib/share/deflate"

import { buildConversation } from "./build-conversation"

const RUNS = 25

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

async function time(fn: () => unknown): Promise<number> {
  const runs: number[] = []
  await fn() // warm-up
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now()
    await fn()
    runs.push(performance.now() - start)
  }
  return median(runs)
}

// What a v1 link (plain deflate-raw JSON, no string table) would be, for
// comparison in the same run.
async function v1Length(json: string): Promise<number> {
  const bytes = await deflateRaw(new TextEncoder().encode(json))
  return "#v1.".length + bytesToBase64url(bytes).length
}

const fmt = (n: number) => n.toLocaleString("en-US")
const ms = (n: number) => `${n.toFixed(2)} ms`

it("share link: size and speed", async () => {
  const state = buildConversation(200_000)
  const json = JSON.stringify(state)
  const link = await encodeShare(state)
  const lz = LZString.compressToEncodedURIComponent(json)

  const decoded = await decodeShare(link)
  expect(decoded).toEqual({ success: true, data: state, notes: [] })
  expect(LZString.decompressFromEncodedURIComponent(lz)).toBe(json)

  const encodeMs = await time(() => encodeShare(state))
  const decodeMs = await time(() => decodeShare(link))
  const v1Link = `v1.${bytesToBase64url(await deflateRaw(new TextEncoder().encode(json)))}`
  const v1EncodeMs = await time(() => v1Length(shareStateJson(state)))
  expect(await decodeShare(v1Link)).toEqual(decoded)
  const v1DecodeMs = await time(() => decodeShare(v1Link))
  const stringifyMs = await time(() => JSON.stringify(state))
  const parseMs = await time(() => JSON.parse(json) as unknown)
  const lzEncodeMs = await time(() =>
    LZString.compressToEncodedURIComponent(json)
  )
  const lzDecodeMs = await time(() =>
    LZString.decompressFromEncodedURIComponent(lz)
  )

  const ratio = (link.length + 1) / lz.length // +1 for the "#"
  const v1 = await v1Length(json)
  const lines = [
    `state: ${fmt(json.length)} chars of JSON (${(state.request as { messages: unknown[] }).messages.length} messages)`,
    `permalink (#${SHARE_PREFIX}…): ${fmt(link.length + 1)} chars`,
    `lz-string compressToEncodedURIComponent: ${fmt(lz.length)} chars`,
    `permalink ÷ lz-string: ${ratio.toFixed(3)} (target ≤ 0.6)`,
    `  v1 format (no string table): ${fmt(v1)} chars → ${(v1 / lz.length).toFixed(3)}`,
    `encode: ${ms(encodeMs)} median of ${RUNS} (JSON.stringify ${ms(stringifyMs)}, ×${(encodeMs / stringifyMs).toFixed(1)}; lz-string ${ms(lzEncodeMs)})`,
    `decode: ${ms(decodeMs)} median of ${RUNS} (JSON.parse ${ms(parseMs)}, ×${(decodeMs / parseMs).toFixed(1)}; lz-string ${ms(lzDecodeMs)})`,
    `  v1 format: encode ${ms(v1EncodeMs)}, decode ${ms(v1DecodeMs)}`,
  ]
  // How the ratio moves with size: deflate's window is 32 KB, lz-string's
  // dictionary is unbounded, so long transcripts that re-read the same files
  // favoured lz-string until v2's string table (the v1 column).
  for (const bytes of [50_000, 100_000, 400_000]) {
    const other = buildConversation(bytes)
    const otherLink = await encodeShare(other)
    const otherLz = LZString.compressToEncodedURIComponent(
      JSON.stringify(other)
    )
    const otherV1 = await v1Length(JSON.stringify(other))
    lines.push(
      `  at ${fmt(JSON.stringify(other).length)} chars: ${fmt(otherLink.length + 1)} vs ${fmt(otherLz.length)} → ${((otherLink.length + 1) / otherLz.length).toFixed(3)} (v1 ${(otherV1 / otherLz.length).toFixed(3)})`
    )
  }
  console.log(lines.join("\n"))
  expect(ratio).toBeLessThanOrEqual(0.6)
})
