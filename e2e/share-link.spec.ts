import { expect, test } from "./fixtures"

test("a permalink opens the same request, edits and diff in a fresh browser", async ({
  playground,
  freshBrowser,
}) => {
  await playground.openWithKeep(2)
  await playground.addExcludedTool(1, "read_file")
  const applied = await playground.appliedEdits()
  const link = await playground.permalink()
  expect(link).not.toContain("sk-ant")

  const other = await freshBrowser()
  await other.openLink(link)
  await expect(other.notice("link")).toContainText("shared")
  await expect(other.field(1, "keep")).toHaveValue("2")
  await expect(other.edits("1.exclude_tools")).toContainText("read_file")
  expect(await other.appliedEdits()).toEqual(applied)
})

test("opening the share dialog stores nothing on the server", async ({
  playground,
  page,
}) => {
  const posts: string[] = []
  page.on("request", (r) => {
    if (r.method() !== "GET") posts.push(r.url())
  })
  await playground.open()
  await playground.permalink()
  await expect(playground.share("size")).toBeVisible()
  expect(posts).toEqual([])
})

test.describe("short links", () => {
  // A deleted link answers 410: the browser logs that load as an error.
  test.use({ allowedConsoleErrors: /status of 410/ })

  test("a short link is created, opened elsewhere, and deleted", async ({
    playground,
    freshBrowser,
  }) => {
    await playground.open()
    await playground.permalink()
    // The sample travels by its id (a v3 link, no length warning); a short
    // link is offered all the same.
    await expect(playground.share("warning")).toHaveCount(0)
    await playground.share("shorten").click()
    const shortUrl = playground.share("short-url")
    await expect(shortUrl).toHaveValue(/\/s\//)
    const href = await shortUrl.inputValue()
    const applied = await playground.appliedEdits()

    const other = await freshBrowser()
    await other.openLink(href)
    await expect(other.tokens("before")).toBeVisible()
    expect(await other.appliedEdits()).toEqual(applied)

    await playground.share("delete").click()
    await expect(playground.share("delete")).toHaveCount(0)
    await other.openLink(href)
    await expect(other.page.getByText(/deleted/i).first()).toBeVisible()
  })
})

test("exported curl carries the exact request and the beta header", async ({
  playground,
}) => {
  const basic = await playground.openExample("basic")
  await playground.header("code").click()
  const curl = await playground.exportedCode("curl", "messages")
  expect(curl).toContain("anthropic-beta: context-management-2025-06-27")
  expect(curl).toContain("$ANTHROPIC_API_KEY")
  // The example's body is over 100 kB: it goes through stdin, since Linux
  // refuses one argument over 128 KiB.
  expect(curl).toContain("--data-binary @- <<'JSON'")
  const { curlData } = await import("@/lib/export/testing/read-snippets")
  expect(curlData(curl)).toEqual(basic)

  const python = await playground.exportedCode("python", "count_tokens")
  expect(python).toContain("client.beta.messages.count_tokens(")
  expect(python).toContain('betas=["context-management-2025-06-27"]')
})

test("a generated test checks the applied_edits the page predicts, with the page's switches", async ({
  playground,
}) => {
  await playground.open()
  await playground.header("code").click()
  const code = await playground.exportedCode("typescript", "test")
  const { expectedEdits } = await import("@/lib/export")
  const { getPreset } = await import("@/lib/presets")
  const sample = getPreset("research-agent")!.build()
  const expected = expectedEdits(sample)
  if (!expected.ok || !expected.edits) throw new Error("no prediction")
  expect(code).toContain('import { expect, test } from "vitest";')
  for (const [type, count] of expected.edits)
    expect(code).toContain(`["${type}", ${count}]`)
  const python = await playground.exportedCode("python", "test")
  expect(python).toContain(
    "def test_context_editing_applies_the_predicted_edits():"
  )
  expect(await playground.exportedCode("curl", "test")).toContain(
    "pick one of them above"
  )
})

test("the LangChain export is the edit card's config as ClearToolUsesEdit, with what LangChain cannot do", async ({
  playground,
}) => {
  await playground.openWithKeep(5)
  await playground.header("code").click()
  const python = await playground.exportedCode("python", "langchain")
  expect(python).toContain("ClearToolUsesEdit(")
  expect(python).toContain("keep=5,")
  expect(python).toContain('exclude_tools=["memory"],')
  // The sample's first edit clears thinking: LangChain has no such edit.
  expect(python).toContain(
    "edits[0]: clear_thinking_20251015 has no LangChain counterpart"
  )
  const ts = await playground.exportedCode("typescript", "langchain")
  expect(ts).toContain("keep: { messages: 5 },")
  expect(ts).toContain("trigger: { tokens: 100001 }")
  expect(await playground.exportedCode("curl", "langchain")).toContain(
    "pick one of them above"
  )
})

test("the sample with a changed config is a link short enough for a chat message", async ({
  playground,
  freshBrowser,
}) => {
  await playground.openWithKeep(2)
  const link = await playground.permalink()
  expect(link).toMatch(/#v3\./)
  expect(link.length).toBeLessThan(2000)
  const other = await freshBrowser()
  await other.openLink(link)
  await expect(other.field(1, "keep")).toHaveValue("2")
  expect(await other.editorText()).toBe(await playground.editorText())
})
