import { simulate } from "@/lib/context-editing"

import { approx } from "@/components/playground/use-simulation"

import { preset } from "./expected"
import { expect, test } from "./fixtures"
import { PlaygroundPage } from "./pages/playground-page"

test("the embed card shows a shared link's prediction, read-only, and opens it in the playground", async ({
  playground,
  page,
  browser,
}) => {
  await playground.open()
  await playground.loadExample("basic")
  const link = await playground.permalink()
  const embed = await page.getByTestId("share.embed").inputValue()
  const fragment = new URL(link).hash
  expect(embed).toContain(`/embed${fragment}"`)
  expect(embed).toMatch(/^<iframe src="http[^"]+" title=/)

  const context = await browser.newContext()
  const card = await context.newPage()
  const errors: string[] = []
  card.on("console", (m) => m.type() === "error" && errors.push(m.text()))
  await card.goto(`/embed${fragment}`)
  const expected = simulate(preset("basic"))
  if (!expected.ok) throw new Error(expected.error.message)
  await expect(card.getByTestId("tokens.before")).toHaveText(
    approx(expected.original_input_tokens)
  )
  await expect(card.getByTestId("tokens.after")).toHaveText(
    approx(expected.input_tokens)
  )
  const entry = expected.context_management!.applied_edits[0]!
  expect("cleared_tool_uses" in entry).toBe(true)
  await expect(card.getByTestId("embed.applied")).toContainText(
    `clear_tool_uses_20250919 cleared ${"cleared_tool_uses" in entry ? entry.cleared_tool_uses : -1} tool uses`
  )
  const changed = expected.blocks.filter(
    (b) => b.status !== "kept" && b.status !== "kept_recent"
  )
  expect(changed.length).toBeGreaterThan(0)
  await expect(card.getByTestId("embed.changes").locator("li")).toHaveCount(
    changed.length
  )
  // No editor in the card: Monaco never loads.
  await expect(card.locator(".monaco-editor")).toHaveCount(0)

  // "Open in playground" is the same state in the full page.
  const open = card.getByTestId("embed.open")
  await expect(open).toHaveAttribute("href", `/${fragment}`)
  const full = new PlaygroundPage(await context.newPage())
  await full.page.goto(`/${fragment}`)
  expect(await full.appliedEdits()).toEqual(expected.context_management)
  expect(errors).toEqual([])
  await context.close()
})

test("a damaged fragment gets a message in the card; only the card may be framed by other sites", async ({
  page,
  request,
}) => {
  await page.goto("/embed#v2.not-a-real-link")
  await expect(page.getByTestId("embed.error")).toBeVisible()
  await page.goto("/embed")
  await expect(page.getByTestId("embed.error")).toContainText("#v2.")

  const main = await request.get("/")
  expect(main.headers()["content-security-policy"]).toBe(
    "frame-ancestors 'self'"
  )
  expect(main.headers()["x-frame-options"]).toBe("SAMEORIGIN")
  const card = await request.get("/embed")
  expect(card.headers()["content-security-policy"]).toBe("frame-ancestors *")
  expect(card.headers()["x-frame-options"]).toBeUndefined()
})
