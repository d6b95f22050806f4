import { readFileSync } from "node:fs"
import { join } from "node:path"

import { expect, test } from "./fixtures"

/**
 * A newcomer's first ten minutes (issue 55): Compose builds requests the API
 * accepts and points at the block of a 400, Esc leaves the JSON editor,
 * dialogs keep what was typed, imports say what they changed, and the page
 * never scrolls itself blank.
 */

// Playwright runs from the repository's root.
const fixture = (name: string) =>
  readFileSync(join("lib/import/__fixtures__", name), "utf8")

test("Compose: new messages, a reply, a tool call and a blank start are all requests the API accepts", async ({
  playground,
  page,
}) => {
  await playground.open()
  await playground.conversation("mode.compose").click()
  const messages = page.locator(
    "[data-testid^='compose.message.'][data-testid$='.role']"
  )
  // The forms are drawn once Compose shows the conversation.
  await expect(messages.first()).toBeVisible()
  const before = await messages.count()
  await playground.compose("add.user").click()
  // The new message's starting text is selected: typing replaces it.
  await page.keyboard.type("Also check the memory directory.")
  await expect(
    playground.compose(`message.${before}.block.0.text`)
  ).toHaveValue("Also check the memory directory.")
  await playground.compose("add.assistant").click()
  await expect(messages).toHaveCount(before + 3) // Sonnet 4.6: the user's next message follows
  await playground.compose(`message.${before + 1}.add.tool_use`).click()
  await expect(
    playground.compose(`message.${before + 2}.block.0`)
  ).toContainText("tool_result")
  await expect(playground.engineError).toHaveCount(0)
  await expect(playground.compose("tools")).toContainText("read_file")
  await playground.compose("blank").click()
  await expect(messages).toHaveCount(1)
  await expect(playground.engineError).toHaveCount(0)
  await expect(playground.conversation("origin")).toHaveText(
    "Blank conversation"
  )
  await playground.compose("tools.add").click()
  await expect(playground.compose("tool.0.name")).toHaveValue("my_tool")
  await expect(playground.engineError).toHaveCount(0)
})

test("Compose: a 400 points at the block in the forms, and Show it takes you there", async ({
  playground,
  page,
}) => {
  await playground.open()
  await playground.conversation("mode.compose").click()
  const field = playground.compose("message.0.block.0.text")
  await field.fill("")
  await expect(playground.engineError).toContainText(
    "text content blocks must be non-empty"
  )
  await expect(playground.engineError).toContainText(
    "in Compose: user message 0, block 0 (text)"
  )
  await expect(playground.engineError).not.toContainText("line ")
  await expect(playground.compose("message.0")).toHaveAttribute(
    "data-invalid",
    "true"
  )
  await expect(playground.compose("message.0.block.0")).toContainText(
    "The API would answer 400 here"
  )
  await page
    .getByTestId("compose.view")
    .evaluate((el) => (el.scrollTop = el.scrollHeight))
  await page.getByTestId("result.error.show").click()
  await expect(field).toBeFocused()
  await expect(field).toBeInViewport()
})

test("Esc leaves the JSON editor (the hint says so), and Tab's indent is no edit", async ({
  playground,
  page,
}) => {
  await playground.openEditor()
  await playground.conversation("cache").focus()
  await page.keyboard.press("Tab")
  await page.keyboard.press("Tab")
  await expect(playground.editor("tab-hint")).toContainText(
    "Esc leaves the editor"
  )
  await page.keyboard.press("Tab") // indents
  await expect(playground.conversation("origin")).toHaveText(
    "Example: Research agent"
  )
  await page.keyboard.press("Escape")
  const inEditor = () =>
    page.evaluate(
      () => document.activeElement?.closest(".monaco-editor") !== null
    )
  expect(await inEditor()).toBe(false)
  await expect(playground.edits("add")).toBeFocused()
  await page.keyboard.press("Shift+Tab") // back into the editor
  expect(await inEditor()).toBe(true)
  await page.keyboard.press("Shift+Escape")
  await expect(playground.conversation("skip-editor")).toBeFocused()
  await page.keyboard.press("?")
  await expect(page.getByTestId("shortcuts.dialog")).toContainText(
    "Alt + 1 … 7Result views: Blocks, Explain, Timeline, Compare, Tune, Raw diff, Server"
  )
  await expect(page.getByTestId("shortcuts.dialog")).toContainText(
    "Esc inside the JSON editor"
  )
})

