import { expect, test } from "./fixtures"
import { PlaygroundPage } from "./pages/playground-page"
import { ask, requestFragment } from "./requests"

test("reload restores the request and edits of this tab", async ({
  playground,
}) => {
  await playground.openWithKeep(5)
  const applied = await playground.appliedEdits()
  await playground.reloadAfterAutosave()
  await expect(playground.field(1, "keep")).toHaveValue("5")
  expect(await playground.appliedEdits()).toEqual(applied)
  // Still named after the sample it came from, now marked as changed.
  await expect(playground.conversation("origin")).toContainText("· edited")
  await playground.waitForMonaco()
  expect(await playground.editorText()).toContain('"value": 5')
})

test("a new tab offers the last draft of a closed one, masks keys in it, and Reset forgets it", async ({
  playground,
  page,
  context,
}) => {
  await playground.openWithKeep(6)
  const applied = await playground.appliedEdits()
  await playground.waitForAutosave()
  await page.close()

  const tab = new PlaygroundPage(await context.newPage())
  await tab.open()
  // The new tab opens on the sample and only offers the draft.
  await expect(tab.field(1, "keep")).toHaveValue("")
  await tab.notice("draft.restore").click()
  await expect(tab.field(1, "keep")).toHaveValue("6")
  expect(await tab.appliedEdits()).toEqual(applied)

  // A key-shaped string typed into the request never reaches localStorage.
  const fake = `sk-ant-api03-${"x".repeat(24)}`
  await tab.typeRequest(JSON.stringify(ask(`my key is ${fake}`)))
  await tab.waitForAutosave()
  const stored = await tab.page.evaluate(() =>
    JSON.stringify(Object.entries(localStorage))
  )
  expect(stored).toContain("my key is")
  expect(stored).not.toContain(fake)

  tab.page.once("dialog", (d) => void d.accept())
  await tab.header("reset").click()
  const third = new PlaygroundPage(await context.newPage())
  await third.open()
  await expect(third.field(1, "keep")).toHaveValue("")
  await expect(third.notice("draft")).toHaveCount(0)
})

test("invalid JSON survives a reload as typed", async ({ playground }) => {
  await playground.open()
  const broken = await playground.typeUnparsableRequest()
  await playground.reloadAfterAutosave()
  await expect(playground.conversationError).toBeVisible()
  await playground.expectEditorText(broken)
})

test("Reset forgets the tab's state and reopens the sample", async ({
  playground,
  page,
}) => {
  await playground.openWithKeep(7)
  page.once("dialog", (d) => void d.accept())
  await playground.header("reset").click()
  await expect(playground.field(1, "keep")).toHaveValue("")
  await page.reload()
  await expect(playground.field(1, "keep")).toHaveValue("")
})

test("the deep link #request= opens that request", async ({
  playground,
  page,
}) => {
  await playground.openRequest(
    ask("Linked from another tool", {
      model: "claude-opus-4-6",
      max_tokens: 256,
    })
  )
  await expect(playground.notice("link")).toContainText("Opened the request")
  await expect(playground.conversation("model")).toHaveValue("claude-opus-4-6")
  await expect(playground.block(0, 0)).toContainText("Linked from another tool")
  expect(new URL(page.url()).hash).toBe("")
})

test("a damaged link says so and keeps the current work", async ({
  playground,
}) => {
  await playground.open("#v1.AAAA-not-deflate")
  await expect(playground.notice("link")).toContainText("kept")
  await expect(playground.tokens("before")).toBeVisible()
})

test("a link pasted into an open tab opens there (undoable), and a reload keeps the newer work", async ({
  playground,
  page,
}) => {
  await playground.open()
  const request = ask("Pasted into the address bar", {
    model: "claude-opus-4-6",
    max_tokens: 256,
  })
  // Only the fragment changes: the page does not reload.
  await playground.pasteFragment(requestFragment(request))
  await expect(playground.block(0, 0)).toContainText(
    "Pasted into the address bar"
  )
  await expect(playground.notice("link")).toContainText("Undo")
  expect(new URL(page.url()).hash).toBe("")
  await expect(playground.conversation("origin")).toHaveText(
    "Request from a link"
  )

  // Later work survives a reload: the link is no longer in the address bar.
  await playground.waitForMonaco()
  await playground.conversation("model").selectOption("claude-sonnet-4-6")
  await playground.reloadAfterAutosave()
  await expect(playground.conversation("model")).toHaveValue(
    "claude-sonnet-4-6"
  )
  await expect(playground.block(0, 0)).toContainText(
    "Pasted into the address bar"
  )

  // A damaged link pasted the same way says so and keeps the work.
  await playground.pasteFragment("#v1.AAAA-not-deflate")
  await expect(playground.notice("link")).toContainText("kept")
  await expect(playground.block(0, 0)).toContainText(
    "Pasted into the address bar"
  )
})
