// Hostile links: whatever arrives in location.hash, decoding must answer
// with a result (never throw, never hang). Hangs are caught by the test
// timeout (vitest.config.mts); decoding speed is measured by bench/share.

import fc from "fast-check"
import { describe, expect, it } from "vitest"

import { bytesToBase64url } from "./base64url"
import { decodeFragment, encodeShare } from "./codec"
import { deflateRaw } from "./deflate"
import { requestArb } from "./fake-states"

async function answer(hash: string) {
  const result = await decodeFragment(hash)
  expect(typeof result.success).toBe("boolean")
  if (!result.success) {
    expect(result.error.code).toMatch(/^[a-z_]+$/)
    expect(result.error.message.length).toBeGreaterThan(10)
  }
  return result
}

const b64 = (bytes: Uint8Array) => bytesToBase64url(bytes)
const deflated = async (text: string) =>
  b64(await deflateRaw(new TextEncoder().encode(text)))
/** A link of `version` whose payload is `text`, deflated. */
const deflatedLink = async (version: "v1" | "v2", text: string) =>
  `#${version}.` + (await deflated(text))
const v2 = (doc: unknown) => deflatedLink("v2", JSON.stringify(doc))
/** 100,000 nested empty arrays, as JSON text. */
const DEEP_ARRAYS = "[".repeat(100_000) + "]".repeat(100_000)

// Random v2 documents: tables of strings and copies (in and out of range,
// forwards, backwards, onto themselves), states full of references.
const refArb = fc.oneof(
  fc.nat({ max: 40 }).map((n) => "~" + n.toString(36)),
  fc.constantFrom("~", "~~", "~~0", "~00", "~A", "~-1", "~1e3", "~ 0"),
  fc.string({ maxLength: 8 })
)
const partArb = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.tuple(
    fc.integer({ min: -2, max: 12 }),
    fc.integer({ min: -2, max: 40 }),
    fc.integer({ min: -2, max: 40 })
  ),
  fc.jsonValue({ maxDepth: 2 })
)
const v2DocArb = fc.record(
  {
    t: fc.oneof(
      fc.array(
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.array(partArb, { maxLength: 5 })
        ),
        { maxLength: 12 }
      ),
      fc.jsonValue({ maxDepth: 2 })
    ),
    s: fc.oneof(
      fc.record({
        request: fc.oneof(refArb, fc.array(refArb, { maxLength: 6 })),
        requestText: refArb,
        view: fc.record({ selected: refArb }),
      }),
      fc.jsonValue({ maxDepth: 4 })
    ),
    x: fc.jsonValue({ maxDepth: 1 }),
  },
  { requiredKeys: [] }
)

