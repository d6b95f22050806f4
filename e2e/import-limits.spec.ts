// No input freezes the tab: a paste, drop or file of any size is taken
// over by the page, its size checked before the text is held twice, and
// parsed and measured in the import worker (issue 47).
import type { Page } from "@playwright/test"

import { expect, test } from "./fixtures"
import { watchLongTasks } from "./long-tasks"
import type { PlaygroundPage } from "./pages/playground-page"

/**
 * Builds a text in the page (`kind`: 50 curl commands of 1 MB, or a Claude
 * Code log of `mb` MB whose tool results hold `resultChars` characters)
 * and pastes it into the Import text area as the clipboard would.
 */
interface LogSize {
  mb: number
  resultChars: number
}

async function paste(page: Page, kind: { curl: true } | { log: LogSize }) {
  await page.evaluate((kind) => {
    let text: string
    if ("curl" in kind) {
      const body = JSON.stringify({
        model: "claude-sonnet-4-6",
        max_tokens: 64,
        messages: [{ role: "user", content: "x".repeat(1024 * 1024) }],
      })
      text = Array.from(
        { length: 50 },
        () =>
          `curl https://api.anthropic.com/v1/messages -H "content-type: application/json" -d '${body}'`
      ).join("\n\n")
    } else {
      const base = {
        isSidechain: false,
        userType: "external",
        cwd: "/w",
        sessionId: "s1",
        version: "2.0.14",
        gitBranch: "main",
      }
      const filler = "lorem ipsum dolor sit amet "
        .repeat(kind.log.resultChars / 20)
        .slice(0, kind.log.resultChars)
      const lines = [
        JSON.stringify({
          ...base,
          parentUuid: null,
          type: "user",
          uuid: "u0",
          timestamp: "2026-10-01T10:00:00.000Z",
          message: { role: "user", content: "Read every file." },
        }),
      ]
      let size = lines[0]!.length
      for (let n = 1, parent = "u0"; size < kind.log.mb * 1024 * 1024; n++) {
        const a = JSON.stringify({
          ...base,
          parentUuid: parent,
          type: "assistant",
          uuid: `a${n}`,
          timestamp: "2026-10-01T10:00:01.000Z",
          requestId: `req_${n}`,
          message: {
            id: `msg_${n}`,
            type: "message",
            role: "assistant",
            model: "claude-sonnet-4-5-20250929",
            content: [
              {
                type: "tool_use",
                id: `toolu_${n}`,
                name: "Read",
                input: { file_path: `/w/f${n}.ts` },
              },
            ],
            stop_reason: "tool_use",
            usage: { input_tokens: 10 + n, output_tokens: 5 },
          },
        })
        const u = JSON.stringify({
          ...base,
          parentUuid: `a${n}`,
          type: "user",
          uuid: `u${n}`,
          timestamp: "2026-10-01T10:00:02.000Z",
          message: {
            role: "user",
            content: [
              {
                type: "tool_result",
                tool_use_id: `toolu_${n}`,
                content: filler,
              },
            ],
          },
        })
        lines.push(a, u)
        size += a.length + u.length + 2
        parent = `u${n}`
      }
      text = lines.join("\n")
    }
    ;(window as unknown as { __text: string }).__text = text
  }, kind)
  // The paste itself, in a task of its own (building the text is not the page's work).
  await page.evaluate(() => {
    const w = window as unknown as { __text: string; __pasteAt: number }
    const data = new DataTransfer()
    data.setData("text/plain", w.__text)
    w.__text = ""
    const area = document.querySelector('[data-testid="import.text"]')!
    w.__pasteAt = performance.now()
    area.dispatchEvent(
      new ClipboardEvent("paste", {
        clipboardData: data,
        bubbles: true,
        cancelable: true,
      })
    )
  })
}

/** The page's time of the last paste. */
const pasteAt = (page: Page) =>
  page.evaluate(() => (window as unknown as { __pasteAt: number }).__pasteAt)

/**
 * Opens Import and pastes a Claude Code log there (see `paste`), watching
 * the main thread. Its check logs the time since the paste and the longest
 * task since, which must stay under a second.
 */
async function pasteLogWatched(playground: PlaygroundPage, log: LogSize) {
  const { page } = playground
  await playground.openImport()
  const tasks = await watchLongTasks(page)
  await paste(page, { log })
  return async function expectNoSecondLongTask(what: string) {
    const longest = await tasks.longest(await pasteAt(page))
    console.log(
      `16 MB log ${what} after ${Math.round(await sincePaste(page))} ms; longest task ${Math.round(longest)} ms`
    )
    expect(longest).toBeLessThan(1000)
  }
}

/** Milliseconds from the paste until now. */
const sincePaste = (page: Page) =>
  page.evaluate(
    () =>
      performance.now() - (window as unknown as { __pasteAt: number }).__pasteAt
  )

