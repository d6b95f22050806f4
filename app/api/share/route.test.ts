// The share routes called directly, against a throwaway SQLite file.

import { describe, expect, it } from "vitest"

import { decodeShare, encodeShare, shareStateJson } from "@/lib/share/codec"
import { bytesToBase64url } from "@/lib/share/base64url"
import { deflateRaw } from "@/lib/share/deflate"
import { sha256Base32 } from "@/lib/share/ids"
import type { ShareState } from "@/lib/share/types"

import { DELETE, GET } from "./[id]/route"
import { POST } from "./route"
import { withThrowawayShareStore } from "./test-server"

withThrowawayShareStore("share-route-", "nested", "share.db")

const state = (n: number): ShareState => ({
  request: {
    model: "claude-sonnet-4-5",
    messages: [{ role: "user", content: `question ${n} 東京 👩‍💻` }],
  },
})

function post(body: unknown, headers: Record<string, string> = {}) {
  return POST(
    new Request("http://play.test/api/share", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    })
  )
}
const ctx = (id: string) => ({ params: Promise.resolve({ id }) })
const get = (id: string) =>
  GET(new Request(`http://play.test/api/share/${id}`), ctx(id))
const del = (id: string, token?: string) =>
  DELETE(
    new Request(`http://play.test/api/share/${id}`, {
      method: "DELETE",
      headers: token === undefined ? {} : { "x-delete-token": token },
    }),
    ctx(id)
  )

interface Created {
  id: string
  url: string
  existed: boolean
  deleteToken?: string
  notes: string[]
}

describe("POST /api/share", () => {
  it("stores a state under its content address and returns a delete token once", async () => {
    const payload = await encodeShare(state(1))
    const first = await post({ payload })
    expect(first.status).toBe(201)
    const created = (await first.json()) as Created
    expect(payload.startsWith("v2.")).toBe(true)
    expect(created.id).toBe(
      (await sha256Base32(shareStateJson(state(1)))).slice(0, 10)
    )
    expect(created.url).toBe(`http://play.test/s/${created.id}`)
    expect(created.existed).toBe(false)
    expect(created.deleteToken).toMatch(/^[A-Za-z0-9_-]{32}$/)

    const again = await post({ payload: `#${payload}` })
    expect(again.status).toBe(200)
    const repeated = (await again.json()) as Created
    expect(repeated).toEqual({
      id: created.id,
      url: created.url,
      existed: true,
      notes: [],
    })
  })

  it("gives the same id whatever key-like fields the client left in", async () => {
    const clean = (await (
      await post({ payload: await encodeShare(state(2)) })
    ).json()) as Created
    const dirty: ShareState = {
      request: { ...(state(2).request as object), api_key: "sk-x" },
    }
    // Built by hand so the secret really is inside the payload the server gets.
    const raw =
      "v1." +
      bytesToBase64url(
        await deflateRaw(new TextEncoder().encode(JSON.stringify(dirty)))
      )
    const res = await post({ payload: raw })
    const body = (await res.json()) as Created
    expect(body.id).toBe(clean.id)
    expect(body.notes.join(" ")).toMatch(/credential/)
  })

  it("accepts a v1 payload, gives it the v2 payload's id and stores v2", async () => {
    const s = state(5)
    const v1 =
      "v1." +
      bytesToBase64url(
        await deflateRaw(new TextEncoder().encode(JSON.stringify(s)))
      )
    const fromV1 = (await (await post({ payload: v1 })).json()) as Created
    const fromV2 = (await (
      await post({ payload: await encodeShare(s) })
    ).json()) as Created
    expect(fromV2.id).toBe(fromV1.id)
    expect(fromV2.existed).toBe(true)

    const { payload } = (await (await get(fromV1.id)).json()) as {
      payload: string
    }
    // What /s/:id hands to the browser: a current-format link.
    expect(payload.startsWith("v2.")).toBe(true)
    expect(await decodeShare(payload)).toEqual({
      success: true,
      data: s,
      notes: [],
    })
  })

  it.each([
    ["not JSON", "{oops", 400],
    ["no payload", { link: "v1.x" }, 400],
    ["a damaged payload", { payload: "v1.AAAA" }, 400],
    ["a non-share payload", { payload: "hello" }, 400],
    [
      "a v2 payload with a reference outside its table",
      // deflate-raw of {"t":["x"],"s":{"request":"~5"}}
      { payload: "v2.q1YqUbKKVqpQitVRKlayqlYqSi0sTS0uUbJSqjNVqq0FAA" },
      400,
    ],
  ])("rejects %s with the error shape", async (_name, body, status) => {
    const res = await post(body)
    expect(res.status).toBe(status)
    const json = (await res.json()) as {
      error: { code: string; message: string }
    }
    expect(json.error.code).toBe("bad_request:share")
    expect(json.error.message.length).toBeGreaterThan(5)
  })

  it("answers 413 for a payload over 1 MB", async () => {
    // Incompressible text (xorshift letters), so the payload really is large.
    let x = 2463534242
    let text = ""
    for (let i = 0; i < 1_000_000; i++) {
      x ^= x << 13
      x ^= x >>> 17
      x ^= x << 5
      text += String.fromCharCode(33 + ((x >>> 0) % 90))
    }
    const payload = await encodeShare({ request: { text } })
    expect(payload.length).toBeGreaterThan(1_000_000)
    const res = await post({ payload })
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({
      error: { code: "too_large:share" },
    })
  })

  it("answers 413 from Content-Length alone, before reading the body", async () => {
    const res = await post(
      { payload: "v1.AAAA" },
      { "content-length": "50000000" }
    )
    expect(res.status).toBe(413)
  })

  it("answers 413 for a small v2 payload whose references expand past the limit", async () => {
    const doc = {
      t: ["x".repeat(1024 * 1024)],
      s: { request: Array(20).fill("~0") },
    }
    const bomb =
      "v2." +
      bytesToBase64url(
        await deflateRaw(new TextEncoder().encode(JSON.stringify(doc)))
      )
    expect(bomb.length).toBeLessThan(10_000)
    const res = await post({ payload: bomb })
    expect(res.status).toBe(413)
  })

  it("answers 413 for a small payload that inflates past the limit", async () => {
    const bomb =
      "v1." +
      bytesToBase64url(await deflateRaw(new Uint8Array(20 * 1024 * 1024)))
    const res = await post({ payload: bomb })
    expect(res.status).toBe(413)
  })
})