test("the Import dialog keeps a paste through Escape and Close, until it is imported or cleared", async ({
  playground,
  page,
}) => {
  const text = fixture("sdk-fast-mode.py")
  await playground.openImport(text)
  const area = page.getByTestId("import.text")
  await page.keyboard.press("Escape")
  await playground.header("import").click()
  await expect(area).toHaveValue(text)
  await page.getByTestId("import.close").click()
  await playground.header("import").click()
  await expect(area).toHaveValue(text)
  await page.getByTestId("import.clear").click()
  await expect(area).toHaveValue("")
  await area.fill(text)
  await playground.importChecked()
  await page.getByTestId("import.submit").click()
  await playground.header("import").click()
  await expect(area).toHaveValue("")
})

test("importing keeps the example's edits only when asked, and a config-only snippet is applied to my conversation", async ({
  playground,
  page,
}) => {
  await playground.openImport()
  await expect(page.getByTestId("import.keep-edits")).not.toBeChecked()
  await expect(page.getByTestId("import.keep-edits.note")).toContainText(
    "the example's edits"
  )
  await page.getByTestId("import.text")
    .fill(`response = client.beta.messages.create(
    model="claude-opus-4-6",
    max_tokens=4096,
    messages=[...],
    betas=["context-management-2025-06-27"],
    context_management={"edits": [{"type": "clear_tool_uses_20250919",
        "trigger": {"type": "input_tokens", "value": 30000}, "keep": {"type": "tool_uses", "value": 5}}]},
)`)
  await expect(page.getByTestId("import.edits-offer")).toContainText("line 6")
  await page.getByTestId("import.apply-edits").click()
  await expect(page.getByTestId("import.dialog")).toHaveCount(0)
  // The sample conversation stays; its edits are the snippet's.
  await expect(playground.conversation("stats")).toContainText("31 msgs")
  await expect(playground.editCard(0)).toContainText("clear_tool_uses_20250919")
  await expect(playground.editCard(1)).toHaveCount(0)
  await expect(playground.field(0, "keep")).toHaveValue("5")
})

test("the docs' tool_result curl example: said at the apostrophe, imported, and the text repaired on request", async ({
  playground,
  page,
}) => {
  const text = fixture("pages/docs-fr-tool-result.md")
  await playground.openImport(text)
  await playground.importChecked()
  const line = text.slice(0, text.indexOf("'ll check")).split("\n").length
  await expect(page.getByTestId("import.repairs")).toContainText(
    `Line ${line}, column 35: the apostrophe in “I'll”`
  )
  await page.getByTestId("import.repair").click()
  await expect(page.getByTestId("import.text")).toHaveValue(
    /"I'\\''ll check the current weather/
  )
  await playground.importChecked()
  await expect(page.getByTestId("import.repairs")).toHaveCount(0)
  await page.getByTestId("import.submit").click()
  await expect(playground.block(1, 0)).toContainText(
    "I'll check the current weather"
  )
  await expect(playground.engineError).toHaveCount(0)
})

test("an SDK call that builds its text by repetition imports the text it builds", async ({
  playground,
}) => {
  await playground.open()
  await playground.importText(
    'client.messages.create(model="claude-sonnet-4-6", max_tokens=64, messages=[{"role": "user", "content": "db ok " * 500}])',
    { keepEdits: false }
  )
  await playground.conversation("mode.json").click()
  await playground.waitForMonaco()
  const sent = JSON.parse(await playground.editorText()) as {
    messages: Array<{ content: Array<{ text: string }> }>
  }
  expect(sent.messages[0]!.content[0]!.text).toHaveLength(6 * 500)
})

test("the Timeline of a real log never lengthens the page (scrolling its end leaves no blank screen)", async ({
  playground,
  page,
}) => {
  await playground.open()
  await playground.importText(
    readFileSync(
      join("test/real/claude-code/opus45-explore-cold.jsonl"),
      "utf8"
    ),
    { keepEdits: false }
  )
  await playground.resultTab("timeline").click()
  await expect(playground.timelineRows.first()).toBeVisible()
  const tall = await page.evaluate(
    () => document.documentElement.scrollHeight - window.innerHeight
  )
  expect(tall).toBeLessThanOrEqual(0)
})

test.describe("on a narrow screen", () => {
  test.use({ viewport: { width: 420, height: 860 } })
  test("the first line names the Edits tab, not a middle column", async ({
    playground,
  }) => {
    await playground.open()
    // What the screen shows (the wide wording is in the page, hidden).
    const shown = { useInnerText: true }
    await expect(playground.page.getByTestId("intro")).toContainText(
      "in the Edits tab",
      shown
    )
    await expect(playground.page.getByTestId("intro")).not.toContainText(
      "middle column",
      shown
    )
  })
})
