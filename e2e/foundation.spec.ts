import { expect, test } from "./fixtures"

test("the page loads with the three regions, Monaco and no console errors", async ({
  playground,
  page,
}) => {
  await playground.open()
  await expect(
    page.getByRole("heading", { name: "Context Editing Playground" })
  ).toBeVisible()
  for (const region of ["conversation", "edits", "result"]) {
    await expect(page.getByTestId(`region.${region}`)).toBeVisible()
  }
  await playground.waitForMonaco()
  expect(playground.consoleErrors).toEqual([])
  expect(playground.offHostRequests).toEqual([])
})

test("typing invalid JSON shows an error marker and keeps the text", async ({
  playground,
}) => {
  await playground.open()
  await playground.typeRequest('{"model": 1,, "messages": }')
  await expect(playground.errorMarkers.first()).toBeVisible()
  await expect(playground.conversationError).toContainText("line 1")
  await expect(playground.monaco).toContainText('{"model": 1,, "messages": }')
  expect(playground.offHostRequests).toEqual([])
})

test("the theme toggle switches dark mode", async ({ playground, page }) => {
  await playground.open()
  const html = page.locator("html")
  await page.getByTestId("header.theme").click() // system → light
  await expect(html).not.toHaveClass(/dark/)
  await page.getByTestId("header.theme").click() // light → dark
  await expect(html).toHaveClass(/dark/)
})
