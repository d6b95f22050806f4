// Steps the browser benchmarks take in the playground page (Playwright).
import { chromium } from "@playwright/test"

import { CHROMIUM_ARGS, chromiumPath } from "../../scripts/chromium.mjs"
import { startProductionServer } from "./prod-server.mjs"

/** Headless Chromium on the playground at `base`, once its edit form is up. */
export async function openPlayground(base) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: CHROMIUM_ARGS,
  })
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  await page.goto(base)
  await page.getByTestId("edits.1.keep").waitFor()
  return { browser, page }
}

/**
 * The production server on BENCH_PORT or `defaultPort` and, once it answers,
 * headless Chromium on its playground; `close()` ends both.
 */
export async function startPlayground(defaultPort) {
  const server = startProductionServer(defaultPort)
  await server.ready()
  const { browser, page } = await openPlayground(server.base)
  async function close() {
    await browser.close()
    server.stop()
  }
  return { base: server.base, page, close }
}

/**
 * Opens the Import dialog and pastes `text` into it: like a paste, one input
 * event with the whole text (typing megabytes would take minutes).
 */
export async function pasteIntoImport(page, text) {
  await page.getByTestId("header.import").click()
  await page.getByTestId("import.text").waitFor()
  await page.evaluate((t) => {
    const el = document.querySelector("[data-testid='import.text']")
    const setter = Object.getOwnPropertyDescriptor(
      HTMLTextAreaElement.prototype,
      "value"
    ).set
    setter.call(el, t)
    el.dispatchEvent(new Event("input", { bubbles: true }))
  }, text)
}

/** Imported requests may carry no context_management: adds the edit a user would. */
export async function addClearToolUsesIfNone(page) {
  if ((await page.getByTestId("edits.card.0").count()) === 0) {
    await page.getByTestId("edits.add").click()
    await page.getByTestId("edits.add.clear_tool_uses_20250919").click()
  }
}

/** Waits until the element `testId` says `data-state="<state>"`. */
export async function waitForDataState(page, testId, state, polling) {
  await page.waitForFunction(
    ([id, want]) =>
      document
        .querySelector(`[data-testid='${id}']`)
        ?.getAttribute("data-state") === want,
    [testId, state],
    { timeout: 120_000, polling }
  )
}
