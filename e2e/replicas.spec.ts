// Two standalone instances on one Postgres, as replicas behind a load
// balancer run: short links and rate limits are the database's, so no
// create is lost, a deleted link stays deleted everywhere, and a client has
// one quota, not one per instance. Postgres is PGlite served over the wire
// protocol (no system install); the instances are Next's standalone output
// run by server.mjs. Ports: E2E_PORT + 20 (Postgres) to + 23.
import { spawn, spawnSync, type ChildProcess } from "node:child_process"

import { COUNT_TOKENS_RATE_LIMIT } from "@/lib/anthropic/rate-limit"
import { encodeShare } from "@/lib/share/codec"

import { expect, test } from "./fixtures"
import { ask } from "./requests"

const BASE = Number(process.env.E2E_PORT ?? 3100) + 20
const PG_PORT = BASE
const url = (port: number) => `http://127.0.0.1:${port}`
/** Two replicas behind one trusted proxy (it names the client in X-Forwarded-For)… */
const A = url(BASE + 1)
const B = url(BASE + 2)
/** …and one exposed directly (nothing the client writes is trusted). */
const DIRECT = url(BASE + 3)
const DATABASE = `postgres://postgres:postgres@127.0.0.1:${PG_PORT}/postgres?sslmode=disable`

const children: ChildProcess[] = []

function start(args: string[], env: Record<string, string>, cwd?: string) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  })
  children.push(child)
  return child
}

