// The share routes behind the app's one route guard: what another site's
// page, an HTML form and a script each get, and the creation rate limit.

import { describe, expect, it } from "vitest"

import { encodeShare } from "@/lib/share/codec"
import { SHARE_CREATE_RATE_LIMIT } from "@/lib/share/limits"

import { DELETE, GET } from "./[id]/route"
import { POST } from "./route"
import { withThrowawayShareStore } from "./test-server"

withThrowawayShareStore("share-guard-", "share.db")

const payloadFor = (n: number) =>
  encodeShare({
    request: {
      model: "claude-sonnet-4-5",
      messages: [{ role: "user", content: `guard ${n}` }],
    },
  })

function post(body: string, headers: Record<string, string>) {
  return POST(
    new Request("http://127.0.0.1:3000/api/share", {
      method: "POST",
      headers: { host: "127.0.0.1:3000", ...headers },
      body,
    })
  )
}
const ctx = (id: string) => ({ params: Promise.resolve({ id }) })

describe("POST /api/share from another site", () => {
  it.each([
    ["a cross-site fetch", { "sec-fetch-site": "cross-site" }],
    ["a same-site (other subdomain) fetch", { "sec-fetch-site": "same-site" }],
    ["an old browser's foreign Origin", { origin: "https://evil.example" }],
    ["a sandboxed frame", { origin: "null" }],
  ])("refuses %s with 403 and stores nothing", async (name, headers) => {
    const payload = await payloadFor(name.length * 1000)
    const res = await post(JSON.stringify({ payload }), {
      "content-type": "application/json",
      ...headers,
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({
      error: { code: "forbidden:share" },
    })
    // Nothing was stored: the first same-origin post is the creator.
    const own = await post(JSON.stringify({ payload }), {
      "content-type": "application/json",
      "sec-fetch-site": "same-origin",
    })
    expect(own.status).toBe(201)
  })

  it("refuses an HTML form's text/plain post (no preflight) with 400", async () => {
    const payload = await payloadFor(2)
    const res = await post(`{"payload":"${payload}","x":"=1"}`, {
      "content-type": "text/plain",
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({
      error: { code: "bad_request:share" },
    })
  })

  it("answers the page's own post and a script's JSON post", async () => {
    const fromPage = await post(
      JSON.stringify({ payload: await payloadFor(3) }),
      {
        "content-type": "application/json",
        "sec-fetch-site": "same-origin",
        origin: "http://127.0.0.1:3000",
      }
    )
    expect(fromPage.status).toBe(201)
    const fromCurl = await post(
      JSON.stringify({ payload: await payloadFor(4) }),
      {
        "content-type": "application/json",
      }
    )
    expect(fromCurl.status).toBe(201)
  })

  it("links to the host the caller used, not the server's own name", async () => {
    const res = await post(JSON.stringify({ payload: await payloadFor(5) }), {
      "content-type": "application/json",
    })
    const { url, id } = (await res.json()) as { url: string; id: string }
    expect(url).toBe(`http://127.0.0.1:3000/s/${id}`)
  })
})

describe("DELETE /api/share/:id from another site", () => {
  it("refuses it with 403 even with the right token; the link survives", async () => {
    const res = await post(JSON.stringify({ payload: await payloadFor(6) }), {
      "content-type": "application/json",
    })
    const { id, deleteToken } = (await res.json()) as {
      id: string
      deleteToken: string
    }
    const foreign = await DELETE(
      new Request(`http://127.0.0.1:3000/api/share/${id}`, {
        method: "DELETE",
        headers: {
          "x-delete-token": deleteToken,
          "sec-fetch-site": "cross-site",
        },
      }),
      ctx(id)
    )
    expect(foreign.status).toBe(403)
    const still = await GET(new Request(`http://x/api/share/${id}`), ctx(id))
    expect(still.status).toBe(200)
  })
})

describe("rate limit on short-link creation", () => {
  it("answers 429 with Retry-After once a client's burst is spent, other clients unaffected", async () => {
    const payload = await payloadFor(7)
    const json = { "content-type": "application/json" }
    for (let i = 0; i < SHARE_CREATE_RATE_LIMIT.capacity; i++) {
      const ok = await post(JSON.stringify({ payload }), {
        ...json,
        "x-forwarded-for": "203.0.113.9",
      })
      expect(ok.status).toBeLessThan(300)
    }
    const limited = await post(JSON.stringify({ payload }), {
      ...json,
      "x-forwarded-for": "203.0.113.9",
    })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0)
    expect(await limited.json()).toMatchObject({
      error: { code: "rate_limit:share" },
    })
    const other = await post(JSON.stringify({ payload }), {
      ...json,
      "x-forwarded-for": "203.0.113.10",
    })
    expect(other.status).toBeLessThan(300)
  })
})
