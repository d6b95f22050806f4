import { simulate, timeline, tuneSession } from "@/lib/context-editing"
import { toolConversation } from "@/lib/context-editing/__fixtures__/build"

import { approx } from "@/components/playground/use-simulation"

import { expect, test } from "./fixtures"
import { PlaygroundPage } from "./pages/playground-page"

// A 150-round agent session (≈180k tokens with Opus 4.6) with no edits yet.
const session = {
  model: "claude-opus-4-6",
  max_tokens: 4096,
  messages: toolConversation(150, 4000, (k) =>
    k % 5 === 0 ? "memory" : "search"
  ),
}

test("Tune searches in the background with progress and Cancel, Apply puts a frontier config into the form, and the permalink reopens Tune", async ({
  playground,
  page,
  browser,
}) => {
  await playground.open(
    `#request=${encodeURIComponent(JSON.stringify(session))}`
  )
  await page.keyboard.press("Alt+5")
  await expect(page.getByTestId("result.tab.tune")).toHaveAttribute(
    "aria-selected",
    "true"
  )
  // The search runs in a worker: the page shows its progress and can stop it.
  await expect(page.getByTestId("tune.progress")).toBeVisible()
  await page.getByTestId("tune.cancel").click()
  await expect(page.getByTestId("tune.view")).toContainText("Search cancelled")
  await page.getByTestId("tune.run").click()
  const { frontier } = await tuneSession(session)
  await expect(page.getByTestId("tune.summary")).toContainText(
    `${frontier.length} config${frontier.length === 1 ? "" : "s"} on the frontier`,
    { timeout: 60_000 }
  )
  await expect(page.getByTestId("tune.window")).toBeVisible()
  await expect(page.getByTestId("tune.current")).toBeVisible()
  // Hovering a point previews that config's timeline.
  await page.getByTestId("tune.point.0").hover()
  await expect(page.getByTestId("tune.preview")).toContainText(
    frontier[0]!.label
  )
  // Apply: the form, the diff and the timeline show the config.
  await page.getByTestId("tune.apply.0").click()
  const applied = {
    ...session,
    context_management: { edits: frontier[0]!.edits },
  }
  const sim = simulate(applied)
  if (!sim.ok) throw new Error(sim.error.message)
  expect(await playground.appliedEdits()).toEqual(sim.context_management)
  // The form shows each of the config's edits.
  const edits = frontier[0]!.edits
  for (let i = 0; i < edits.length; i++)
    await expect(playground.editCard(i)).toBeVisible()
  const tools = edits.findIndex((e) => e.type === "clear_tool_uses_20250919")
  if (tools >= 0)
    await expect(playground.field(tools, "keep")).toHaveValue(
      String((edits[tools]!.keep as { value: number }).value)
    )
  await page.keyboard.press("Alt+3")
  const t = timeline(applied)
  await expect(page.getByTestId("timeline.summary")).toContainText(
    `Input tokens sent: ${approx(t.tokens.withEdits)} with the edits`
  )
  await page.keyboard.press("Alt+5")
  const link = await playground.permalink()
  const context = await browser.newContext()
  const other = new PlaygroundPage(await context.newPage())
  await other.page.goto(link)
  await expect(other.page.getByTestId("result.tab.tune")).toHaveAttribute(
    "aria-selected",
    "true"
  )
  await expect(other.page.getByTestId("tune.view")).toBeVisible()
  await context.close()
})

test("the Timeline covers every request of a long session, scrolled in a virtual list", async ({
  playground,
  page,
}) => {
  await playground.open(
    `#request=${encodeURIComponent(JSON.stringify(session))}`
  )
  await page.keyboard.press("Alt+3")
  const t = timeline(session)
  expect(t.points).toHaveLength(152)
  await expect(page.getByTestId("timeline.view")).toContainText(
    "This conversation is 152 requests."
  )
  await expect(page.getByTestId("timeline.row.1")).toBeVisible()
  // Only the rows in view are in the page; scrolling to the end shows the last.
  expect(
    await page.locator('[data-testid^="timeline.row."]').count()
  ).toBeLessThan(80)
  await page
    .getByTestId("timeline.table.scroll")
    .evaluate((el) => el.scrollTo(0, el.scrollHeight))
  await expect(page.getByTestId("timeline.row.152")).toBeVisible()
  await expect(page.getByTestId("timeline.dollars")).toContainText("In dollars")
})