test("a 52 MB paste is refused within seconds, with the limit said, and the work is unchanged", async ({
  playground,
  page,
}) => {
  await playground.openImport()
  const before = await playground.tokens("before").textContent()
  const tasks = await watchLongTasks(page)
  await paste(page, { curl: true })
  const refusal = page.getByTestId("import.too-large")
  await expect(refusal).toBeVisible({ timeout: 5000 })
  const ms = await sincePaste(page)
  // 50 commands of 1 MiB: 52 million characters, said in MiB like the limit.
  await expect(refusal).toContainText("50.0 MB")
  await expect(refusal).toContainText("the limit is 20 MB")
  expect(ms).toBeLessThan(5000)
  // The text never went into the text area.
  expect(await page.getByTestId("import.text").inputValue()).toBe("")
  await expect(page.getByTestId("import.submit")).toBeDisabled()
  console.log(
    `52 MB paste refused after ${Math.round(ms)} ms; longest task ${Math.round(await tasks.longest(await pasteAt(page)))} ms`
  )
  await playground.closeDialog()
  await expect(playground.tokens("before")).toHaveText(before ?? "")
})

test("a 16 MB Claude Code log too heavy for the page is checked off the main thread and refused with its reason", async ({
  playground,
  page,
}) => {
  const expectNoSecondLongTask = await pasteLogWatched(playground, {
    mb: 16,
    resultChars: 600,
  })
  await expect(page.getByTestId("import.held")).toContainText("MB")
  await expect(page.getByTestId("import.too-heavy")).toBeVisible({
    timeout: 30_000,
  })
  await expect(page.getByTestId("import.too-heavy")).toContainText("messages")
  await expectNoSecondLongTask("refused")
})

test("a 16 MB Claude Code log the page can open is checked off the main thread, previewed and imported", async ({
  playground,
  page,
}) => {
  const expectNoSecondLongTask = await pasteLogWatched(playground, {
    mb: 16,
    resultChars: 3000,
  })
  await expect(page.getByTestId("import.progress")).toBeVisible()
  await expect(page.getByTestId("import.detected")).toContainText(
    "Claude Code",
    { timeout: 30_000 }
  )
  await expect(page.getByTestId("import.submit")).toBeEnabled()
  await expectNoSecondLongTask("previewed")
  await page.getByTestId("import.submit").click()
  await expect(page.getByTestId("import.dialog")).toHaveCount(0)
  await expect(playground.conversation("origin")).toContainText("Claude Code")
})

test("a file over the limit is refused before it is read; a large one is read in the worker; Cancel stops a check", async ({
  playground,
  page,
}) => {
  await playground.openImport()
  await page.getByTestId("import.file").setInputFiles({
    name: "huge.jsonl",
    mimeType: "text/plain",
    buffer: Buffer.alloc(21 * 1024 * 1024, 120),
  })
  await expect(page.getByTestId("import.too-large")).toContainText(
    "huge.jsonl is too large"
  )

  const line = (n: number) =>
    JSON.stringify({
      model: "claude-sonnet-4-6",
      max_tokens: 64,
      messages: [{ role: "user", content: `${n} ${"y".repeat(4000)}` }],
    })
  const body = Array.from({ length: 500 }, (_, n) => line(n)).join("\n")
  await page.getByTestId("import.file").setInputFiles({
    name: "many.txt",
    mimeType: "text/plain",
    buffer: Buffer.from(body),
  })
  await expect(page.getByTestId("import.held")).toContainText("many.txt")
  await expect(page.getByTestId("import.too-large")).toHaveCount(0)
  await expect(page.getByTestId("import.detected")).not.toContainText(
    "Paste or drop"
  )

  // A long check can be cancelled: nothing is held or importable after it.
  await paste(page, { log: { mb: 16, resultChars: 3000 } })
  await page.getByTestId("import.cancel").click()
  await expect(page.getByTestId("import.progress")).toHaveCount(0)
  await expect(page.getByTestId("import.held")).toHaveCount(0)
  await expect(page.getByTestId("import.submit")).toBeDisabled()
})

test("a small paste goes in at the caret, as a paste into any text area does", async ({
  playground,
  page,
}) => {
  await playground.openImport(
    '{"model": "claude-sonnet-4-6", "max_tokens": 64, "messages": []}'
  )
  const area = page.getByTestId("import.text")
  await area.evaluate((el: HTMLTextAreaElement) => {
    const at = el.value.indexOf("[]") + 1
    el.setSelectionRange(at, at)
  })
  await page.evaluate(() => {
    const data = new DataTransfer()
    data.setData("text/plain", '{"role": "user", "content": "Pasted"}')
    document.querySelector('[data-testid="import.text"]')!.dispatchEvent(
      new ClipboardEvent("paste", {
        clipboardData: data,
        bubbles: true,
        cancelable: true,
      })
    )
  })
  await expect(area).toHaveValue(
    '{"model": "claude-sonnet-4-6", "max_tokens": 64, "messages": [{"role": "user", "content": "Pasted"}]}'
  )
  await expect(page.getByTestId("import.submit")).toBeEnabled()
})
