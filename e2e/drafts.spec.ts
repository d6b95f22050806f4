// Nothing typed is lost: a tab closed, crashed or reloaded right after the
// last keystroke comes back exactly as it was, a new tab never writes the
// sample over anyone's draft, and two tabs keep their own drafts.
import type { Page } from "@playwright/test"

import { expect, test } from "./fixtures"
import { PlaygroundPage } from "./pages/playground-page"
import { ask } from "./requests"

/**
 * Replaces the request with one whose text names `marker`, its last
 * keystroke typed on the keyboard as a user's; answers the text.
 */
async function typeDraft(tab: PlaygroundPage, marker: string) {
  // One line: Monaco indents inserted new lines by itself.
  const text = JSON.stringify(ask(`Draft ${marker}`))
  await tab.typeRequest(text.slice(0, -1))
  await tab.page.keyboard.type("}")
  return text
}

/** Every `cep.draft.v1…` value in the profile's localStorage. */
async function storedDrafts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith("cep.draft.v1"))
      .map((k) => localStorage.getItem(k) ?? "")
  )
}

async function newTab(page: Page) {
  const tab = new PlaygroundPage(await page.context().newPage())
  await tab.open()
  return tab
}

/** Restores the offered draft in `tab` and answers the editor's text. */
async function restore(tab: PlaygroundPage) {
  await tab.notice("draft.restore").click()
  await tab.waitForMonaco()
  return tab.editorText()
}

test("a tab closed 1.5 s after typing comes back exactly, and the new tab wrote no sample over it", async ({
  playground,
  page,
}) => {
  await playground.open()
  const typed = await typeDraft(playground, "closed-tab")
  await page.waitForTimeout(1500)
  await page.close()

  const tab = new PlaygroundPage(await playground.page.context().newPage())
  const writes: string[] = []
  await tab.page.exposeFunction("noteDraftWrite", (v: string) => writes.push(v))
  await tab.page.addInitScript(() => {
    const set = Storage.prototype.setItem
    Storage.prototype.setItem = function (key: string, value: string) {
      if (this === localStorage && key.startsWith("cep.draft.v1"))
        void (
          window as unknown as { noteDraftWrite(v: string): void }
        ).noteDraftWrite(value)
      return set.call(this, key, value)
    }
  })
  await tab.open()
  await expect(tab.notice("draft")).toBeVisible()
  // The offer waits for the user: nothing is written meanwhile.
  await tab.page.waitForTimeout(2500)
  expect(writes).toEqual([])
  expect(await restore(tab)).toBe(typed)
})

test("a crashed tab's work comes back in a new tab", async ({
  playground,
  page,
}) => {
  await playground.open()
  const typed = await typeDraft(playground, "crashed-tab")
  await page.waitForTimeout(1500)
  // Kill the renderer, as a crash does: no pagehide, no unload. (CDP's
  // Page.crash takes this Chromium down whole; chrome://crash only the tab.)
  await Promise.all([
    page.waitForEvent("crash"),
    page.goto("chrome://crash").catch(() => undefined),
  ])

  const tab = await newTab(playground.page)
  expect(await restore(tab)).toBe(typed)
})

test("a reload 50 ms after the last keystroke keeps it", async ({
  playground,
  page,
}) => {
  await playground.open()
  await page.waitForTimeout(1600)
  const typed = await typeDraft(playground, "reloaded")
  await page.waitForTimeout(50)
  await page.reload()
  await expect(playground.page.getByTestId("region.result")).toBeVisible()
  await playground.expectEditorText(typed)
})

test("a tab closed 50 ms after the last keystroke comes back", async ({
  playground,
  page,
}) => {
  await playground.open()
  const typed = await typeDraft(playground, "closed-fast")
  await page.waitForTimeout(50)
  await page.close()
  const tab = await newTab(playground.page)
  expect(await restore(tab)).toBe(typed)
})

test("two tabs keep their own drafts: each comes back after both close", async ({
  playground,
  page,
}) => {
  // Five tabs load the editor one after another: 37–43 s on the two-core
  // CI machine, too close to the 60 s a test gets (it ran out once).
  test.slow()
  await playground.open()
  const second = await newTab(page)
  const a = await typeDraft(playground, "tab-a")
  const b = await typeDraft(second, "tab-b")
  await playground.waitForAutosave()
  const context = page.context()
  // A third tab opened while both are open offers neither: both are open.
  const third = await newTab(page)
  await expect(third.notice("draft")).toHaveCount(0)
  await third.page.close()

  await second.page.close()
  await page.close()

  // Each new tab offers the newest draft of a closed tab it has not adopted.
  const one = new PlaygroundPage(await context.newPage())
  await one.open()
  const drafts = (await storedDrafts(one.page)).join("\n")
  expect(drafts).toContain("tab-a")
  expect(drafts).toContain("tab-b")
  const first = await restore(one)
  const two = new PlaygroundPage(await context.newPage())
  await two.open()
  const other = await restore(two)
  expect(new Set([first, other])).toEqual(new Set([a, b]))
})