describe("GET and DELETE /api/share/:id", () => {
  it("returns the payload, deletes only with the creator's token, then answers 410", async () => {
    const s = state(3)
    const { id, deleteToken } = (await (
      await post({ payload: await encodeShare(s) })
    ).json()) as Created
    if (!deleteToken) throw new Error("expected a delete token")

    const found = await get(id)
    expect(found.status).toBe(200)
    expect(found.headers.get("cache-control")).toBe("no-store")
    const { payload } = (await found.json()) as { payload: string }
    expect(await decodeShare(payload)).toEqual({
      success: true,
      data: s,
      notes: [],
    })

    expect((await del(id)).status).toBe(403)
    expect((await del(id, "wrong-token")).status).toBe(403)
    // One character off (a different one: a token may itself end in "A").
    const offByOne =
      deleteToken.slice(0, -1) + (deleteToken.endsWith("A") ? "B" : "A")
    expect(offByOne).not.toBe(deleteToken)
    expect((await del(id, offByOne)).status).toBe(403)
    expect((await get(id)).status).toBe(200)

    const deleted = await del(id, deleteToken)
    expect(deleted.status).toBe(204)
    expect(await deleted.text()).toBe("")

    const gone = await get(id)
    expect(gone.status).toBe(410)
    expect(await gone.json()).toMatchObject({ error: { code: "gone:share" } })
    expect((await del(id, deleteToken)).status).toBe(410)
  })

  it("never re-issues a deleted id: the same state posted again gets a new id, and the old one stays 410", async () => {
    const payload = await encodeShare(state(4))
    const first = (await (await post({ payload })).json()) as Created
    expect((await del(first.id, first.deleteToken)).status).toBe(204)
    const second = await post({ payload })
    expect(second.status).toBe(201)
    const reshared = (await second.json()) as Created
    expect(reshared.id).not.toBe(first.id)
    expect(reshared.deleteToken).toBeTruthy()
    expect(reshared.deleteToken).not.toBe(first.deleteToken)
    expect((await get(first.id)).status).toBe(410)
    expect((await get(reshared.id)).status).toBe(200)
    // A third post finds the live link and hands out no token.
    const third = (await (await post({ payload })).json()) as Created
    expect(third).toMatchObject({ id: reshared.id, existed: true })
    expect(third.deleteToken).toBeUndefined()
  })

  it("still shares a state whose every content id was deleted", async () => {
    const payload = await encodeShare(state(55))
    const ids = new Set<string>()
    for (let i = 0; i < 7; i++) {
      const created = (await (await post({ payload })).json()) as Created
      expect(created.existed, JSON.stringify(created)).toBe(false)
      expect(ids.has(created.id)).toBe(false)
      ids.add(created.id)
      expect((await del(created.id, created.deleteToken)).status).toBe(204)
    }
    for (const id of ids) expect((await get(id)).status).toBe(410)
  })

  it.each([
    ["an unknown id", "0123456789"],
    ["a malformed id", "../../etc"],
    ["an id with excluded letters", "ilouilouil"],
  ])("answers 404 for %s", async (_name, id) => {
    const res = await get(id)
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({
      error: { code: "not_found:share" },
    })
    expect((await del(id, "t")).status).toBe(404)
  })
})

