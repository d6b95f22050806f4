import { getPreset } from "@/lib/presets"

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
  // Headless Chromium prefers light: the first click already shows dark.
  await page.getByTestId("header.theme").click() // system → dark
  await expect(html).toHaveClass(/dark/)
  await page.getByTestId("header.theme").click() // dark → light
  await expect(html).not.toHaveClass(/dark/)
})

test("on a narrow screen the regions become tabs, Result first", async ({
  playground,
  page,
}) => {
  await page.setViewportSize({ width: 420, height: 860 })
  await playground.open()
  await expect(page.getByTestId("region.result")).toBeVisible()
  await expect(page.getByTestId("region.edits")).toBeHidden()
  await page.getByTestId("regions.tab.edits").click()
  await expect(page.getByTestId("region.edits")).toBeVisible()
  await expect(page.getByTestId("region.result")).toBeHidden()
})

test("on a phone-width screen the header actions fit on one line, and the examples menu stays on screen", async ({
  playground,
  page,
}) => {
  const width = 375
  await page.setViewportSize({ width, height: 760 })
  await playground.open()
  const ids = [
    "header.examples",
    "header.import",
    "header.share",
    "header.code",
    "header.learn",
    "header.more",
    "header.theme",
  ]
  const boxes = []
  for (const id of ids) {
    const box = await page.getByTestId(id).boundingBox()
    expect(box, id).not.toBeNull()
    boxes.push({ id, ...box! })
  }
  for (const [k, b] of boxes.entries()) {
    // One line of text (a wrapped label doubles the height), inside the page.
    expect(b.height, b.id).toBeLessThan(36)
    expect(b.x + b.width, b.id).toBeLessThanOrEqual(width)
    // Left to right, without overlapping the previous action.
    const prev = boxes[k - 1]
    if (prev) expect(b.x, b.id).toBeGreaterThanOrEqual(prev.x + prev.width)
  }
  await page.getByTestId("header.examples").click()
  const menu = await page.getByRole("menu").boundingBox()
  expect(menu).not.toBeNull()
  expect(menu!.x).toBeGreaterThanOrEqual(0)
  expect(menu!.x + menu!.width).toBeLessThanOrEqual(width)
})

test("on a phone, the ⋯ menu holds undo, redo, reset and the Server tab", async ({
  playground,
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 760 })
  await playground.open()
  await expect(page.getByTestId("header.undo")).toBeHidden()
  await page.getByTestId("header.more").click()
  await expect(page.getByTestId("header.more.undo")).toBeDisabled()
  await page.keyboard.press("Escape")
  await page.getByTestId("regions.tab.edits").click()
  await playground.setNumber(1, "keep", 9)
  await page.getByTestId("header.more").click()
  await page.getByTestId("header.more.undo").click()
  await expect(playground.field(1, "keep")).toHaveValue("")
  await page.getByTestId("header.more").click()
  await page.getByTestId("header.more.server").click()
  await expect(page.getByTestId("region.result")).toBeVisible()
  await expect(playground.resultTab("server")).toHaveAttribute(
    "aria-selected",
    "true"
  )
})

test("the examples menu works from the keyboard", async ({
  playground,
  page,
}) => {
  await playground.open()
  // The page says which conversation it opened on.
  const origin = page.getByTestId("conversation.origin")
  await expect(origin).toHaveText(
    `Example: ${getPreset("research-agent")!.title}`
  )
  await page.getByTestId("header.examples").focus()
  await page.keyboard.press("Enter")
  // The first example receives focus; Enter loads it.
  await expect(page.getByTestId("examples.research-agent")).toBeFocused()
  await page.keyboard.press("ArrowDown")
  await expect(page.getByTestId("examples.basic")).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(page.getByTestId("examples.basic")).toHaveCount(0)
  await expect(page.getByTestId("edits.card.0")).toContainText(
    "clear_tool_uses_20250919"
  )
  await expect(origin).toHaveText(`Example: ${getPreset("basic")!.title}`)
})
