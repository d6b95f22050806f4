import { readFileSync } from "node:fs"

import { E2E_SERVER_KEY } from "../test/fake-key"
import { expect, failedToLoad, test } from "./fixtures"

// These tests use the second e2e app server, started with ANTHROPIC_API_KEY
// (playwright.config.ts): a deployment with its own key.
test.use({
  baseURL: `http://127.0.0.1:${process.env.E2E_SERVER_KEY_PORT ?? 3101}`,
})

const request = {
  model: "claude-sonnet-4-6",
  max_tokens: 64,
  messages: [{ role: "user", content: "Count me with the server's key" }],
  context_management: { edits: [{ type: "clear_tool_uses_20250919" }] },
}

test("with a server key, the page calls the API without a typed key and never sees the key", async ({
  playground,
  page,
}) => {
  const bodies = playground.collectResponseBodies()
  await playground.openServerTab(request)
  await expect(playground.header("key-status")).toHaveText("key: server")
  await expect(playground.server("status")).toHaveAttribute(
    "data-server-key",
    "present"
  )
  await expect(playground.server("no-key")).toHaveCount(0)
  await expect(playground.server("key-input")).toHaveValue("")

  await playground.server("count").click()
  await expect(playground.server("count-result")).toContainText("server")
  await playground.server("send").click()
  await expect(playground.server("applied-edits")).toBeVisible({
    timeout: 20_000,
  })

  // The key stays on the server: not in the markup, any response, the URL,
  // browser storage, a share link or the server's output.
  const secret = E2E_SERVER_KEY.slice(-16)
  expect(await page.content()).not.toContain(secret)
  expect(bodies.length).toBeGreaterThan(0)
  for (const body of bodies) expect(body).not.toContain(secret)
  expect(page.url()).not.toContain(secret)
  expect(await playground.permalink()).not.toContain(secret)
  const storage = await page.evaluate(
    () =>
      JSON.stringify({ ...localStorage }) +
      JSON.stringify({ ...sessionStorage })
  )
  expect(storage).not.toContain(secret)
  expect(readFileSync("data/e2e-server-key.log", "utf8")).not.toContain(secret)
})

test.describe("a rejected key", () => {
  // The browser logs the 401 the fake API answers the bad key with.
  test.use({ allowedConsoleErrors: failedToLoad(401) })
  test("a typed key overrides the server's, and clearing it goes back to the server's", async ({
    playground,
  }) => {
    await playground.openServerTab(request)
    const mode = playground.header("key-status")
    await expect(mode).toHaveText("key: server")
    // The fake API rejects keys starting "sk-ant-bad" with a 401: the typed
    // key, not the server's, is the one sent.
    await playground
      .server("key-input")
      .fill(`${E2E_SERVER_KEY.slice(0, 7)}bad-typed`)
    await expect(mode).toHaveText("key: typed")
    await playground.server("count").click()
    await expect(playground.server("error")).toContainText(/check the key/i, {
      timeout: 20_000,
    })
    await playground.server("key-input").fill("")
    await expect(mode).toHaveText("key: server")
    await playground.server("count").click()
    await expect(playground.server("count-result")).toContainText("server")
  })
})

test.describe("another site's page", () => {
  // What the hostile page provokes is logged by the browser: the 404 of the
  // page it runs on (an API path), the 403 and the blocked CORS preflight.
  test.use({
    allowedConsoleErrors:
      /Failed to load resource: (the server responded with a status of 40[34]|net::ERR_FAILED)|has been blocked by CORS policy/,
  })
  test("another site's page cannot spend the server's key", async ({
    page,
  }) => {
    // A page of another origin (the fake API's health page: another port,
    // and no CSP of ours, which would forbid the fetches outright) posts to
    // this deployment the ways a hostile page could: a no-cors text/plain
    // "simple request", and a JSON fetch that needs a CORS preflight.
    const target = `http://127.0.0.1:${process.env.E2E_SERVER_KEY_PORT ?? 3101}/api/count-tokens`
    await page.goto(
      `http://127.0.0.1:${process.env.E2E_FAKE_ANTHROPIC_PORT ?? 3199}/health`
    )
    const posted = page.waitForResponse(
      (r) => r.url() === target && r.request().method() === "POST"
    )
    const outcome = await page.evaluate(
      async ({ url, body }) => {
        await fetch(url, {
          method: "POST",
          mode: "no-cors",
          headers: { "content-type": "text/plain" },
          body,
        })
        try {
          await fetch(url, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body,
          })
          return "json fetch answered"
        } catch {
          return "json fetch blocked"
        }
      },
      { url: target, body: JSON.stringify({ request }) }
    )
    expect((await posted).status()).toBe(403)
    expect(outcome).toBe("json fetch blocked")
  })
})