describe("decodeFragment under fuzzing", () => {
  it("answers random strings, random base64 and random bytes", async () => {
    const fragments = fc.oneof(
      fc.string({ unit: "binary", maxLength: 200 }),
      fc.string({ unit: "binary", maxLength: 200 }).map((s) => "#v1." + s),
      fc.stringMatching(/^[A-Za-z0-9_-]{0,300}$/).map((s) => "#v1." + s),
      fc.uint8Array({ maxLength: 300 }).map((bytes) => "#v1." + b64(bytes)),
      fc.string({ unit: "binary", maxLength: 200 }).map((s) => "#request=" + s),
      fc
        .string({ maxLength: 200 })
        .map((s) => "#request=" + encodeURIComponent(s)),
      fc.tuple(fc.nat({ max: 99 }), fc.string()).map(([n, s]) => `#v${n}.${s}`)
    )
    await fc.assert(
      fc.asyncProperty(fragments, async (hash) => {
        await answer(hash)
      }),
      { numRuns: 2000 }
    )
  })

  it("answers random JSON deflated into a v1 link", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 6 }), async (value) => {
        await answer(await deflatedLink("v1", JSON.stringify(value)))
      }),
      { numRuns: 300 }
    )
  })

  it("answers random JSON deflated into a v2 link", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 6 }), async (value) => {
        await answer(await v2(value))
      }),
      { numRuns: 200 }
    )
  })

  it("answers random v2 tables and references", async () => {
    await fc.assert(
      fc.asyncProperty(v2DocArb, async (doc) => {
        await answer(await v2(doc))
      }),
      { numRuns: 500 }
    )
  })

  it("says a truncated or corrupted real link is damaged", async () => {
    const [request] = fc.sample(requestArb, { numRuns: 1, seed: 42 })
    const link = await encodeShare({
      request: { ...request, pad: "realistic text ".repeat(300) },
    })
    const damaged = new Set<string>()
    for (
      let cut = 4;
      cut < link.length;
      cut += Math.max(1, Math.floor(link.length / 300))
    ) {
      const result = await answer("#" + link.slice(0, cut))
      if (!result.success) damaged.add(result.error.code)
      else throw new Error(`a link cut at ${cut}/${link.length} decoded`)
    }
    expect([...damaged]).toEqual(["damaged"])

    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: link.length - 4 }),
        fc.constantFrom("A", "z", "-", "_", "!", "é"),
        async (at, ch) => {
          await answer("#" + link.slice(0, 3 + at) + ch + link.slice(4 + at))
        }
      ),
      { numRuns: 200 }
    )
  })

  it.each([
    [
      "50 MB of zeros",
      async () => {
        const link =
          "#v1." + b64(await deflateRaw(new Uint8Array(50 * 1024 * 1024)))
        expect(link.length).toBeLessThan(100_000) // small link, huge payload
        return link
      },
      "too_large",
    ],
    [
      "20 MB of JSON whitespace",
      () =>
        deflatedLink("v1", '{"request":' + " ".repeat(20 * 1024 * 1024) + "1}"),
      "too_large",
    ],
    ["100k-deep arrays", () => deflatedLink("v1", DEEP_ARRAYS), "too_deep"],
    [
      "100k-deep objects",
      () =>
        deflatedLink("v1", '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000)),
      "too_deep",
    ],
    [
      "unclosed 1M-deep arrays",
      () => deflatedLink("v1", "[".repeat(1_000_000)),
      "too_deep",
    ],
    [
      "deep #request=",
      async () => "#request=" + "%5B".repeat(100_000),
      "too_deep",
    ],
    [
      "a 5 MB fragment",
      async () => "#v1." + "A".repeat(5 * 1024 * 1024),
      "too_large",
    ],
    [
      "a 4 MB base64 payload of noise",
      async () => "#v1." + "Zm9v".repeat(1024 * 1024 - 2),
      "damaged",
    ],
    [
      "a 5 MB #request=",
      async () => "#request=" + "a".repeat(5 * 1024 * 1024),
      "too_large",
    ],
    [
      "#request= with broken escapes",
      async () => "#request=%7B%22a%22%3A%ZZ",
      "damaged",
    ],
    ["v0", async () => "#v0.AAAA", "damaged"],
    [
      "v2 references past the table",
      () => v2({ t: ["a"], s: { request: ["~0", "~1"] } }),
      "damaged",
    ],
    [
      "a v2 copy cycle",
      () => v2({ t: [[[1, 0, 1]], [[0, 0, 1]]], s: { request: "~0" } }),
      "damaged",
    ],
    [
      "a v2 table that doubles 40 times",
      () =>
        v2({
          t: [
            "x".repeat(1000),
            ...Array.from({ length: 40 }, (_, k) => [
              [k, 0, 1000 * 2 ** k],
              [k, 0, 1000 * 2 ** k],
            ]),
          ],
          s: { request: "~0" },
        }),
      "too_large",
    ],
    [
      "a 1 MB v2 string referenced 100 times",
      () =>
        v2({
          t: ["x".repeat(1024 * 1024)],
          s: { request: Array(100).fill("~0") },
        }),
      "too_large",
    ],
    [
      "a v2 table of 3M entries",
      () => v2({ t: Array(3_000_000).fill("abcde"), s: { request: "~1" } }),
      "too_large",
    ],
    [
      "100k-deep arrays in a v2 state",
      () => deflatedLink("v2", `{"t":[],"s":${DEEP_ARRAYS}}`),
      "too_deep",
    ],
    [
      "100k-deep arrays in a v2 table",
      () => deflatedLink("v2", `{"t":${DEEP_ARRAYS},"s":{}}`),
      "too_deep",
    ],
    [
      "50 MB of zeros as v2",
      async () =>
        "#v2." + b64(await deflateRaw(new Uint8Array(50 * 1024 * 1024))),
      "too_large",
    ],
    [
      "a v2 document under the v3 prefix",
      () =>
        v2({ t: [], s: { request: {} } }).then((l) =>
          l.replace("#v2.", "#v3.")
        ),
      "damaged",
    ],
    [
      "v4",
      () =>
        v2({ t: [], s: { request: {} } }).then((l) =>
          l.replace("#v2.", "#v4.")
        ),
      "unsupported_version",
    ],
    ["v999999999", async () => "#v999999999.AAAA", "unsupported_version"],
    ["a missing dot", async () => "#v1AAAA", "not_share"],
    ["an upper-case V", async () => "#V1.AAAA", "not_share"],
    ["padding only", async () => "#v1.====", "damaged"],
    ["4n+1 base64 length", async () => "#v1.AAAAA", "damaged"],
  ])("answers %s", async (_name, make, code) => {
    const result = await answer(await make())
    expect(result).toMatchObject({ success: false, error: { code } })
  })
})
