import { describe, expect, it } from "vitest"

import { bytesToBase64url } from "./base64url"
import { decodeFragment, decodeShare, encodeShare } from "./codec"
import { decodeFailure, rawLink } from "./test-helpers"
import type { ShareState } from "./types"
import { fakeKey } from "@/test/fake-key"

const request = {
  model: "claude-sonnet-4-5",
  max_tokens: 256,
  messages: [{ role: "user", content: "Hello 👋" }],
  context_management: {
    edits: [
      {
        type: "clear_tool_uses_20250919",
        keep: { type: "tool_uses", value: 2 },
      },
    ],
  },
}

describe("encodeShare", () => {
  it("writes a versioned base64url payload with no # and no padding", async () => {
    const link = await encodeShare({ request })
    expect(link).toMatch(/^v2\.[A-Za-z0-9_-]+$/)
  })

  it("gives the same link for the same state", async () => {
    expect(await encodeShare({ request })).toBe(await encodeShare({ request }))
  })

  it("omits empty defaults, so they do not change the link", async () => {
    const bare = await encodeShare({ request })
    const padded = await encodeShare({
      request,
      assumptions: {},
      view: { tab: undefined },
      requestText: undefined,
    })
    expect(padded).toBe(bare)
  })

  it("stores raw editor text once when the request is that text", async () => {
    const text = '{"model": "claude'.repeat(200)
    const once = await encodeShare({ request: text, requestText: text })
    const decoded = await decodeShare(once)
    expect(decoded).toEqual({
      success: true,
      data: { request: text, requestText: text },
      notes: [],
    })
  })
})

describe("decodeShare round trips", () => {
  const states: [string, ShareState][] = [
    ["a request object", { request }],
    [
      "every field",
      {
        request,
        assumptions: { tokenBasis: "x" },
        view: { tab: "server", collapsed: false, selected: "toolu_1" },
      },
    ],
    ["a null request", { request: null }],
    ["an array request", { request: [1, "two", { three: 3 }] }],
    ["empty messages", { request: { model: "m", messages: [] } }],
    [
      "raw text differing from request",
      { request: { a: 1 }, requestText: "{ a: 1" },
    ],
    [
      "CJK, emoji ZWJ and RTL",
      {
        request: {
          messages: [
            { role: "user", content: "東京 👨‍👩‍👧‍👦 🏳️‍🌈 مرحبا \u0000 \u2028" },
          ],
        },
      },
    ],
  ]
  it.each(states)("keeps %s", async (_name, state) => {
    const decoded = await decodeShare(await encodeShare(state))
    expect(decoded).toEqual({ success: true, data: state, notes: [] })
  })

  it("accepts a leading # and surrounding whitespace", async () => {
    const link = await encodeShare({ request })
    const decoded = await decodeShare(`  #${link}\n`)
    expect(decoded.success && decoded.data.request).toEqual(request)
  })
})

describe("secrets never travel", () => {
  const withKeys = {
    model: "m",
    api_key: fakeKey("api03-AAAAAAAAAAAAAAAAAAAA"),
    apiKey: "k1",
    headers: { "x-api-key": "k2", Authorization: "Bearer k3" },
    mcp_servers: [
      { type: "url", url: "https://x", name: "x", authorization_token: "k4" },
    ],
    messages: [
      {
        role: "user",
        content: `my key is ${fakeKey("api03-abcdefghijklmnop")}, keep it`,
      },
    ],
  }

  it("strips key-named fields and key-shaped text when encoding", async () => {
    const link = await encodeShare({ request: withKeys })
    const decoded = await decodeShare(link)
    if (!decoded.success) throw new Error(decoded.error.message)
    const json = JSON.stringify(decoded.data)
    for (const secret of [fakeKey("api03"), "k1", "k2", "Bearer k3", "k4"]) {
      expect(json).not.toContain(secret)
    }
    expect(decoded.data.request).toMatchObject({
      model: "m",
      headers: {},
      mcp_servers: [{ type: "url", url: "https://x", name: "x" }],
      messages: [
        { role: "user", content: "my key is [redacted API key], keep it" },
      ],
    })
  })

  it("strips keys from a crafted link and says so", async () => {
    const link = await rawLink(
      JSON.stringify({ request: { model: "m", "x-api-key": "stolen" } })
    )
    const decoded = await decodeShare(link)
    expect(decoded.success && decoded.data.request).toEqual({ model: "m" })
    expect(decoded.success && decoded.notes.join(" ")).toMatch(/credential/)
  })

  it("masks key/value pairs inside raw editor text", async () => {
    const text = '{"model": "m", "api_key": "sk-live-123", "x": 1'
    const decoded = await decodeShare(
      await encodeShare({ request: text, requestText: text })
    )
    expect(decoded.success && decoded.data.requestText).toBe(
      '{"model": "m", "api_key": "", "x": 1'
    )
  })
})

