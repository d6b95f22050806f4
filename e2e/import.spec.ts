import { readFileSync } from "node:fs"

import { simulate } from "@/lib/context-editing"
import { parseImport } from "@/lib/import"
import { setEditField, withEdits } from "@/lib/state/edits"

import { preset } from "./expected"
import { expect, test } from "./fixtures"

const fixture = (name: string) =>
  readFileSync(`lib/import/__fixtures__/${name}`, "utf8")

test("a legacy XML transcript converts, and its old tool results become clearable", async ({
  playground,
}) => {
  const text = fixture("legacy-stock-price-messages.json")
  await playground.open()
  await playground.importText(text, { keepEdits: false })
  await expect(playground.edits("none")).toBeVisible()
  await expect(playground.diff("view")).toContainText("get_ticker_symbol")

  // Clear every tool result as soon as there is one tool use.
  await playground.addEdit("clear_tool_uses_20250919")
  await playground.edits("0.trigger.type").selectOption("tool_uses")
  await playground.setNumber(0, "trigger.value", 1)
  await playground.setNumber(0, "keep", 0)

  const imported = parseImport(text)
  if (!imported.success) throw new Error(imported.error.message)
  let expected = withEdits(imported.data as Record<string, unknown>, [
    { type: "clear_tool_uses_20250919" },
  ])
  expected = setEditField(expected, 0, "trigger", {
    type: "tool_uses",
    value: 1,
  })
  expected = setEditField(expected, 0, "keep", { type: "tool_uses", value: 0 })
  const cleared = (options?: Parameters<typeof simulate>[1]) => {
    const r = simulate(expected, options)
    if (!r.ok) throw new Error(r.error.message)
    const entry = r.context_management?.applied_edits[0]
    return entry && "cleared_tool_uses" in entry ? entry.cleared_tool_uses : 0
  }
  // Both old results are tool results now: the docs' literal rule clears
  // them; the observed one leaves results this short alone
  // (docs/semantics.md#small-results), and the page says the same.
  expect(cleared({ assumptions: { smallResultChars: "0" } })).toBe(2)
  expect(cleared()).toBe(0)
  const sim = simulate(expected)
  if (!sim.ok) throw new Error(sim.error.message)
  await expect
    .poll(() => playground.appliedEdits())
    .toEqual(sim.context_management)
})

test("an import without edits of its own keeps the current edits by default (clear_thinking only with thinking on)", async ({
  playground,
}) => {
  await playground.openWithKeep(0)
  const text = fixture("legacy-stock-price-messages.json")
  await playground.importText(text)
  await expect(playground.diff("view")).toContainText("get_ticker_symbol")
  // The legacy conversation has no thinking: clear_thinking stays behind,
  // clear_tool_uses (with keep 0) comes along.
  await expect(playground.editCard(0)).toContainText("clear_tool_uses_20250919")
  await expect(playground.editCard(1)).toHaveCount(0)
  await expect(playground.field(0, "keep")).toHaveValue("0")
  const imported = parseImport(text)
  if (!imported.success) throw new Error(imported.error.message)
  const edits = (
    preset("research-agent").context_management as {
      edits: Record<string, unknown>[]
    }
  ).edits
  const expected = simulate(
    setEditField(
      withEdits(imported.data as Record<string, unknown>, [edits[1]!]),
      0,
      "keep",
      { type: "tool_uses", value: 0 }
    )
  )
  if (!expected.ok) throw new Error(expected.error.message)
  await expect
    .poll(() => playground.appliedEdits())
    .toEqual(expected.context_management)
})

test("XML calls pasted inside text are flagged, explained and converted", async ({
  playground,
  page,
}) => {
  const legacy = JSON.parse(fixture("legacy-weather-messages.json")) as Record<
    string,
    unknown
  >
  await playground.open()
  await playground.typeRequest(JSON.stringify(legacy))
  const notice = playground.conversation("legacy")
  await expect(notice).toContainText("text")
  await playground.conversation("legacy.convert").click()
  await expect(notice).toHaveCount(0)
  await expect(
    page
      .locator("[data-testid^='diff.block.'][data-status]")
      .filter({ hasText: "tool_result" })
      .first()
  ).toBeVisible()
})

test("a curl command from the docs loads its --data body", async ({
  playground,
}) => {
  await playground.open()
  await playground.importText(fixture("curl-docs.sh"))
  await expect(playground.conversation("model")).toHaveValue(
    "claude-sonnet-4-5"
  )
  await expect(playground.block(0, 0)).toContainText(
    "Search for recent developments in AI"
  )
  await expect(playground.editCard(0)).toContainText("clear_tool_uses_20250919")
})

test("a whole docs page pasted offers each of its curl commands in the picker, and imports the one picked", async ({
  playground,
  page,
}) => {
  await playground.openImport(fixture("pages/platform-en-token-counting.md"))
  const picker = page.getByTestId("import.candidates")
  // Three count_tokens commands; the Python, TypeScript and Ruby copies of
  // the same requests are not offered twice.
  await expect(picker.locator("option")).toHaveCount(3)
  await expect(picker.locator("option").nth(1)).toContainText(
    /count_tokens — claude-opus-4-8: “What's the weather like in San Francisco\?”, with tools \(also as Python\), line \d+/
  )
  await picker.selectOption({ index: 1 })
  await page.getByTestId("import.submit").click()
  await expect(page.getByTestId("import.dialog")).toHaveCount(0)
  await expect(playground.diff("view")).toContainText("San Francisco")
  expect(await playground.editorText()).toContain('"name": "get_weather"')
})

test("the import preview shows the number the page shows for the request, hidden tool prompt included", async ({
  playground,
  page,
}) => {
  await playground.openImport(fixture("curl-docs-multi.sh"))
  await playground.importChecked()
  await page.getByTestId("import.candidates").selectOption({ index: 1 })
  // The worker checks the picked command again; the preview is its answer.
  await playground.importChecked()
  const preview = page.getByTestId("import.preview.tokens")
  await expect(preview).toBeVisible()
  const shown = (await preview.textContent())?.match(/≈([\d,]+)/)?.[1]
  await page.getByTestId("import.submit").click()
  await expect(page.getByTestId("tokens.before")).toHaveText(`≈${shown}`)
})
