import type { Page } from "@playwright/test"

import { simulate } from "@/lib/context-editing"

import { approx } from "@/components/playground/store/use-simulation"

import { expect, test } from "./fixtures"
import { EmbedCard } from "./pages/embed-card"
import type { PlaygroundPage } from "./pages/playground-page"

// The BPE refinement is what this spec checks (other specs turn it off).
test.use({ refine: true })

// pydantic-ai's recorded memory-tool exchange (Sonnet 4.5, 1,577 real input
// tokens): the memory tool's hidden prompt is most of the count.
const memoryRequest = {
  model: "claude-sonnet-4-5",
  max_tokens: 4096,
  tools: [{ type: "memory_20250818", name: "memory" }],
  messages: [
    {
      role: "user",
      content: "Where do I live? Check your memory directory before answering.",
    },
  ],
}

test("the memory tool's hidden tokens are their own line in the category bar, marked counted once the BPE refinement is done", async ({
  playground,
  page,
}) => {
  const expected = simulate(memoryRequest)
  if (!expected.ok) throw new Error(expected.error.message)
  const part = expected.hiddenTokens.find((p) => p.feature === "tool:memory")!
  await playground.open()
  await playground.typeRequest(JSON.stringify(memoryRequest, null, 2))
  const line = page.getByTestId("tokens.hidden.tool:memory")
  await expect(line).toContainText("memory tool (hidden)")
  await expect(line).toContainText(part.tokens.toLocaleString("en-US"))
  await expect(line).toHaveAttribute("title", /pydantic-ai/)
  // The worker counts every text with the Claude BPE; then the numbers are
  // marked counted (the hidden line is part of the same bar).
  const mark = page.getByTestId("tokens.bars.mark")
  await expect(mark).toHaveAttribute("data-state", "counted", {
    timeout: 20_000,
  })
  await expect(mark).toHaveText("counted")
  await expect(page.getByTestId("tokens.mark")).toHaveText("counted")
  // Typing new text makes the numbers an estimate again until it is counted.
  await playground.typeRequest(
    JSON.stringify({
      ...memoryRequest,
      messages: [{ role: "user", content: "A brand new question to count." }],
    })
  )
  await expect(mark).toHaveAttribute("data-state", "counted", {
    timeout: 20_000,
  })
  await expect(line).toContainText("memory tool (hidden)")
})

/** The counted number before edits, once the BPE refinement is done. */
async function countedBefore(page: Page) {
  await expect(page.getByTestId("tokens.mark")).toHaveText("counted", {
    timeout: 30_000,
  })
  const text = (await page.getByTestId("tokens.before").textContent()) ?? ""
  return Number(text.replace(/[^\d]/g, ""))
}

test("a redacted link of the sample is short and opens at the counted numbers of the original, within 3 %", async ({
  playground,
  page,
  freshBrowser,
}) => {
  const sample = (await playground.openSample()) as {
    messages: Array<{ content: string | Array<{ text?: string }> }>
  }
  const first = sample.messages[0]!.content
  const firstText = typeof first === "string" ? first : (first[0]?.text ?? "")
  const original = await countedBefore(page)
  await playground.header("share").click()
  await playground.share("redact").check()
  const url = playground.share("url")
  // Built-in content: the link names the example and the reader redacts it.
  await expect(url).toHaveValue(/#v3\./, { timeout: 20_000 })
  const link = await url.inputValue()
  expect(link.length).toBeLessThan(400)
  await playground.closeDialog()
  const other = await freshBrowser()
  await other.openLink(link)
  // The content is gone…
  expect(firstText.length).toBeGreaterThan(20)
  expect(await other.editorText()).not.toContain(firstText.slice(0, 40))
  // …and the numbers stayed.
  const redacted = await countedBefore(other.page)
  expect(Math.abs(redacted - original) / original).toBeLessThan(0.03)
})

test("a generated session lands within 2 % of the size asked, as the page counts it, without Monaco's unicode banner", async ({
  playground,
  page,
}) => {
  await playground.openImport()
  await page.getByTestId("import.tab.generate").click()
  await page.getByTestId("import.generate.tokens").fill("300000")
  await page.getByTestId("import.generate.submit").click()
  await expect(page.getByTestId("import.dialog")).toHaveCount(0, {
    timeout: 60_000,
  })
  const counted = await countedBefore(page)
  expect(Math.abs(counted - 300_000) / 300_000).toBeLessThanOrEqual(0.02)
  await playground.waitForMonaco()
  await expect(page.getByText(/ambiguous unicode characters/)).toHaveCount(0)
})

// Code-heavy text: the Claude BPE (× the code factor) and the instant
// estimate disagree on it by several percent.
const codeRequest = {
  model: "claude-opus-4-5",
  max_tokens: 4096,
  messages: [
    {
      role: "user",
      content: Array.from(
        { length: 300 },
        (_, i) =>
          `export function step${i}(xs: number[]): number { return xs.reduce((a, b) => a * ${i} + b, ${i % 7}) }`
      ).join("\n"),
    },
  ],
}

/** Opens `codeRequest` and waits until the header's tokens are counted; answers the header's count mark. */
async function openCounted(playground: PlaygroundPage) {
  await playground.openRequest(codeRequest)
  const mark = playground.tokens("mark")
  await expect(mark).toHaveAttribute("data-state", "counted", {
    timeout: 20_000,
  })
  return mark
}

test("once the header's tokens are counted, the Timeline and the Compare tab show the same counted numbers (and the estimate again when counting is off)", async ({
  playground,
  page,
}) => {
  const mark = await openCounted(playground)
  const header = async () =>
    `${await page.getByTestId("tokens.before").textContent()} → ${await page.getByTestId("tokens.after").textContent()}`
  const counted = await header()
  // One request: the Timeline's row is the whole request the header counts.
  await playground.resultTab("timeline").click()
  const row = page.getByTestId("timeline.row.1").locator("td").nth(1)
  await expect(row).toHaveAttribute("title", counted)
  await playground.resultTab("compare").click()
  await expect(
    page
      .getByTestId("compare.row.none")
      .locator('td[title$="before the edits"]')
  ).toHaveAttribute("title", `${counted.split(" → ")[0]} before the edits`)
  // Counting off: every view goes back to the instant estimate, together.
  await mark.click()
  await expect(mark).toHaveAttribute("data-state", "off")
  const estimate = await header()
  expect(estimate).not.toBe(counted)
  await playground.resultTab("timeline").click()
  await expect(row).toHaveAttribute("title", estimate)
})

test("the embed card counts with the BPE too: its numbers are the playground header's counted ones", async ({
  playground,
  page,
  freshBrowser,
}) => {
  await openCounted(playground)
  const before = await page.getByTestId("tokens.before").textContent()
  const estimate = simulate(codeRequest)
  if (!estimate.ok) throw new Error(estimate.error.message)
  // The counted number is not the instant estimate (so this can fail).
  expect(before).not.toBe(approx(estimate.original_input_tokens))
  const card = new EmbedCard((await freshBrowser()).page)
  await card.open(new URL(await playground.permalink()).hash)
  await expect(card.tokensBefore).toHaveText(before!, { timeout: 20_000 })
})