describe("concurrency", () => {
  it("handles 200 parallel POSTs of mixed states without errors or loss", async () => {
    const distinct = 25
    const states = Array.from({ length: distinct }, (_, i) => state(100 + i))
    const payloads = await Promise.all(states.map((s) => encodeShare(s)))
    const order = Array.from({ length: 200 }, (_, i) => (i * 7) % distinct)

    // 200 clients at once (one client would meet the rate limit).
    const responses = await Promise.all(
      order.map((k, i) =>
        post({ payload: payloads[k] }, { "x-forwarded-for": `10.0.0.${i}` })
      )
    )
    const bodies = (await Promise.all(
      responses.map((r) => r.json())
    )) as Created[]
    expect(
      responses.map((r) => r.status).every((s) => s === 200 || s === 201)
    ).toBe(true)

    const idsByState = new Map<number, Set<string>>()
    const tokensByState = new Map<number, number>()
    order.forEach((k, i) => {
      const body = bodies[i] as Created
      idsByState.set(k, (idsByState.get(k) ?? new Set()).add(body.id))
      if (body.deleteToken)
        tokensByState.set(k, (tokensByState.get(k) ?? 0) + 1)
    })
    for (let k = 0; k < distinct; k++) {
      expect(idsByState.get(k)?.size).toBe(1) // equal states, equal ids
      expect(tokensByState.get(k)).toBe(1) // exactly one creator per state
    }
    const ids = states.map(
      (_, k) => [...(idsByState.get(k) ?? [])][0] as string
    )
    expect(new Set(ids).size).toBe(distinct)

    for (let k = 0; k < distinct; k++) {
      const res = await get(ids[k] as string)
      const { payload } = (await res.json()) as { payload: string }
      expect(await decodeShare(payload)).toMatchObject({
        success: true,
        data: states[k],
      })
    }
  })
})

describe("GET /s/:id", () => {
  it("answers 410 once the link is deleted, even after its state is posted again", async () => {
    const { GET: page } = await import("@/app/s/[id]/route")
    const open = (id: string) =>
      page(new Request(`http://play.test/s/${id}`), ctx(id))
    const payload = await encodeShare(state(77))
    const first = (await (await post({ payload })).json()) as Created
    const live = await open(first.id)
    expect(live.status).toBe(200)
    expect(await live.text()).toContain(`/#${payload}`)
    await del(first.id, first.deleteToken)
    await post({ payload })
    const dead = await open(first.id)
    expect(dead.status).toBe(410)
    expect(await dead.text()).toContain("This link was deleted")
    expect((await open("0123456789")).status).toBe(404)
  })
})
