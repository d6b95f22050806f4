// The headers every response carries, checked on the production server:
// a CSP whose scripts need the response's nonce, no framing but the embed
// card (404s and API routes included), nosniff, a Referrer-Policy, and
// short links built on the request's own host.
import { createServer } from "node:http"

import type { APIResponse } from "@playwright/test"

import { encodeShare } from "@/lib/share/codec"

import { expect, test } from "./fixtures"
import { ask } from "./requests"

/** A port for the other site's page: next to the app's (E2E_PORT + 11). */
const ATTACKER_PORT = Number(process.env.E2E_PORT ?? 3100) + 11

function cspOf(response: APIResponse) {
  const csp = response.headers()["content-security-policy"] ?? ""
  const directive = (name: string) =>
    csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `))
      ?.slice(name.length + 1) ?? null
  return { csp, directive }
}

test("every kind of response is unframeable, unsniffable and has a strict script policy; only the embed card may be framed", async ({
  request,
}) => {
  const staticFile = /src="(\/_next\/static\/[^"]+\.js)"/.exec(
    await (await request.get("/")).text()
  )![1]!
  const cases: [string, () => Promise<APIResponse>, boolean][] = [
    ["the playground", () => request.get("/"), false],
    ["a 404 page", () => request.get("/no-such-page"), false],
    ["an API route", () => request.get("/api/status"), false],
    ["a refused POST", () => request.post("/api/share", { data: "x" }), false],
    ["an unknown short link", () => request.get("/s/zzzzzzzzzz"), false],
    ["a static file", () => request.get(staticFile), false],
    ["the embed card", () => request.get("/embed"), true],
    ["a short link as a card", () => request.get("/s/zzzzzzzzzz?embed"), true],
  ]
  for (const [name, get, frameable] of cases) {
    const response = await get()
    const headers = response.headers()
    expect(headers["x-content-type-options"], name).toBe("nosniff")
    expect(headers["referrer-policy"], name).toBe(
      "strict-origin-when-cross-origin"
    )
    const { directive } = cspOf(response)
    expect(directive("frame-ancestors"), name).toBe(frameable ? "*" : "'none'")
    expect(headers["x-frame-options"], name).toBe(
      frameable ? undefined : "DENY"
    )
    if (name === "a static file") continue
    const scripts = directive("script-src") ?? ""
    expect(scripts, name).toMatch(/'nonce-[\w+/=]{16,}'/)
    expect(scripts, name).not.toContain("unsafe-inline")
    expect(scripts, name).not.toContain("unsafe-eval")
  }
})

test("every script of a page carries that response's own nonce, new for each response", async ({
  request,
}) => {
  const nonces = new Set<string>()
  for (const path of ["/", "/", "/embed"]) {
    const response = await request.get(path)
    const nonce = /'nonce-([^']+)'/.exec(cspOf(response).csp)![1]!
    nonces.add(nonce)
    const tags = (await response.text()).match(/<script\b[^>]*>/g) ?? []
    expect(tags.length).toBeGreaterThan(0)
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`)
  }
  expect(nonces.size).toBe(3)
})

test.describe("framed by another site", () => {
  // Chromium logs the refused frame as an error.
  test.use({
    allowedConsoleErrors: /frame-ancestors|Refused to (frame|display)/,
  })

  test("the playground refuses to render in another site's frame; the embed card renders", async ({
    page,
    baseURL,
  }) => {
    // Another site on this machine (Chromium keeps public sites from
    // framing loopback addresses at all, which would prove nothing).
    const attacker = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" })
      res.end(
        `<iframe id="main" src="${baseURL}/"></iframe><iframe id="card" src="${baseURL}/embed"></iframe>`
      )
    })
    await new Promise<void>((resolve) =>
      attacker.listen(ATTACKER_PORT, "127.0.0.1", resolve)
    )
    try {
      await page.goto(`http://localhost:${ATTACKER_PORT}/`)
      const card = page.frameLocator("#card")
      await expect(card.getByTestId("embed.view")).toBeVisible()
      // The refused frame never runs the playground (its header would show by now).
      await page.waitForTimeout(1000)
      expect(
        await page.frameLocator("#main").getByTestId("header.import").count()
      ).toBe(0)
    } finally {
      attacker.close()
    }
  })
})

test("a short link is built on the request's own host, never on a client's X-Forwarded-Host", async ({
  request,
  baseURL,
}) => {
  const payload = await encodeShare({ request: ask("forwarded host") })
  const response = await request.post("/api/share", {
    data: { payload },
    headers: {
      "x-forwarded-host": "evil.test",
      "x-forwarded-proto": "https",
    },
  })
  expect(response.status()).toBe(201)
  const { url } = (await response.json()) as { url: string }
  expect(url.startsWith(`${baseURL}/s/`)).toBe(true)
})
