// Hostile links: whatever arrives in location.hash, decoding must answer
// with a result (never throw) and within a bound. The bound is a safety net
// against hangs, not a speed benchmark, so it is generous.

import fc from "fast-check"
import { describe, expect, it } from "vitest"

import { bytesToBase64url } from "./base64url"
import { decodeFragment, encodeShare } from "./codec"
import { deflateRaw } from "./deflate"
import { requestArb } from "./fake-states"

const PER_CALL_MS = 2000
const timings: number[] = []

async function answer(hash: string) {
  const start = performance.now()
  const result = await decodeFragment(hash)
  const ms = performance.now() - start
  timings.push(ms)
  expect(ms).toBeLessThan(PER_CALL_MS)
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
        await answer("#v1." + (await deflated(JSON.stringify(value))))
      }),
      { numRuns: 300 }
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
      async () =>
        "#v1." +
        (await deflated('{"request":' + " ".repeat(20 * 1024 * 1024) + "1}")),
      "too_large",
    ],
    [
      "100k-deep arrays",
      async () =>
        "#v1." + (await deflated("[".repeat(100_000) + "]".repeat(100_000))),
      "too_deep",
    ],
    [
      "100k-deep objects",
      async () =>
        "#v1." +
        (await deflated('{"a":'.repeat(100_000) + "1" + "}".repeat(100_000))),
      "too_deep",
    ],
    [
      "unclosed 1M-deep arrays",
      async () => "#v1." + (await deflated("[".repeat(1_000_000))),
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
      "v2",
      async () => "#v2." + (await deflated('{"request":{}}')),
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

  it("kept every call within the bound and the total reasonable", () => {
    expect(timings.length).toBeGreaterThan(2500)
    expect(Math.max(...timings)).toBeLessThan(PER_CALL_MS)
    expect(timings.reduce((a, b) => a + b, 0)).toBeLessThan(60_000)
  })
})
