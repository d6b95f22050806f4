// Huge upstream replies (the fake API's huge-* faults, 100 MB each): the
// server stops reading at its caps and says so, and the page neither
// freezes nor reads past its own cap (issue 47).
import { fakeKey } from "../test/fake-key"
import { expect, failedToLoad, test } from "./fixtures"
import { watchLongTasks } from "./long-tasks"

const KEY = fakeKey("oversize-e2e-7d1c3b")

const request = (fault: string) => ({
  model: "claude-sonnet-4-6",
  max_tokens: 64,
  messages: [{ role: "user", content: `Big one [[fault:${fault}]]` }],
})

test.describe("oversized upstream replies", () => {
  // The browser logs its own line for the 502s these faults provoke.
  test.use({ allowedConsoleErrors: failedToLoad(502) })

  test("a 100 MB stream stops at 32 MB with a message, the page never blocked for a second, and stays usable", async ({
    playground,
    page,
  }) => {
    await playground.openServerTab(request("huge-stream"), KEY)
    const tasks = await watchLongTasks(page)
    const started = Date.now()
    await playground.server("send").click()
    await expect(playground.server("error")).toContainText("32 MB", {
      timeout: 60_000,
    })
    const ms = Date.now() - started
    await expect(playground.server("stream")).toContainText(
      "characters not shown"
    )
    const worst = await tasks.longest()
    console.log(
      `100 MB stream: stopped after ${ms} ms, longest main-thread task ${Math.round(worst)} ms`
    )
    expect(worst).toBeLessThan(1000)
    await expect(playground.server("send")).toBeEnabled()
    await expect(playground.tokens("before")).toBeVisible()
  })

  // An answer over the server's cap is an error answer (502), said in the
  // Server tab, on both routes that read an upstream reply.
  for (const { title, route, fault, button, says } of [
    {
      title: "a single 100 MB stream event is an error answer, not a reply",
      route: "/api/messages",
      fault: "huge-event",
      button: "send",
      says: "one stream event larger than 1 MB",
    },
    {
      title: "a 100 MB count_tokens answer is an error answer, not a count",
      route: "/api/count-tokens",
      fault: "huge-answer",
      button: "count",
      says: "larger than 1 MB",
    },
  ]) {
    test(title, async ({ playground, request: http }) => {
      const response = await http.post(route, {
        data: { request: request(fault) },
        headers: { "x-playground-api-key": KEY },
      })
      expect(response.status()).toBe(502)
      expect(await response.text()).toContain("larger than 1 MB")

      await playground.openServerTab(request(fault), KEY)
      await playground.server(button).click()
      await expect(playground.server("error")).toContainText(says, {
        timeout: 30_000,
      })
    })
  }
})
