// Content that arrives by a link or an import is untrusted: it is
// simulated in a worker first, with a deadline, before the page simulates
// it on its own thread (hostile-input issue, item 3). Hangs fail by the
// tests' time-outs; nothing here asserts a duration.
import type { Page } from "@playwright/test"

import { HOSTILE_PDFS } from "@/lib/extensions/hostile-pdfs"
import { encodeShare } from "@/lib/share/codec"

import { expect, test } from "./fixtures"
import { predict, preset } from "./expected"
import { request, user } from "./requests"

const pdf = (name: string) => ({
  type: "document",
  source: {
    type: "base64",
    media_type: "application/pdf",
    data: HOSTILE_PDFS.find((p) => p.name === name)!.make(),
  },
})

test("a link with hostile PDFs (a form drawn 1,000 times, a gigabyte bomb, a run of spaces) opens with its prediction", async ({
  playground,
}) => {
  const linked = request(
    [
      user([
        pdf("form fan-out"),
        pdf("doubly deflated bomb"),
        pdf("whitespace runs"),
        { type: "text", text: "Summarize these." },
      ]),
    ],
    { model: "claude-sonnet-4-5", max_tokens: 1024 }
  )
  // Three Letter pages at the vision limit: ≈1,600 tokens each.
  const expected = predict(linked).original_input_tokens
  expect(expected).toBeGreaterThan(3 * 1_590)
  await playground.open(`#${await encodeShare({ request: linked })}`)
  await expect(playground.tokens("before")).toContainText(
    expected.toLocaleString("en-US"),
    { timeout: 30_000 }
  )
})

/**
 * Builds, in the page, a request whose one tool has `n` object properties
 * of its own (each a subschema the input_schema check walks): megabytes of
 * honest but slow content, and pastes it into the Import text area.
 */
async function pasteHeavySchema(page: Page, n: number) {
  await page.evaluate((n) => {
    const properties: Record<string, unknown> = {}
    for (let i = 0; i < n; i++)
      properties[`p${i}`] = {
        type: "object",
        properties: { [`q${i}`]: { type: "string" } },
      }
    const text = JSON.stringify({
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      tools: [{ name: "lookup", input_schema: { type: "object", properties } }],
      messages: [{ role: "user", content: "Which tool?" }],
    })
    const data = new DataTransfer()
    data.setData("text/plain", text)
    document.querySelector('[data-testid="import.text"]')!.dispatchEvent(
      new ClipboardEvent("paste", {
        clipboardData: data,
        bubbles: true,
        cancelable: true,
      })
    )
  }, n)
}

test("an import whose prediction runs past the deadline is stopped with its reason, the work kept; built-in content predicts again", async ({
  playground,
  page,
}) => {
  test.setTimeout(240_000)
  await playground.openImport()
  await pasteHeavySchema(page, 150_000)
  await expect(page.getByTestId("import.submit")).toBeEnabled({
    timeout: 120_000,
  })
  await page.getByTestId("import.submit").click()
  await expect(page.getByTestId("import.dialog")).toHaveCount(0)
  const stopped = page.getByTestId("result.trial-stopped")
  await expect(stopped).toBeVisible({ timeout: 120_000 })
  await expect(stopped).toContainText("you imported")
  await expect(stopped).toContainText("with 1 tool")
  await expect(stopped).toContainText("did not finish within 3 seconds")
  // No number was computed for it; the imported request is the work kept.
  await expect(page.getByTestId("tokens.before")).toHaveCount(0)
  await expect(playground.conversation("origin")).toBeVisible()
  // The page answers: an example replaces it, and is predicted at once.
  await playground.loadExample("research-agent")
  await expect(stopped).toHaveCount(0)
  await expect(playground.tokens("before")).toContainText(
    predict(preset("research-agent")).original_input_tokens.toLocaleString(
      "en-US"
    )
  )
})
