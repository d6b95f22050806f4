import { expect, test } from "./fixtures"

test("reload restores the request and edits of this tab", async ({
  playground,
  page,
}) => {
  await playground.open()
  await playground.setNumber(1, "keep", 5)
  const applied = await playground.appliedEdits()
  await page.waitForTimeout(800) // autosave is debounced
  await page.reload()
  await expect(playground.field(1, "keep")).toHaveValue("5")
  expect(await playground.appliedEdits()).toEqual(applied)
  await playground.waitForMonaco()
  expect(await playground.editorText()).toContain('"value": 5')
})

test("invalid JSON survives a reload as typed", async ({
  playground,
  page,
}) => {
  await playground.open()
  const broken = await playground.typeUnparsableRequest()
  await page.waitForTimeout(800)
  await page.reload()
  await expect(playground.conversationError).toBeVisible()
  await playground.waitForMonaco()
  expect(await playground.editorText()).toBe(broken)
})

test("Reset forgets the tab's state and reopens the sample", async ({
  playground,
  page,
}) => {
  await playground.open()
  await playground.setNumber(1, "keep", 7)
  page.once("dialog", (d) => void d.accept())
  await page.getByTestId("header.reset").click()
  await expect(playground.field(1, "keep")).toHaveValue("")
  await page.reload()
  await expect(playground.field(1, "keep")).toHaveValue("")
})

test("the deep link #request= opens that request", async ({
  playground,
  page,
}) => {
  const request = {
    model: "claude-opus-4-6",
    max_tokens: 256,
    messages: [{ role: "user", content: "Linked from another tool" }],
  }
  await playground.open(
    `#request=${encodeURIComponent(JSON.stringify(request))}`
  )
  await expect(page.getByTestId("notice.link")).toContainText(
    "Opened the request"
  )
  await expect(page.getByTestId("conversation.model")).toHaveValue(
    "claude-opus-4-6"
  )
  await expect(page.getByTestId("diff.block.0.0")).toContainText(
    "Linked from another tool"
  )
  expect(new URL(page.url()).hash).toBe("")
})

test("a damaged link says so and keeps the current work", async ({
  playground,
  page,
}) => {
  await playground.open("#v1.AAAA-not-deflate")
  await expect(page.getByTestId("notice.link")).toContainText("kept")
  await expect(page.getByTestId("tokens.before")).toBeVisible()
})
