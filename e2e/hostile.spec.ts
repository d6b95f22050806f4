// Hostile links, abuse of the share routes and secrets in the DOM, on the
// production build (issue 33).

import { encodeShare } from "@/lib/share/codec"

import { fakeKey } from "../test/fake-key"
import { expect, test } from "./fixtures"
import { watchLongTasks } from "./long-tasks"
import { PlaygroundPage } from "./pages/playground-page"
import { ask, request, user } from "./requests"

const tinyBlocks = (n: number) =>
  request(
    [user(Array.from({ length: n }, () => ({ type: "text", text: "x" })))],
    { model: "claude-sonnet-4-5", max_tokens: 1024 }
  )

test("the 4.5 KB link of 50,000 tiny text blocks never blocks the page for a second, says why it was refused, and keeps the work", async ({
  playground,
  page,
}) => {
  const link = await encodeShare({ request: tinyBlocks(50_000) })
  expect(link.length).toBeLessThan(6_000)
  const longTasks = await watchLongTasks(page, { fromFirstScript: true })

  // A fresh visitor: refused with its reason (the page's own first load is
  // what long tasks there measure, so the link's cost is measured below).
  await playground.open(`#${link}`)
  await expect(playground.notice("link")).toContainText("50,000 content blocks")
  await expect(playground.notice("link")).toContainText("kept")
  await expect(playground.tokens("before")).toBeVisible()
  expect(
    await page.locator("[data-testid^='diff.block.']").count()
  ).toBeLessThan(1_000)

  // Pasted into the open tab: only the link's own work runs.
  await playground
    .notice("link")
    .getByRole("button", { name: "Dismiss" })
    .click()
  await expect(playground.notice("link")).toHaveCount(0)
  // A refused link stays in the address bar (to copy or report); clear it
  // so that pasting it again is a hash change.
  await page.evaluate(() => history.replaceState(null, "", "/"))
  await page.waitForTimeout(2_000)
  await longTasks.reset()
  await playground.pasteFragment(`#${link}`)
  await expect(playground.notice("link")).toContainText("50,000 content blocks")
  await page.waitForTimeout(1_000)
  expect(await longTasks.longest()).toBeLessThan(1_000)
  expect(
    await page.locator("[data-testid^='diff.block.']").count()
  ).toBeLessThan(1_000)
})

test("a link opened by a full page load keeps the tab's work one Undo away", async ({
  playground,
  page,
}) => {
  await playground.openWithKeep(2)
  await playground.waitForAutosave()
  const link = await encodeShare({
    request: ask("Opened by a full load", {
      model: "claude-opus-4-6",
      max_tokens: 256,
    }),
  })
  // A full navigation of the same tab (not a hash change).
  await page.goto("about:blank")
  await page.goto(`/?from=chat#${link}`)
  await expect(playground.block(0, 0)).toContainText("Opened by a full load")
  await expect(playground.notice("link")).toContainText("Undo")
  await playground.header("undo").click()
  await expect(playground.field(1, "keep")).toHaveValue("2")
})

test("a typed key is never in a DOM attribute", async ({
  playground,
  page,
}) => {
  const key = fakeKey("canary-dom-7c1e9a3b5d2f4e60")
  await playground.openServerTab(ask("hi"))
  const input = playground.server("key-input")
  await input.fill(key)
  await expect(playground.header("key-status")).toHaveText("key: typed")
  expect(await input.inputValue()).toBe(key)
  expect(await input.getAttribute("value")).toBeNull()
  const markup = await page.evaluate(() => document.documentElement.outerHTML)
  expect(markup).not.toContain(key.slice(-16))
})

test.describe("deleted short links", () => {
  // Opening a deleted link answers 410: the browser logs that load as an error.
  test.use({ allowedConsoleErrors: /status of 410/ })

  test("another site cannot create short links; a deleted link stays deleted (410) after its state is posted again", async ({
    page,
    request,
    baseURL,
  }) => {
    const payload = await encodeShare({
      request: ask(`tombstone ${Date.now()}`),
    })
    // Another site's page: the browser says so in Sec-Fetch-Site / Origin.
    const crossSite = await request.post("/api/share", {
      headers: { "sec-fetch-site": "cross-site", origin: "https://evil.test" },
      data: { payload },
    })
    expect(crossSite.status()).toBe(403)
    const form = await request.post("/api/share", {
      headers: { "content-type": "text/plain" },
      data: JSON.stringify({ payload }),
    })
    expect(form.status()).toBe(400)

    const created = await request.post("/api/share", { data: { payload } })
    expect(created.status()).toBe(201)
    const { id, url, deleteToken } = (await created.json()) as {
      id: string
      url: string
      deleteToken: string
    }
    expect(new URL(url).host).toBe(new URL(baseURL ?? "").host)
    const removed = await request.delete(`/api/share/${id}`, {
      headers: { "x-delete-token": deleteToken },
    })
    expect(removed.status()).toBe(204)
    const again = await request.post("/api/share", { data: { payload } })
    expect(((await again.json()) as { id: string }).id).not.toBe(id)
    expect((await request.get(`/api/share/${id}`)).status()).toBe(410)
    const shown = await page.goto(`/s/${id}`)
    expect(shown?.status()).toBe(410)
    await expect(page.getByRole("heading")).toHaveText("This link was deleted")
  })
})

test("the short link of any state is on the page's host, and the embed snippet uses it", async ({
  playground,
  page,
}) => {
  await playground.openExample("basic")
  await playground.typeRequest(JSON.stringify(ask("short")))
  await expect(playground.block(0, 0)).toContainText("short")
  await playground.permalink()
  await playground.share("shorten").click()
  const shortUrl = await playground.share("short-url").inputValue()
  expect(new URL(shortUrl).origin).toBe(new URL(page.url()).origin)
  const embed = await playground.share("embed").inputValue()
  expect(embed).toContain(`${shortUrl}?embed`)
  expect(embed).not.toMatch(/#v[23]\./)
  await playground.closeDialog()
  await expect(playground.header("share")).toBeFocused()
})

test("a pasted conversation over the page's work limit is refused in the import dialog, and the work is unchanged", async ({
  playground,
  page,
}) => {
  await playground.openImport(JSON.stringify(tinyBlocks(25_000)))
  await expect(page.getByTestId("import.too-heavy")).toContainText(
    "25,000 content blocks"
  )
  await expect(page.getByTestId("import.submit")).toBeDisabled()
  await playground.closeDialog()
  await expect(playground.tokens("before")).toBeVisible()
  await expect(page.getByTestId("intro")).toBeVisible()
})

test("a link opened in a new tab does not replace the draft of other work", async ({
  playground,
  page,
  context,
}) => {
  await playground.openWithKeep(6)
  await playground.waitForAutosave()
  await page.close()

  const linkTab = new PlaygroundPage(await context.newPage())
  const link = await encodeShare({
    request: ask("Opened in a new tab", {
      model: "claude-opus-4-6",
      max_tokens: 256,
    }),
  })
  await linkTab.openLink(`/#${link}`)
  await expect(linkTab.block(0, 0)).toContainText("Opened in a new tab")
  await linkTab.waitForAutosave()
  await linkTab.page.close()

  const fresh = new PlaygroundPage(await context.newPage())
  await fresh.openLink("/")
  await fresh.notice("draft.restore").click()
  await expect(fresh.field(1, "keep")).toHaveValue("6")
})