async function waitFor(check: () => Promise<boolean>, what: string) {
  // PGlite's first start (initdb in WASM) takes 2 s idle, 20 s on a busy machine.
  const until = Date.now() + 150_000
  while (Date.now() < until) {
    if (await check().catch(() => false)) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${what} did not start`)
}

test.describe.configure({ mode: "serial" })
test.setTimeout(300_000)

test.beforeAll(async () => {
  const ready = spawnSync(process.execPath, ["scripts/standalone.mjs"], {
    encoding: "utf8",
  })
  expect(ready.status, ready.stderr).toBe(0)
  start(["test/postgres/pglite-server.mjs", "--port", String(PG_PORT)], {})
  const net = await import("node:net")
  await waitFor(
    () =>
      new Promise((resolve) => {
        const socket = net.connect(PG_PORT, "127.0.0.1")
        socket.once("connect", () => (socket.end(), resolve(true)))
        socket.once("error", () => resolve(false))
      }),
    "Postgres"
  )
  const instance = (port: number, hops: string) =>
    start(
      ["server.mjs", "--port", String(port), "-H", "127.0.0.1"],
      {
        SHARE_DATABASE_URL: DATABASE,
        TRUSTED_PROXY_HOPS: hops,
        SHARE_DATABASE_POOL_MAX: "8",
      },
      ".next/standalone"
    )
  instance(BASE + 1, "1")
  instance(BASE + 2, "1")
  instance(BASE + 3, "0")
  for (const base of [A, B, DIRECT])
    await waitFor(
      async () => (await fetch(`${base}/api/status`)).ok,
      `instance ${base}`
    )
})

test.afterAll(() => {
  for (const child of children.reverse()) child.kill("SIGTERM")
})

const json = { "content-type": "application/json" }

function create(base: string, payload: string, client: string) {
  return fetch(`${base}/api/share`, {
    method: "POST",
    headers: { ...json, "x-forwarded-for": client },
    body: JSON.stringify({ payload }),
  })
}

test("500 concurrent creates over two instances: none lost or duplicated, each readable from both", async () => {
  const states = await Promise.all(
    Array.from({ length: 250 }, (_, i) =>
      encodeShare({ request: ask(`replica state ${i}`) })
    )
  )
  // Every state twice, once on each instance, all at once, from 500 clients.
  const answers = await Promise.all(
    Array.from({ length: 500 }, async (_, i) => {
      const response = await create(
        i % 2 ? A : B,
        states[i % 250]!,
        `198.18.${i >> 8}.${i & 255}`
      )
      return {
        status: response.status,
        body: (await response.json()) as { id: string },
      }
    })
  )
  expect(answers.filter((a) => a.status >= 300)).toEqual([])
  const ids = new Map<number, Set<string>>()
  answers.forEach((a, i) =>
    ids.set(i % 250, (ids.get(i % 250) ?? new Set()).add(a.body.id))
  )
  // Both creates of one state got one id; different states different ids.
  expect([...ids.values()].every((s) => s.size === 1)).toBe(true)
  expect(new Set([...ids.values()].map((s) => [...s][0])).size).toBe(250)
  // Exactly one of the two got the delete token.
  expect(answers.filter((a) => a.status === 201)).toHaveLength(250)
  for (const [i, set] of [...ids.entries()].filter(([i]) => i % 25 === 0)) {
    const id = [...set][0]
    for (const base of [A, B]) {
      const read = await fetch(`${base}/api/share/${id}`)
      expect(read.status).toBe(200)
      expect(
        ((await read.json()) as { payload: string }).payload.length
      ).toBeGreaterThan(0)
    }
    void i
  }
})

test("a link deleted on one instance is gone on the other, and its id is never issued again", async () => {
  const payload = await encodeShare({
    request: ask("tombstone across replicas"),
  })
  const made = await create(A, payload, "198.19.0.1")
  expect(made.status).toBe(201)
  const { id, deleteToken } = (await made.json()) as {
    id: string
    deleteToken: string
  }
  const removed = await fetch(`${B}/api/share/${id}`, {
    method: "DELETE",
    headers: { "x-delete-token": deleteToken },
  })
  expect(removed.status).toBe(204)
  expect((await fetch(`${A}/api/share/${id}`)).status).toBe(410)
  expect((await fetch(`${A}/s/${id}`)).status).toBe(410)
  const again = await create(A, payload, "198.19.0.2")
  expect(again.status).toBe(201)
  expect(((await again.json()) as { id: string }).id).not.toBe(id)
  expect((await fetch(`${B}/api/share/${id}`)).status).toBe(410)
})

test("one client's limit holds across both instances", async () => {
  const payloads = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      encodeShare({ request: ask(`quota ${i}`) })
    )
  )
  const statuses = await Promise.all(
    payloads.map(
      async (p, i) => (await create(i % 2 ? A : B, p, "203.0.113.77")).status
    )
  )
  // Bursts of 30 for the client, whichever instance answers.
  expect(statuses.filter((s) => s === 429)).toHaveLength(10)
  const runs = await Promise.all(
    Array.from(
      { length: 20 },
      async (_, i) =>
        (
          await fetch(`${i % 2 ? A : B}/api/messages`, {
            method: "POST",
            headers: { ...json, "x-forwarded-for": "203.0.113.78" },
            body: JSON.stringify({ request: ask("hi") }),
          })
        ).status
    )
  )
  expect(runs.filter((s) => s !== 429)).toHaveLength(10)
})

test("rotating X-Forwarded-For buys nothing when no proxy is trusted", async () => {
  const statuses = await Promise.all(
    Array.from(
      { length: 40 },
      async (_, i) =>
        (
          await fetch(`${DIRECT}/api/messages`, {
            method: "POST",
            headers: {
              ...json,
              "x-forwarded-for": `192.0.2.${i}, 10.0.0.${i}`,
            },
            body: JSON.stringify({ request: ask("farm") }),
          })
        ).status
    )
  )
  expect(statuses.filter((s) => s !== 429)).toHaveLength(10)
})

test("Next fills X-Forwarded-For with the connection's address only when the request has none, and never appends to it", async () => {
  const run = (headers: Record<string, string>) =>
    fetch(`${A}/api/count-tokens`, {
      method: "POST",
      headers: { ...json, ...headers },
      body: JSON.stringify({ request: ask("count") }),
    }).then((r) => r.status)
  // No header: Next writes the socket's address (127.0.0.1), and behind one
  // trusted hop that is the client. Its whole burst is spent here (a few
  // more than the burst, so the 1-per-second refill cannot hide it)…
  const burst = COUNT_TOKENS_RATE_LIMIT.capacity
  const many = (n: number, headers: Record<string, string>) =>
    Promise.all(Array.from({ length: n }, () => run(headers)))
  const bare = await many(burst + 20, {})
  expect(bare.filter((s) => s === 429).length).toBeGreaterThan(0)
  // …so requests naming 127.0.0.1 itself are that same client: a fresh
  // client would have a whole burst to spend and be refused none of them.
  const named = await many(5, { "x-forwarded-for": "127.0.0.1" })
  expect(named.filter((s) => s === 429).length).toBeGreaterThan(0)
  // A header that is there is passed on as is: had Next appended the
  // socket's address, this client would be 127.0.0.1 too (and refused).
  expect(await run({ "x-forwarded-for": "198.51.100.7" })).not.toBe(429)
})
