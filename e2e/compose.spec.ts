import { expect, test } from "./fixtures"
import { request, user, assistant } from "./requests"

test("compose mode adds a tool call and the result updates", async ({
  playground,
}) => {
  await playground.openExample("basic")
  const stats = playground.conversation("stats")
  const before = await stats.textContent()
  await playground.conversation("mode.compose").click()
  await playground.compose("add.tool-call").click()
  await expect(stats).not.toHaveText(before ?? "")
  await playground.conversation("mode.json").click()
  await playground.waitForMonaco()
  expect(await playground.editorText()).toContain("toolu_compose_001")
})

test("a mid-conversation system message is read, hidden once a later user message exists, and editable in compose", async ({
  playground,
}) => {
  await playground.openRequest(
    request(
      [
        user("Summarise the incident."),
        {
          role: "system",
          content: "Answer in French from now on.",
          clear_at: "next_user_message",
        },
        assistant("Voici le résumé."),
        user("Merci. Et ensuite ?"),
      ],
      { model: "claude-opus-4-8", max_tokens: 256 }
    )
  )
  await playground.showUnchanged()
  await expect(playground.engineError).toHaveCount(0)
  const sys = playground.block(1, 0)
  await expect(sys).toHaveAttribute("data-status", "ignored")
  await expect(sys.getByTestId("diff.block.reason")).toContainText(
    "messages[3] is a later user message"
  )
  await expect(playground.diff("message.1")).toContainText("system")
  // Explain's summary says why, as no edit section covers it.
  await playground.resultTab("explain").click()
  await expect(playground.explain("summary")).toContainText(
    /Message 1, block 0, text: ignored by the server, ≈\d+ → ≈0 tokens \(System message with clear_at: "next_user_message", and messages\[3\] is a later user message/
  )
  await playground.conversation("mode.compose").click()
  await expect(playground.compose("message.1.role")).toHaveValue("system")
})

test("the JSON editor underlines a user message without content, not a system message with only output_config", async ({
  playground,
  page,
}) => {
  await playground.openRequest(
    request(
      [
        user("Hi"),
        { role: "system", output_config: { effort: "low" } },
        assistant("Hello"),
        { role: "user" },
      ],
      { model: "claude-opus-4-8", max_tokens: 100 }
    )
  )
  const squiggles = playground.editorProblems
  await expect(squiggles).toHaveCount(1)
  // Monaco shows the hover after a delay, and only once the pointer really
  // rests on the squiggle: hover again until it does (CI saw one miss).
  await expect(async () => {
    await page.mouse.move(0, 0)
    await squiggles.first().hover({ force: true })
    await expect(playground.editorHover).toContainText(
      "A user or assistant message needs content (only a system message may leave it out).",
      { timeout: 3_000 }
    )
  }).toPass({ timeout: 20_000 })
})

test.describe("with the JSON editor ready", () => {
  test.beforeEach(async ({ playground }) => {
    await playground.openEditor()
  })

  test("clicking a block selects its JSON in the editor", async ({
    playground,
    page,
  }) => {
    await playground.block(0, 0).getByRole("button").click()
    await expect(playground.block(0, 0)).toHaveClass(/border-brand/)
    const selected = await page.evaluate(() => {
      const w = window as unknown as {
        monaco: {
          editor: {
            getEditors(): Array<{
              getModel(): { getValueInRange(r: unknown): string } | null
              getSelection(): unknown
            }>
          }
        }
      }
      const editor = w.monaco.editor.getEditors()[0]
      const model = editor?.getModel()
      return model && editor ? model.getValueInRange(editor.getSelection()) : ""
    })
    // The first message's first block: the user's opening text block.
    expect(JSON.parse(selected)).toMatchObject({ type: "text" })
    // The reason line under a changed block selects it too.
    const changed = page
      .locator("[data-testid^='diff.block.'][data-status='removed']")
      .first()
    await changed.getByTestId("diff.block.reason").click()
    await expect(changed).toHaveAttribute("data-selected", "true")
    await expect(playground.block(0, 0)).not.toHaveAttribute(
      "data-selected",
      "true"
    )
  })

  test("reaching the JSON editor with the keyboard says how Tab gets out again, and Ctrl+M does it", async ({
    playground,
    page,
  }) => {
    const hint = playground.editor("tab-hint")
    // Tab from the control before the editor: the skip link first, then
    // the editor.
    await playground.conversation("cache").focus()
    await page.keyboard.press("Tab")
    await expect(playground.conversation("skip-editor")).toBeFocused()
    await page.keyboard.press("Tab")
    await expect(hint).toBeVisible()
    await expect(hint).toContainText("Ctrl+M")
    // Tab focus mode on: Tab now leaves the editor instead of indenting.
    const before = await playground.editorText()
    await page.keyboard.press("Control+M")
    await page.keyboard.press("Tab")
    await expect(hint).toHaveCount(0)
    expect(await playground.editorText()).toBe(before)
    const inEditor = await page.evaluate(
      () => document.activeElement?.closest(".monaco-editor") !== null
    )
    expect(inEditor).toBe(false)
    // A click into the editor shows no hint.
    await playground.monaco.click()
    await expect(hint).toHaveCount(0)
  })
})

test("a tool call added in compose declares its tool, and a request that calls undeclared tools says so in the API's words", async ({
  playground,
}) => {
  await playground.openRequest(request([user("Read the config, please.")]))
  await playground.conversation("mode.compose").click()
  await playground.compose("add.tool-call").click()
  await expect(playground.compose("tools-rule")).toHaveCount(0)
  await playground.conversation("mode.json").click()
  await playground.waitForMonaco()
  const text = JSON.parse(await playground.editorText()) as {
    tools: Array<{ name: string; input_schema: { required: string[] } }>
    messages: Array<{ content: Array<{ input?: Record<string, unknown> }> }>
  }
  expect(text.tools.map((t) => t.name)).toEqual(["read_file"])
  expect(Object.keys(text.messages[1]!.content[0]!.input!)).toEqual(
    text.tools[0]!.input_schema.required
  )

  // A pasted request that calls a tool it never declares.
  await playground.typeRequest(
    JSON.stringify(
      request([
        user("go"),
        assistant([{ type: "tool_use", id: "t1", name: "grep", input: {} }]),
        user([{ type: "tool_result", tool_use_id: "t1", content: "x" }]),
      ])
    )
  )
  await playground.conversation("mode.compose").click()
  await expect(playground.compose("tools-rule")).toContainText(
    "Requests which include tool_use or tool_result blocks must define tools."
  )
  await expect(playground.compose("tools-rule")).toContainText("“grep”")
  await playground.compose("tools-rule.declare").click()
  await expect(playground.compose("tools-rule")).toHaveCount(0)
})
