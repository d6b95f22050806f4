import { readFileSync } from "node:fs"
import { gunzipSync } from "node:zlib"

import { expect, test } from "./fixtures"

// A public Claude Code log (test/real/claude-code/compacted/sources.json):
// Opus 4.6, 2.8 MB, 152 API calls, one compaction.
const log = gunzipSync(
  readFileSync(
    "test/real/claude-code/compacted/258c7280-ae70-4798-800f-63464d01a85d.jsonl.gz"
  )
).toString("utf8")

test.describe.configure({ timeout: 300_000 })

test("one config, one price: the Timeline's headline and what-if, Compare and Tune show the same bill over every call of the log; Tune recommends a config that keeps the agent working, and says why", async ({
  playground,
  page,
}) => {
  await playground.open()
  await playground.importText(log, { keepEdits: false })
  // The documented clear_tool_uses defaults beside the log's own compaction.
  await playground.addEdit("clear_tool_uses_20250919")
  // Every view counts alike: the instant estimate, or (when counting is on)
  // once every text is counted.
  await expect(page.getByTestId("tokens.mark")).toHaveAttribute(
    "data-state",
    /^(off|counted)$/,
    { timeout: 120_000 }
  )
  await playground.resultTab("timeline").click()
  const bill = page.getByTestId("real.bill")
  await expect(bill).toHaveText(/^\$\d/, { timeout: 60_000 })
  const dollars = (await bill.textContent())!
  // Every number says which calls it covers.
  await expect(page.getByTestId("real.covers")).toContainText(
    "all 152 API calls of the log"
  )
  await expect(page.getByTestId("real.whatif-total")).toContainText(dollars)
  // The conversation alone is not priced as if it were the bill.
  await expect(page.getByTestId("timeline.dollars")).toContainText(
    "covers every call of the log"
  )
  await expect(page.getByTestId("timeline.calls")).toContainText(
    "The log records 152 API calls"
  )
  // Why the cache missed: the costliest miss (a new turn that read only the
  // tools and system prompt) is located ahead of the messages, and no miss
  // of this log is left "not predicted".
  const misses = page.getByTestId("real.misses")
  await expect(misses.getByTestId("real.miss").first()).toContainText(
    "none of the messages"
  )
  await expect(misses).not.toContainText("not predicted")
  await misses.screenshot({ path: "test-results/bill-misses.png" })

  await playground.resultTab("compare").click()
  const row = page.getByTestId("compare.row.yours")
  await expect(row).toHaveAttribute("data-state", "fresh", { timeout: 60_000 })
  await expect(row.locator("td").nth(4)).toContainText(dollars)

  await playground.resultTab("tune").click()
  const summary = playground.tune("summary")
  await expect(summary).toBeVisible({ timeout: 240_000 })
  await expect(summary).toContainText(`your config: ${dollars}`)
  // The recommendation never clears a result before the model reads it.
  const recommended = playground.tune("recommended")
  await expect(recommended).toContainText("Recommended:")
  await expect(recommended).not.toContainText("keep 0")
  await expect(playground.tune("why")).toContainText(
    /against \$[\d.]+ with no edits|costs less than/
  )
  await expect(playground.tune("covers")).toContainText("all 152 API calls")
  await expect(playground.tune("defaults")).toContainText(
    "clear_tool_uses defaults"
  )
  await expect(playground.tune("advice")).toContainText("Read")
  const cost = (await playground.tune("recommended.cost").textContent())!
  await playground.tune("recommended.apply").click()
  await playground.resultTab("timeline").click()
  await expect(page.getByTestId("real.bill")).toHaveText(cost, {
    timeout: 60_000,
  })
  await expect(page.getByTestId("real.infeasible")).toHaveCount(0)
})

test("a config that clears each result as it arrives is marked as breaking the agent", async ({
  playground,
  page,
}) => {
  await playground.open()
  await playground.importText(log, { keepEdits: false })
  await playground.addEdit("clear_tool_uses_20250919")
  const tools = 1 // after the log's own compaction edit
  await playground.setNumber(tools, "trigger.value", 832)
  await playground.setNumber(tools, "keep", 0)
  await playground.resultTab("timeline").click()
  await expect(page.getByTestId("real.infeasible")).toContainText(
    "would break the agent",
    { timeout: 60_000 }
  )
})
