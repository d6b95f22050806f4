import { fakeKey } from "../test/fake-key"
import { expect, test } from "./fixtures"
import { requestFragment } from "./requests"

// The Server tab asks the API why the cache missed on each run
// (`diagnostics.previous_message_id`) and shows its reason beside the
// playground's; the fake Anthropic server answers as the API does.
const KEY = fakeKey("diagnosis-e2e-7c1d")

const base = {
  model: "claude-sonnet-4-6",
  max_tokens: 64,
  system: "You are terse.",
  messages: [{ role: "user", content: "Say hi." }],
}

test("a second run shows the API's reason the cache missed beside the predicted one, and the request named the first run", async ({
  playground,
  page,
}) => {
  const sent: Array<Record<string, unknown>> = []
  page.on("request", (r) => {
    if (r.url().endsWith("/api/messages") && r.method() === "POST")
      sent.push(JSON.parse(r.postData() ?? "{}").request)
  })
  await playground.openServerTab(base, KEY)
  await playground.server("send").click()
  await expect(playground.server("diagnosis")).toContainText("first run", {
    timeout: 20_000,
  })
  expect(sent[0]!.diagnostics).toEqual({ previous_message_id: null })

  // The system prompt changes: the API says so, and so does the prediction.
  await playground.pasteFragment(
    requestFragment({ ...base, system: "You are verbose." })
  )
  // A link is read (and checked) before it replaces the request: send once
  // the request holds it.
  await expect
    .poll(async () => (await playground.editorText()).includes("verbose"), {
      timeout: 20_000,
    })
    .toBe(true)
  await expect(playground.server("send")).toBeEnabled({ timeout: 20_000 })
  await playground.server("send").click()
  await expect(playground.server("diagnosis-api")).toContainText(
    "system_changed",
    { timeout: 20_000 }
  )
  await expect(playground.server("diagnosis-predicted")).toContainText(
    "system_changed"
  )
  await expect(playground.server("diagnosis-badge")).toHaveText("agrees")
  expect(sent[1]!.diagnostics).toEqual({
    previous_message_id: expect.stringMatching(/^msg_/),
  })

  // The same request again: nothing diverged, predicted and said.
  await playground.server("send").click()
  await expect(playground.server("diagnosis-api")).toContainText(
    "no divergence",
    { timeout: 20_000 }
  )
  await expect(playground.server("diagnosis-badge")).toHaveText("agrees")
})
