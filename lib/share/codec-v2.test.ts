// The v2 format through the codec: what the string table buys, and that a
// crafted table is held to the same bounds and secret rules as v1.
// string-table.test.ts covers the table itself.

import { describe, expect, it } from "vitest"

import { decodeShare, encodeShare } from "./codec"
import { decodeFailure, rawLink } from "./test-helpers"
import type { ShareState } from "./types"

/** A v2 link around a hand-built `{t, s}` document. */
const rawV2 = (doc: unknown) => rawLink(JSON.stringify(doc), 2)

// Deterministic text that deflate cannot shrink much (xorshift words).
function noise(chars: number, seed: number): string {
  let x = seed
  let text = ""
  while (text.length < chars) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    text += ((x >>> 0) % 100_000).toString(36) + " "
  }
  return text.slice(0, chars)
}

describe("v2 links", () => {
  it("keeps text repeated beyond deflate's 32 KB window nearly free", async () => {
    // An agent reads a file, does 60 KB of other work, then reads a part of
    // the file that overlaps the first read by 10 KB.
    const file = noise(20_000, 7)
    const conversation = (secondRead: string): ShareState => ({
      request: {
        messages: [
          { role: "user", content: file.slice(0, 15_000) },
          { role: "assistant", content: noise(60_000, 11) },
          { role: "user", content: secondRead },
        ],
      },
    })
    const state = conversation(file.slice(5_000))
    const onlyNewText = conversation(file.slice(15_000))
    const v1 = async (s: ShareState) =>
      (await rawLink(JSON.stringify(s))).length
    const v2 = async (s: ShareState) => (await encodeShare(s)).length

    expect(await decodeShare(await encodeShare(state))).toEqual({
      success: true,
      data: state,
      notes: [],
    })
    // v1 pays for the 10 KB overlap again; v2 pays for one copy.
    expect((await v1(state)) - (await v1(onlyNewText))).toBeGreaterThan(5_000)
    expect((await v2(state)) - (await v2(onlyNewText))).toBeLessThan(100)
  })

  it("gives a v2 link the same nesting budget as a v1 link", async () => {
    // 1 level for the wire object, 1 for `request`, the rest arrays.
    const nested = (levels: number): ShareState => {
      let request: unknown = []
      for (let i = 2; i < levels; i++) request = [request]
      return { request }
    }
    for (const [levels, ok] of [
      [64, true],
      [65, false],
    ] as const) {
      const state = nested(levels)
      for (const link of [
        await rawLink(JSON.stringify(state)),
        await encodeShare(state),
      ]) {
        const decoded = await decodeShare(link)
        expect(decoded.success).toBe(ok)
        if (!decoded.success) expect(decoded.error.code).toBe("too_deep")
      }
    }
  })

  it("strips keys a crafted v2 link hides in its string table", async () => {
    const decoded = await decodeShare(
      await rawV2({
        t: ["my key is sk-ant-", [[0, 10, 7], "api03-abcdefghijklmnop"]],
        s: { request: { model: "m", "x-api-key": "~0", note: "~1" } },
      })
    )
    expect(decoded.success && decoded.data.request).toEqual({
      model: "m",
      note: "[redacted API key]",
    })
    expect(decoded.success && decoded.notes.join(" ")).toMatch(/credential/)
  })
})

describe("v2 failures", () => {
  const cases: [string, () => Promise<string>, string, RegExp][] = [
    [
      "a v2 reference outside its table",
      () => rawV2({ t: ["x"], s: { request: "~5" } }),
      "damaged",
      /damaged.*"~5".*table of 1/,
    ],
    [
      "a v2 table copying from a later string",
      () => rawV2({ t: [[[1, 0, 1]], "ab"], s: { request: "~0" } }),
      "damaged",
      /damaged.*copies from outside/,
    ],
    [
      "a v2 document without a table",
      () => rawLink('{"request":{}}', 2),
      "damaged",
      /damaged.*string table is malformed/,
    ],
    [
      "a v2 table that expands past the limit",
      () =>
        rawV2({
          t: ["x".repeat(100_000)],
          s: { request: Array(200).fill("~0") },
        }),
      "too_large",
      /expands to more than 16 MB/,
    ],
    [
      "a v2 state without a request",
      () => rawV2({ t: [], s: { view: {} } }),
      "invalid",
      /does not contain a playground request/,
    ],
  ]
  it.each(cases)("explains %s", async (_name, make, code, message) => {
    const error = await decodeFailure(await make())
    expect(error.code).toBe(code)
    expect(error.message).toMatch(message)
  })
})
