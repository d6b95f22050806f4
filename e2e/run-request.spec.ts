import { fakeKey } from "../test/fake-key"
import { expect, failedToLoad, test } from "./fixtures"
import { expectSecretNotLeaked } from "./leaks"

// The app's API routes talk to the fake Anthropic server (test/fake-anthropic),
// which injects faults when the first user message carries [[fault:…]].
const CANARY = fakeKey("canary-e2e-5f0c2a9d7b1e4c3a")

function request(text: string) {
  return {
    model: "claude-sonnet-4-6",
    max_tokens: 64,
    messages: [{ role: "user", content: text }],
    context_management: { edits: [{ type: "clear_tool_uses_20250919" }] },
  }
}

test("without a key the Server tab says what a key adds, and nothing errors", async ({
  playground,
}) => {
  await playground.openServerTab(request("Hello"))
  await expect(playground.server("no-key")).toContainText("count_tokens")
  await expect(playground.server("count")).toBeDisabled()
})

test("the header says whether real API calls are possible, opens the Server tab, and never shows the key", async ({
  playground,
  page,
}) => {
  await playground.open()
  const mode = playground.header("key-status")
  // The e2e server has no ANTHROPIC_API_KEY.
  await expect(mode).toHaveText("local only")
  await mode.click()
  await playground.expectResultTab("server")
  await playground.server("key-input").fill(CANARY)
  await expect(mode).toHaveText("key: typed")
  expect(await page.locator("header").innerHTML()).not.toContain(
    CANARY.slice(-12)
  )
  await playground.server("key-input").fill("")
  await expect(mode).toHaveText("local only")
})

test("count tokens shows the server's numbers next to the estimate", async ({
  playground,
}) => {
  await playground.openServerTab(request("How many tokens is this?"), CANARY)
  await playground.server("count").click()
  const result = playground.server("count-result")
  await expect(result).toContainText("server")
  await expect(result).toContainText("≈")
  await expect(playground.server("count-badge")).toHaveText(/agrees|differs/)
})

test("a streamed reply appears incrementally and its applied_edits are reconciled", async ({
  playground,
}) => {
  await playground.openServerTab(
    request("Stream slowly [[fault:slow]]"),
    CANARY
  )
  await playground.server("send").click()
  const stream = playground.server("stream")
  await expect(stream).not.toBeEmpty()
  const early = (await stream.textContent())?.length ?? 0
  await expect
    .poll(async () => (await stream.textContent())?.length ?? 0)
    .toBeGreaterThan(early)
  await expect(playground.server("applied-edits")).toBeVisible({
    timeout: 20_000,
  })
  await expect(playground.server("edits-badge")).toHaveText(/agrees|differs/)
})

test("with automatic caching the reply's usage splits the input into cache writes and, on a resend, cache reads", async ({
  playground,
}) => {
  await playground.openServerTab(
    { ...request("Cache me."), cache_control: { type: "ephemeral" } },
    CANARY
  )
  await playground.server("send").click()
  const usage = playground.server("usage")
  await expect(usage).toContainText(
    /read from the cache, [\d,]+ written to it/,
    {
      timeout: 20_000,
    }
  )
  await expect(usage).toContainText("0 read from the cache")
  // The same prompt again: the fake's cache now serves all of it.
  await expect(playground.server("send")).toBeEnabled({ timeout: 20_000 })
  await playground.server("send").click()
  await expect(usage).toContainText("0 written to it", { timeout: 20_000 })
  await expect(usage).not.toContainText(" 0 read from the cache")
})

test.describe("upstream faults", () => {
  // The browser logs its own line for the error status each fault provokes.
  test.use({ allowedConsoleErrors: failedToLoad("\\d{3}") })
  for (const [fault, action, words] of [
    ["400", "count", /rejected the request/i],
    ["401", "count", /check the key/i],
    ["429", "count", /retry in 7 s/i],
    ["529", "count", /retried|could not answer|overloaded/i],
    ["timeout", "count", /did not answer in time/i],
    ["cut", "send", /interrupted/i],
  ] as const) {
    test(`upstream fault ${fault} gets a clear message and the page stays usable`, async ({
      playground,
    }) => {
      await playground.openServerTab(
        request(`Fault please [[fault:${fault}]]`),
        CANARY
      )
      await playground.server(action).click()
      await expect(playground.server("error")).toContainText(words, {
        timeout: 20_000,
      })
      // Still usable: the edits and the local prediction respond.
      await playground.setNumber(0, "keep", 1)
      await expect(playground.tokens("before")).toBeVisible()
      await expect(playground.server(action)).toBeEnabled()
    })
  }
})

test("a 529 once is retried and then succeeds", async ({ playground }) => {
  await playground.openServerTab(request("Retry me [[fault:529x1]]"), CANARY)
  await playground.server("count").click()
  await expect(playground.server("count-result")).toContainText("server")
})

test("the canary key never reaches the URL, storage, responses or server output", async ({
  playground,
}) => {
  const bodies = playground.collectResponseBodies()
  await playground.openServerTab(request("Leak check"), CANARY)
  await playground.server("count").click()
  await expect(playground.server("count-result")).toBeVisible()
  await playground.server("send").click()
  await expect(playground.server("applied-edits")).toBeVisible({
    timeout: 20_000,
  })
  const link = await playground.permalink()

  await expectSecretNotLeaked(playground, CANARY, { link, bodies })
})
