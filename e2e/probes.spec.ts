import { fakeKey } from "../test/fake-key"
import { expect, test } from "./fixtures"
import { expectSecretNotLeaked } from "./leaks"
import { ask } from "./requests"

// "Check assumptions against the API" against the fake Anthropic API, whose
// count_tokens answers with the engine set to chosen switches and a token
// count unlike the page's own (test/fake-anthropic/semantics.mjs).
const CANARY = fakeKey("canary-probes-8c1d4e7a2b9f")
const FAKE = `http://127.0.0.1:${process.env.E2E_FAKE_ANTHROPIC_PORT ?? 3199}`

const request = ask("Probe my API", { model: "claude-opus-4-7" })

async function fake(path: string, body: unknown) {
  const res = await fetch(`${FAKE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  })
  expect(res.ok).toBe(true)
}

// 400s (rejected probes) and the 429 show as failed loads; nothing else may log.
test.use({ allowedConsoleErrors: /Failed to load resource/ })

test.afterEach(async () => {
  await fake("/__semantics", { switches: null })
  await fake("/__reset", {})
})

test("Cancel stops a running check and keeps nothing", async ({
  playground,
}) => {
  await fake("/__semantics", { switches: {} })
  // The first request hangs until the route's upstream timeout.
  await fake("/__faults", { faults: ["timeout"] })
  await playground.openServerTab(request, CANARY)
  await playground.probes("run").click()
  await expect(playground.probes("progress")).toBeVisible()
  await playground.probes("cancel").click()
  await expect(playground.probes("status")).toContainText("Cancelled")
  await expect(playground.probes("results")).toHaveCount(0)
})

test("the check settles the API's switches, applies them after confirming, keeps them over a reload, and never leaks the key", async ({
  playground,
  page,
  freshBrowser,
}) => {
  const bodies = playground.collectResponseBodies()
  await fake("/__semantics", {
    switches: { triggerComparison: "gte", excludedCountTowardKeep: true },
  })
  // One rate limit on the way: waited out and reported.
  await fake("/__faults", { faults: ["429,ra=1"] })
  await playground.openServerTab(request, CANARY)
  await expect(page.getByText(/cost nothing/)).toBeVisible()
  await playground.probes("run").click()
  await expect(playground.probes("progress")).toBeVisible()
  await expect(playground.probes("status")).toContainText(
    /Done: \d+ requests, 1 rate-limit retry/,
    { timeout: 45_000 }
  )

  const trigger = playground.probes("switch.triggerComparison")
  await expect(trigger).toContainText("≥ (reaches)")
  await expect(trigger).toContainText("settled by your API on")
  await expect(trigger).toContainText("(the page assumes > (exceeds))")
  await expect(
    playground.probes("switch.excludedCountTowardKeep")
  ).toContainText("yes")
  await expect(playground.probes("switch.clearErrorResults")).toContainText(
    "yes"
  )
  // The evidence: the requests and their numbers, behind a disclosure.
  await trigger.getByText(/Evidence \(3 requests\)/).click()
  await expect(trigger.getByTestId("probes.evidence")).toContainText(
    "trigger = "
  )

  await playground.probes("apply").click()
  await expect(
    page.getByRole("group", { name: "Confirm applying" })
  ).toContainText("Clearing trigger comparison: ≥ (reaches)")
  await playground.probes("confirm").click()
  await expect(playground.probes("applied")).toBeVisible()
  await expect(trigger).not.toContainText("the page assumes")

  const link = await playground.permalink()
  await playground.closeDialog()
  await playground.reloadAfterAutosave()
  await playground.resultTab("server").click()
  await expect(playground.probes("switch.triggerComparison")).toContainText(
    "settled by your API on"
  )
  await expect(playground.probes("applied")).toBeVisible()

  // The link carries the results to another browser, as the author's.
  const other = await freshBrowser()
  await other.open(link.slice(link.indexOf("#")))
  await other.resultTab("server").click()
  await expect(other.probes("switch.triggerComparison")).toContainText(
    "settled by the link author’s API on"
  )

  const storage = await expectSecretNotLeaked(playground, CANARY, {
    link,
    bodies,
  })
  expect(storage).toContain("cep.probes.v1")
  expect(bodies.length).toBeGreaterThan(20)
})
