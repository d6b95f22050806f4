import { readFileSync } from "node:fs"

import { formatDollars, timeline } from "@/lib/context-editing"
import { parseImport } from "@/lib/import"
import { compareWithLog } from "@/lib/real-usage/compare"

import { expect, test } from "./fixtures"

const log = readFileSync(
  "lib/import/__fixtures__/claude-code-compacted.jsonl",
  "utf8"
)

test("an imported Claude Code log shows its real input per request beside the prediction, and what the session would have cost with the config", async ({
  playground,
  page,
}) => {
  await playground.open()
  await playground.importText(log, { keepEdits: false })
  await playground.resultTab("timeline").click()
  const imported = parseImport(log)
  if (!imported.success || !imported.realUsage) throw new Error("fixture")
  const c = compareWithLog(timeline(imported.data), imported.realUsage)

  const headline = page.getByTestId("real.headline")
  await expect(headline).toContainText(
    `With this config this session would have cost ${formatDollars(c.configDollars)} instead of ${formatDollars(c.realDollars)}, peaking at ≈${Math.round(c.configPeak).toLocaleString("en-US")} tokens`
  )
  await expect(page.getByTestId("real.hidden")).toContainText(
    `estimated at ≈${Math.round(c.hidden).toLocaleString("en-US")} tokens per request`
  )
  // Every logged request has its row: the real input beside the prediction.
  for (const row of c.rows) {
    const tr = page.getByTestId(`real.row.${row.request}`)
    await expect(tr.getByTestId("real.real")).toHaveText(
      row.real.toLocaleString("en-US")
    )
    await expect(tr.getByTestId("real.predicted")).toHaveText(
      `≈${Math.round(row.predicted).toLocaleString("en-US")}`
    )
  }

  // The log's numbers stay while the config is edited (that is the point).
  await page.getByTestId("edits.add").click()
  await page.getByTestId("edits.add.clear_tool_uses_20250919").click()
  await expect(headline).toContainText(
    `instead of ${formatDollars(c.realDollars)}`
  )
})
