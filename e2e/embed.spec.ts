import { simulate } from "@/lib/context-editing"

import { approx } from "@/components/playground/store/use-simulation"

import { expect, test } from "./fixtures"
import { EmbedCard } from "./pages/embed-card"
import { PlaygroundPage } from "./pages/playground-page"

test("the embed card shows a shared link's prediction, read-only, and opens it in the playground", async ({
  playground,
  freshBrowser,
}) => {
  const basic = await playground.openExample("basic")
  const link = await playground.permalink()
  const embed = await playground.share("embed").inputValue()
  const fragment = new URL(link).hash
  expect(embed).toContain(`/embed${fragment}"`)
  expect(embed).toMatch(/^<iframe src="http[^"]+" title=/)

  const card = new EmbedCard((await freshBrowser()).page)
  await card.open(fragment)
  const expected = simulate(basic)
  if (!expected.ok) throw new Error(expected.error.message)
  await expect(card.tokensBefore).toHaveText(
    approx(expected.original_input_tokens)
  )
  await expect(card.tokensAfter).toHaveText(approx(expected.input_tokens))
  const entry = expected.context_management!.applied_edits[0]!
  expect("cleared_tool_uses" in entry).toBe(true)
  await expect(card.applied).toContainText(
    `clear_tool_uses_20250919 cleared ${"cleared_tool_uses" in entry ? entry.cleared_tool_uses : -1} tool uses`
  )
  const changed = expected.blocks.filter(
    (b) => b.status !== "kept" && b.status !== "kept_recent"
  )
  expect(changed.length).toBeGreaterThan(0)
  await expect(card.changes).toHaveCount(changed.length)
  await card.expectNoEditor()

  // "Open in playground" is the same state in the full page.
  await expect(card.openLink).toHaveAttribute("href", `/${fragment}`)
  const full = new PlaygroundPage(await card.page.context().newPage())
  await full.openLink(`/${fragment}`)
  expect(await full.appliedEdits()).toEqual(expected.context_management)
})

test("a damaged fragment gets a message in the card; only the card may be framed by other sites", async ({
  page,
  request,
}) => {
  const card = new EmbedCard(page)
  await card.open("#v2.not-a-real-link")
  await expect(card.error).toBeVisible()
  await card.open()
  await expect(card.error).toContainText("#v2.")

  const main = await request.get("/")
  expect(main.headers()["content-security-policy"]).toContain(
    "frame-ancestors 'none'"
  )
  expect(main.headers()["x-frame-options"]).toBe("DENY")
  const cardPage = await request.get("/embed")
  expect(cardPage.headers()["content-security-policy"]).toContain(
    "frame-ancestors *"
  )
  expect(cardPage.headers()["x-frame-options"]).toBeUndefined()
})

test("the embed card counts a PDF from its pages, as the playground and the engine do", async ({
  freshBrowser,
}) => {
  // A blank one-page Letter PDF (crewAI's test file, test/real/holdout):
  // ≈1,600 for its page image, where an unread document counts 2,000.
  const pdf =
    "JVBERi0xLjQKMSAwIG9iaiA8PCAvVHlwZSAvQ2F0YWxvZyAvUGFnZXMgMiAwIFIgPj4gZW5kb2JqCjIgMCBvYmogPDwgL1R5cGUgL1BhZ2VzIC9LaWRzIFszIDAgUl0gL0NvdW50IDEgPj4gZW5kb2JqCjMgMCBvYmogPDwgL1R5cGUgL1BhZ2UgL1BhcmVudCAyIDAgUiAvTWVkaWFCb3ggWzAgMCA2MTIgNzkyXSA+PiBlbmRvYmoKeHJlZgowIDQKMDAwMDAwMDAwMCA2NTUzNSBmCjAwMDAwMDAwMDkgMDAwMDAgbgowMDAwMDAwMDU4IDAwMDAwIG4KMDAwMDAwMDExNSAwMDAwMCBuCnRyYWlsZXIgPDwgL1NpemUgNCAvUm9vdCAxIDAgUiA+PgpzdGFydHhyZWYKMTk2CiUlRU9GCg=="
  const request = {
    model: "claude-3-5-haiku-20241022",
    max_tokens: 1024,
    messages: [
      {
        role: "user",
        content: [
          { type: "text", text: "What is this document?" },
          {
            type: "document",
            source: {
              type: "base64",
              media_type: "application/pdf",
              data: pdf,
            },
          },
        ],
      },
    ],
  }
  const expected = simulate(request)
  if (!expected.ok) throw new Error(expected.error.message)
  expect(expected.original_input_tokens).toBeLessThan(1_900)
  const card = new EmbedCard((await freshBrowser()).page)
  await card.open(`#request=${encodeURIComponent(JSON.stringify(request))}`)
  await expect(card.tokensBefore).toHaveText(
    approx(expected.original_input_tokens)
  )
})
