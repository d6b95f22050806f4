// Frozen links: every format version ever shipped must keep decoding to the
// same state, forever. Never regenerate these fixtures; add new ones.

import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"

import { base64urlToBytes } from "./base64url"
import { decodeFragment, decodeShare, encodeShare } from "./codec"
import { inflateRawToText } from "./deflate"
import type { ShareState } from "./types"

const fixture = (name: string) =>
  readFileSync(join(__dirname, "__fixtures__", name), "utf8")

describe.each(["v1", "v1-text", "v2"])("frozen %s link", (name) => {
  const link = fixture(`${name}.txt`).trim()
  const state: unknown = JSON.parse(fixture(`${name}.json`))

  it("decodes to the recorded state without repairs", async () => {
    expect(await decodeShare(link)).toEqual({
      success: true,
      data: state,
      notes: [],
    })
  })

  it("decodes from location.hash", async () => {
    expect(await decodeFragment(`#${link}`)).toMatchObject({
      success: true,
      data: state,
    })
  })

  it("is what this build would write (same state, same meaning)", async () => {
    const rewritten = await encodeShare(state as ShareState)
    // Bytes may differ across zlib builds; the decoded state may not.
    expect(await decodeShare(rewritten)).toEqual({
      success: true,
      data: state,
      notes: [],
    })
  })
})

describe("frozen v2 link", () => {
  it("covers every part of the v2 format", async () => {
    const link = fixture("v2.txt").trim()
    expect(link.startsWith("v2.")).toBe(true)
    const inflated = await inflateRawToText(
      base64urlToBytes(link.slice(3)) ?? new Uint8Array(),
      { maxBytes: 1e6, deadline: Infinity, now: () => 0 }
    )
    if (!inflated.ok) throw new Error(inflated.reason)
    const doc = JSON.parse(inflated.text) as { t: unknown[]; s: unknown }
    const text = JSON.stringify(doc.s)
    // A string stored once and referred to twice (the same file read twice).
    expect(text.match(/"~2"/g)).toHaveLength(2)
    // An overlapping re-read written as a copy of an earlier entry.
    expect(doc.t.some((entry) => Array.isArray(entry))).toBe(true)
    // Short real strings starting with "~" escaped; long ones kept raw.
    expect(text).toContain('"~~/app/lib/share/codec.ts"')
    expect(text).toContain('"selected":"~~0"')
    expect(doc.t[0]).toMatch(/^~ You are/)
    // A real one-element array is not a reference.
    expect(text).toContain('"lines":[0]')
  })
})

describe("frozen v3 link", () => {
  const link = fixture("v3.txt").trim()
  const state: unknown = JSON.parse(fixture("v3.json"))

  it("is short, and opens the example it was made from with its changes", async () => {
    expect(link.startsWith("v3.")).toBe(true)
    expect(link.length).toBeLessThan(2000)
    const decoded = await decodeShare(link)
    if (!decoded.success) throw new Error(decoded.error.message)
    // The example may change in a later release: then the link opens on the
    // new one with its changes, and says so (codec-v3.ts).
    if (decoded.notes.length === 0) expect(decoded.data).toEqual(state)
    else
      expect(decoded.notes.join(" ")).toMatch(
        /made from an earlier version of the built-in example/
      )
  })
})
