import type { Page, Route } from "@playwright/test"

import { predict } from "./expected"
import { expect, test } from "./fixtures"

// The engine is not in the first-load JS (issue 46): the page paints, the
// result region says it is computing, and the engine's chunk loads after.
// Its chunk is found by content: a sentence only the engine's rules hold.
const ENGINE_TEXT = "Clearing would add tokens instead of freeing them"

/**
 * Holds back the JS chunks that carry the engine: `hold` answers each with
 * what the server sent once `release()` is called, or fails it (`abort`).
 */
async function holdEngineChunks(page: Page, mode: "hold" | "abort") {
  const held: Array<() => Promise<void>> = []
  let released = false
  await page.route("**/_next/static/chunks/*.js", async (route: Route) => {
    const response = await route.fetch()
    const body = await response.text()
    if (released || !body.includes(ENGINE_TEXT))
      return route.fulfill({ response, body })
    if (mode === "abort") return route.abort("failed")
    held.push(() => route.fulfill({ response, body }))
  })
  return {
    release: async () => {
      released = true
      for (const answer of held.splice(0)) await answer()
    },
    held: () => held.length,
  }
}

test("the page paints before the engine: the result says it is computing, then shows the prediction", async ({
  page,
  playground,
}) => {
  const chunks = await holdEngineChunks(page, "hold")
  const expected = predict(await playground.openSample())
  const computing = page.getByTestId("result.computing")
  await expect(computing).toContainText("Computing the prediction")
  await expect.poll(() => chunks.held()).toBeGreaterThan(0)
  // No number before the engine computed it; the forms are already there.
  await expect(page.getByTestId("tokens.before")).toHaveCount(0)
  await expect(page.getByTestId("edits.1.keep")).toBeVisible()
  await chunks.release()
  await expect(computing).toHaveCount(0)
  await expect(playground.tokens("before")).toContainText(
    expected.original_input_tokens.toLocaleString("en-US")
  )
  expect(await playground.appliedEdits()).toEqual(expected.context_management)
})

test.describe("when the engine's code cannot be loaded", () => {
  test.use({ allowedConsoleErrors: /Failed to load resource|ChunkLoadError/ })

  test("the result region says so and keeps the work; Retry loads it", async ({
    page,
    playground,
  }) => {
    const chunks = await holdEngineChunks(page, "abort")
    const expected = predict(await playground.openSample())
    const failed = page.getByTestId("result.engine-failed")
    await expect(failed).toContainText("did not load")
    await expect(failed).toContainText("Your request is kept")
    await expect(page.getByTestId("tokens.before")).toHaveCount(0)
    await chunks.release()
    await page.getByTestId("result.engine-retry").click()
    await expect(failed).toHaveCount(0)
    await expect(playground.tokens("before")).toContainText(
      expected.original_input_tokens.toLocaleString("en-US")
    )
  })
})
