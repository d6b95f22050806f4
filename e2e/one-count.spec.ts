import type { Page } from "@playwright/test"

import { expect, test } from "./fixtures"

// One count everywhere: a lesson, the playground opened on it and a
// permalink of that playground show the same counted numbers. The BPE
// refinement is what makes them differ from the instant estimate, so it is on.
test.use({ refine: true })

/** The page's numbers before and after the edits, once every text is counted. */
async function counted(page: Page): Promise<[string, string]> {
  await expect(page.getByTestId("tokens.mark")).toHaveText("counted", {
    timeout: 30_000,
  })
  return [
    (await page.getByTestId("tokens.before").textContent()) ?? "",
    (await page.getByTestId("tokens.after").textContent()) ?? "",
  ]
}

/** The "≈N" numbers a lesson's situation states. */
async function situationNumbers(page: Page): Promise<string[]> {
  const text = (await page.getByTestId("learn.situation").textContent()) ?? ""
  return text.match(/≈[\d,]+/g) ?? []
}

test("a lesson, the playground opened on it and its permalink show the same counted numbers", async ({
  playground,
  page,
  freshBrowser,
}) => {
  await playground.open()
  // The cache lesson states the request before and after clearing.
  await playground.openLesson("cache")
  await expect(playground.learn("situation")).toBeVisible()
  await playground.learn("show").click()
  await playground.learn("open").click()
  await expect(playground.learnDialog).toBeHidden()
  const [before, after] = await counted(page)

  // The same lesson, asked again: its numbers are the page's, once counted.
  await playground.openLesson("cache")
  await expect
    .poll(() => situationNumbers(page), { timeout: 30_000 })
    .toEqual([before, after])
  await page.keyboard.press("Escape")
  await expect(playground.learnDialog).toBeHidden()

  // A permalink of that page reopens at the same numbers.
  const link = await playground.permalink()
  await playground.closeDialog()
  const other = await freshBrowser()
  await other.openLink(link)
  await expect(other.notice("link")).toContainText("shared")
  expect(await counted(other.page)).toEqual([before, after])
})