describe("decodeShare failures", () => {
  const cases: [string, () => Promise<string>, string, RegExp][] = [
    [
      "not a share",
      async () => "hello",
      "not_share",
      /does not contain a shared playground/,
    ],
    [
      "a newer version",
      async () => "v7.AAAA",
      "unsupported_version",
      /newer version/,
    ],
    ["bad base64", async () => "v1.@@@@", "damaged", /truncated or damaged/],
    ["an empty payload", async () => "v1.", "damaged", /truncated or damaged/],
    [
      "a truncated link",
      async () => (await encodeShare({ request })).slice(0, -12),
      "damaged",
      /truncated or damaged/,
    ],
    [
      "not deflate",
      async () =>
        "v1." + bytesToBase64url(new Uint8Array([255, 1, 2, 3, 4, 5])),
      "damaged",
      /damaged/,
    ],
    ["deflated non-JSON", () => rawLink("{not json"), "damaged", /damaged/],
    [
      "a JSON array root",
      () => rawLink("[1,2]"),
      "invalid",
      /does not contain a playground request/,
    ],
    [
      "an object without request",
      () => rawLink('{"view":{}}'),
      "invalid",
      /does not contain a playground request/,
    ],
    [
      "deep nesting",
      () => rawLink('{"request":' + "[".repeat(100) + "]".repeat(100) + "}"),
      "too_deep",
      /nested too deeply/,
    ],
    [
      "millions of tiny values (a few KB of link, within the byte cap, that would stall the page)",
      () => rawLink('{"request":[' + "0,".repeat(2_000_000) + "0]}"),
      "too_large",
      /more than 500,000 JSON values/,
    ],
  ]
  it.each(cases)("explains %s", async (_name, make, code, message) => {
    const error = await decodeFailure(await make())
    expect(error.code).toBe(code)
    expect(error.message).toMatch(message)
  })

  it.each([")", ".", "?utm_source=chat", "&ref=x)"])(
    "opens a link with %j stuck to its end (chat apps autolink), and says what it ignored",
    async (tail) => {
      const link = await encodeShare({ request })
      const decoded = await decodeShare(link + tail)
      expect(decoded.success && decoded.data.request).toEqual(request)
      expect(decoded.success && decoded.notes.join(" ")).toContain("Ignored")
    }
  )

  it("refuses an oversized fragment before decoding it", async () => {
    const decoded = await decodeShare("v1." + "A".repeat(5 * 1024 * 1024))
    expect(decoded).toMatchObject({
      success: false,
      error: { code: "too_large" },
    })
  })

  it("times out through the injected clock", async () => {
    let t = 0
    const link = await encodeShare({ request: { text: "x".repeat(300_000) } })
    const decoded = await decodeShare(link, { now: () => (t += 1000) })
    expect(decoded).toMatchObject({
      success: false,
      error: { code: "timeout" },
    })
  })

  it("repairs unknown view values instead of failing", async () => {
    const link = await rawLink(
      JSON.stringify({
        request: {},
        view: { tab: "nope", collapsed: "yes", selected: 3 },
        future: 1,
      })
    )
    const decoded = await decodeShare(link)
    expect(decoded.success && decoded.data).toEqual({ request: {} })
    expect(decoded.success && decoded.notes).toHaveLength(4)
  })
})

describe("decodeFragment", () => {
  it("dispatches #v2. to the share decoder", async () => {
    const decoded = await decodeFragment("#" + (await encodeShare({ request })))
    expect(decoded.success && decoded.data.request).toEqual(request)
  })

  it("reads a legacy #request= deep link", async () => {
    const decoded = await decodeFragment(
      "#request=" + encodeURIComponent(JSON.stringify(request))
    )
    expect(decoded).toEqual({ success: true, data: { request }, notes: [] })
  })

  it("keeps a #request= that is not JSON as editor text", async () => {
    const decoded = await decodeFragment(
      "#request=" + encodeURIComponent("{ half")
    )
    expect(decoded.success && decoded.data).toEqual({
      request: "{ half",
      requestText: "{ half",
    })
    expect(decoded.success && decoded.notes[0]).toMatch(/not valid JSON/)
  })

  it("keeps a literal + in #request= (encodeURIComponent writes %20 for spaces)", async () => {
    const decoded = await decodeFragment('#request={"a":"1+1"}')
    expect(decoded.success && decoded.data.request).toEqual({ a: "1+1" })
  })

  it.each([
    ["bad percent-encoding", "#request=%E0%A4%A", "damaged"],
    ["100k-deep brackets", "#request=" + "[".repeat(100_000), "too_deep"],
    [
      "a million values",
      "#request=" + encodeURIComponent("[" + "0,".repeat(1_000_000) + "0]"),
      "too_large",
    ],
    [
      "a key in the deep link",
      "#request=" + encodeURIComponent('{"api_key":"k","model":"m"}'),
      null,
    ],
    ["an empty hash", "", "not_share"],
    ["a bare #", "#", "not_share"],
    ["an anchor", "#section-2", "not_share"],
    ["a future version", "#v9.abc", "unsupported_version"],
    ["the next version", "#v4.abc", "unsupported_version"],
  ])("answers %s", async (_name, hash, code) => {
    const decoded = await decodeFragment(hash)
    if (code === null) {
      expect(decoded.success && decoded.data.request).toEqual({ model: "m" })
    } else {
      expect(decoded).toMatchObject({ success: false, error: { code } })
    }
  })
})
