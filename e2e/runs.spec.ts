import { readFileSync } from "node:fs"

import { expect, test } from "./fixtures"
import { FleetPage } from "./pages/fleet-page"

/**
 * Recorded runs beyond Claude Code (issue 54): a request log and an
 * OTLP/JSON trace export of public recorded runs (test/real/runs/),
 * dropped on the page, open the Sessions view with each one's bill.
 */
const DIR = new URL("../test/real/runs/", import.meta.url)
const read = (f: string) => readFileSync(new URL(f, DIR), "utf8")
const LOG = "pai-tool-search-eval.request-log.jsonl"
const TRACE = "pai-deferred-history-cached.convention.otlp.json"

/** $/MTok (input, 5-minute write, read) of the runs' Sonnet 4.5, from the pricing page. */
const SONNET = [3, 3.75, 0.3] as const

/** A request log's input-side bill, read straight from its lines. */
function billOf(text: string): number {
  let dollars = 0
  for (const line of text.split("\n").filter(Boolean)) {
    const u = JSON.parse(line).response.usage
    dollars +=
      (u.input_tokens * SONNET[0] +
        (u.cache_creation_input_tokens ?? 0) * SONNET[1] +
        (u.cache_read_input_tokens ?? 0) * SONNET[2]) /
      1e6
  }
  return dollars
}

test("a request log and a trace export dropped on the page show their bill in the Sessions view", async ({
  playground,
  page,
}) => {
  await playground.openSample()
  const files = [
    { name: LOG, text: read(LOG) },
    { name: TRACE, text: read(TRACE) },
  ]
  await page.evaluate((list) => {
    const dt = new DataTransfer()
    for (const f of list) dt.items.add(new File([f.text], f.name))
    window.dispatchEvent(
      new DragEvent("drop", {
        dataTransfer: dt,
        bubbles: true,
        cancelable: true,
      })
    )
  }, files)
  const fleet = new FleetPage(page)
  await fleet.waitForReport()
  const totals = await fleet.totals()
  expect(totals.sessions).toBe(2)
  expect(totals.requests).toBe(11 + 3)
  const bill =
    billOf(read(LOG)) +
    billOf(read("pai-deferred-history-cached.request-log.jsonl"))
  expect(totals.inputDollars).toBeCloseTo(bill, 6)
  await expect(fleet.summary).toContainText(`$${bill.toFixed(2)}`)
})
