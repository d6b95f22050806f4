// Accessibility: axe in both themes, and the main path by keyboard alone.

import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"

import { expect, test } from "./fixtures"

for (const colorScheme of ["light", "dark"] as const) {
  test(`axe finds no violations on the first view in ${colorScheme} mode`, async ({
    playground,
    page,
  }) => {
    await page.emulateMedia({ colorScheme })
    await playground.open()
    await expect(page.getByTestId("diff.view")).toBeVisible()
    await playground.waitForMonaco()
    const isDark = await page.evaluate(() =>
      document.documentElement.classList.contains("dark")
    )
    expect(isDark).toBe(colorScheme === "dark")
    const { violations } = await new AxeBuilder({ page }).analyze()
    const summary = violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`
    )
    expect(summary).toEqual([])
  })
}

/** Starts the Tab order over from the top of the page. */
const blur = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())

/** Presses Tab until the element with `testId` has focus (keyboard only). */
async function tabTo(page: Page, testId: string, max = 80) {
  const seen: string[] = []
  for (let i = 0; i < max; i++) {
    const focused = await page.evaluate(
      () => (document.activeElement as HTMLElement | null)?.dataset.testid
    )
    if (focused === testId) return
    // In the JSON editor Tab indents; Ctrl+M is Monaco's own switch that
    // makes Tab move focus on (it says so in its Alt+F1 help).
    const inEditor = await page.evaluate(
      () => document.activeElement?.closest(".monaco-editor") != null
    )
    if (inEditor && !seen.includes("editor")) {
      seen.push("editor")
      await page.keyboard.press("Control+m")
    }
    seen.push(
      focused ??
        (await page.evaluate(
          () =>
            `${document.activeElement?.tagName}.${document.activeElement?.className}`
        ))
    )
    await page.keyboard.press("Tab")
  }
  throw new Error(`Tab never reached ${testId}; focus went ${seen.join(" → ")}`)
}

test("import, edit and share by keyboard alone; focus comes back after each dialog", async ({
  playground,
  page,
}) => {
  await playground.open()
  await expect(page.getByTestId("intro")).toBeVisible()
  await blur(page)

  await tabTo(page, "header.import")
  await page.keyboard.press("Enter")
  await expect(page.getByTestId("import.dialog")).toBeVisible()
  // The example's edits are kept only when asked: ask, by keyboard.
  await tabTo(page, "import.keep-edits")
  await page.keyboard.press("Space")
  await expect(page.getByTestId("import.keep-edits")).toBeChecked()
  await tabTo(page, "import.text")
  await page.keyboard.insertText(
    JSON.stringify({
      model: "claude-sonnet-4-6",
      max_tokens: 256,
      messages: [{ role: "user", content: "Typed by keyboard" }],
    })
  )
  await expect(page.getByTestId("import.submit")).toBeEnabled()
  await tabTo(page, "import.submit")
  await page.keyboard.press("Enter")
  await expect(page.getByTestId("import.dialog")).toHaveCount(0)
  await expect(page.getByTestId("header.import")).toBeFocused()
  await expect(page.getByTestId("diff.block.0.0")).toContainText(
    "Typed by keyboard"
  )
  await expect(page.getByTestId("intro")).toHaveCount(0)

  await tabTo(page, "edits.0.keep")
  await page.keyboard.press("ControlOrMeta+A")
  await page.keyboard.type("2")
  await page.keyboard.press("Tab")
  await expect(playground.field(0, "keep")).toHaveValue("2")

  await blur(page)
  await tabTo(page, "header.share")
  await page.keyboard.press("Enter")
  await expect(page.getByTestId("share.url")).toHaveValue(/#v[23]\./)
  await page.keyboard.press("Escape")
  await expect(page.getByTestId("share.dialog")).not.toBeVisible()
  await expect(page.getByTestId("header.share")).toBeFocused()
})

test("a skip link leads past the editor, menus give focus back on Escape, and the result tabs move with the arrow keys", async ({
  playground,
  page,
}) => {
  await playground.openEditor()

  // The skip link comes before the editor in the Tab order.
  await blur(page)
  await tabTo(page, "conversation.skip-editor")
  await expect(page.getByTestId("conversation.skip-editor")).toBeVisible()
  await page.keyboard.press("Enter")
  await expect(playground.region("edits")).toBeFocused()

  // Escape on the Examples menu: focus back on its button.
  await playground.header("examples").focus()
  await page.keyboard.press("Enter")
  await expect(playground.examples("basic")).toBeVisible()
  await page.keyboard.press("ArrowDown")
  await page.keyboard.press("Escape")
  await expect(playground.examples("basic")).toHaveCount(0)
  await expect(playground.header("examples")).toBeFocused()

  // The result tabs: one Tab stop (the selected tab), arrows move and select.
  await expect(playground.resultTab("explain")).toHaveAttribute(
    "tabindex",
    "-1"
  )
  await playground.header("examples").focus()
  await tabTo(page, "result.tab.blocks")
  await page.keyboard.press("ArrowRight")
  await expect(playground.resultTab("explain")).toBeFocused()
  await expect(playground.resultTab("explain")).toHaveAttribute(
    "aria-selected",
    "true"
  )
  await page.keyboard.press("End")
  await expect(playground.resultTab("server")).toBeFocused()
  await page.keyboard.press("Home")
  await expect(playground.resultTab("blocks")).toHaveAttribute(
    "aria-selected",
    "true"
  )
  await expect(page.locator("#result-panel")).toHaveAttribute(
    "aria-labelledby",
    "result-panel-tab-blocks"
  )
})
