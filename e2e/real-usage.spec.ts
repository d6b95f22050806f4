import { readFileSync } from "node:fs"

import { formatDollars, timeline } from "@/lib/context-editing"
import { parseImport } from "@/lib/import"
import { compareWithLog } from "@/lib/real-usage/compare"

import { expect, test } from "./fixtures"

// A public Claude Code log (test/real/claude-code/sources.json): Sonnet 4,
// a warm start, and a subagent written into the main file.
const log = readFileSync(
  "test/real/claude-code/sonnet4-subagent-inline-prefix.jsonl",
  "utf8"
)

function expected() {
  const imported = parseImport(log)
  if (!imported.success || !imported.realUsage) throw new Error("fixture")
  return compareWithLog(timeline(imported.data), imported.realUsage)
}

test("an imported Claude Code log shows every API call's bill beside the engine's replay, the three numbers and the cache misses", async ({
  playground,
  page,
}) => {
  await playground.open()
  await playground.importText(log, { keepEdits: false })
  await playground.resultTab("timeline").click()
  const c = expected()

  const headline = page.getByTestId("real.headline")
  // With the log's own config the corrected what-if is the bill itself.
  await expect(headline).toContainText(
    `With this config this session would have cost ${formatDollars(c.realDollars)} instead of ${formatDollars(c.realDollars)}`
  )
  await expect(page.getByTestId("real.logged-total")).toContainText(
    formatDollars(c.realDollars)
  )
  await expect(page.getByTestId("real.replayed-total")).toContainText(
    formatDollars(c.configDollars)
  )
  await expect(page.getByTestId("real.replay-error")).toContainText(
    "against the bill"
  )
  await expect(page.getByTestId("real.whatif-total")).toContainText(
    "the log's config"
  )
  await expect(page.getByTestId("real.misses")).toBeVisible()

  // Every API call of the file has its row (the subagent's too): the
  // log's read/write beside the replay's.
  expect(c.rows.length).toBe(7)
  for (const [i, row] of c.rows.entries()) {
    const tr = page.getByTestId(`real.row.${i + 1}`)
    await expect(tr.getByTestId("real.real")).toHaveText(
      row.real.toLocaleString("en-US")
    )
    await expect(tr.getByTestId("real.logged")).toHaveText(
      `${row.logged.read.toLocaleString("en-US")} / ${(row.logged.write5m + row.logged.write1h).toLocaleString("en-US")}`
    )
    await expect(tr.getByTestId("real.replayed")).toHaveText(
      `${Math.round(row.replayed.read).toLocaleString("en-US")} / ${Math.round(row.replayed.write5m + row.replayed.write1h).toLocaleString("en-US")}`
    )
  }
  await expect(
    page.getByTestId("real.row.4").getByTestId("real.cause")
  ).toContainText("miss")

  // Edit the config: the bill and the replay with the log's config stay.
  await page.getByTestId("edits.add").click()
  await page.getByTestId("edits.add.clear_tool_uses_20250919").click()
  await expect(page.getByTestId("real.logged-total")).toContainText(
    formatDollars(c.realDollars)
  )
  await expect(page.getByTestId("real.replayed-total")).toContainText(
    formatDollars(c.configDollars)
  )
})
