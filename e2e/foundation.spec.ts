import { getPreset } from "@/lib/presets"

import { expect, test } from "./fixtures"

/** A phone-sized window. */
const PHONE = { width: 375, height: 760 }

// Every test starts where a first visit does: the page on its sample.
test.beforeEach(async ({ playground }) => {
  await playground.open()
})

test("the page loads with the three regions, Monaco and no console errors", async ({
  playground,
  consoleErrors,
  page,
}) => {
  await expect(
    page.getByRole("heading", { name: "Context Editing Playground" })
  ).toBeVisible()
  for (const region of ["conversation", "edits", "result"]) {
    await expect(playground.region(`${region}`)).toBeVisible()
  }
  await playground.waitForMonaco()
  expect(playground.offHostRequests).toEqual([])
  // Also checked after every test by the fixture; said here by name.
  expect(consoleErrors).toEqual([])
})

test("typing invalid JSON shows an error marker and keeps the text", async ({
  playground,
}) => {
  await playground.typeRequest('{"model": 1,, "messages": }')
  await expect(playground.errorMarkers.first()).toBeVisible()
  await expect(playground.conversationError).toContainText("line 1")
  await expect(playground.monaco).toContainText('{"model": 1,, "messages": }')
  expect(playground.offHostRequests).toEqual([])
})

test("the theme toggle switches dark mode", async ({ playground, page }) => {
  const html = page.locator("html")
  // Headless Chromium prefers light: the first click already shows dark.
  await playground.header("theme").click() // system → dark
  await expect(html).toHaveClass(/dark/)
  await playground.header("theme").click() // dark → light
  await expect(html).not.toHaveClass(/dark/)
})

test.describe("in a 420 px wide window", () => {
  test.use({ viewport: { width: 420, height: 860 } })

  test("on a narrow screen the regions become tabs, Result first", async ({
    playground,
  }) => {
    await expect(playground.region("result")).toBeVisible()
    await expect(playground.region("edits")).toBeHidden()
    await playground.regionTab("edits").click()
    await expect(playground.region("edits")).toBeVisible()
    await expect(playground.region("result")).toBeHidden()
  })
})

test.describe("in a phone-sized window", () => {
  test.use({ viewport: PHONE })

  test("on a phone-width screen the header actions fit on one line, and the examples menu stays on screen", async ({
    playground,
    page,
  }) => {
    const { width } = PHONE
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
    await playground.header("examples").click()
    const menu = await page.getByRole("menu").boundingBox()
    expect(menu).not.toBeNull()
    expect(menu!.x).toBeGreaterThanOrEqual(0)
    expect(menu!.x + menu!.width).toBeLessThanOrEqual(width)
  })

  test("on a phone, the ⋯ menu holds undo, redo, reset and the Server tab", async ({
    playground,
    page,
  }) => {
    await expect(playground.header("undo")).toBeHidden()
    await playground.header("more").click()
    await expect(playground.header("more.undo")).toBeDisabled()
    await page.keyboard.press("Escape")
    await playground.regionTab("edits").click()
    await playground.setNumber(1, "keep", 9)
    await playground.header("more").click()
    await playground.header("more.undo").click()
    await expect(playground.field(1, "keep")).toHaveValue("")
    await playground.header("more").click()
    await playground.header("more.server").click()
    await expect(playground.region("result")).toBeVisible()
    await playground.expectResultTab("server")
  })
})

test("the examples menu works from the keyboard", async ({
  playground,
  page,
}) => {
  // The page says which conversation it opened on.
  const origin = playground.conversation("origin")
  await expect(origin).toHaveText(
    `Example: ${getPreset("research-agent")!.title}`
  )
  await playground.header("examples").focus()
  await page.keyboard.press("Enter")
  // The first example receives focus; Enter loads it.
  await expect(playground.examples("research-agent")).toBeFocused()
  await page.keyboard.press("ArrowDown")
  await expect(playground.examples("basic")).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(playground.examples("basic")).toHaveCount(0)
  await expect(playground.edits("card.0")).toContainText(
    "clear_tool_uses_20250919"
  )
  await expect(origin).toHaveText(`Example: ${getPreset("basic")!.title}`)
})
