import { readFileSync } from "node:fs"
import { gunzipSync } from "node:zlib"

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

test("a Claude Code log compacted on a model without compaction replays each part from its summary, as Claude Code sent it", async ({
  playground,
  page,
}) => {
  test.setTimeout(180_000)
  // A public compacted log (Opus 4.6), its model re-labelled Sonnet 4.5:
  // no compaction blocks there, the summary stays a user message.
  const text = gunzipSync(
    readFileSync(
      "test/real/claude-code/compacted/258c7280-ae70-4798-800f-63464d01a85d.jsonl.gz"
    )
  )
    .toString("utf8")
    .replaceAll(
      '"model":"claude-opus-4-6"',
      '"model":"claude-sonnet-4-5-20250929"'
    )
  const imported = parseImport(text)
  if (!imported.success || !imported.realUsage) throw new Error("fixture")
  const c = compareWithLog(timeline(imported.data), imported.realUsage)
  // The first call after the compaction: the log's prompt fell to the
  // summary's size, and so does the replay's.
  const at = c.rows.findIndex(
    (r, i) => i > 0 && r.real < c.rows[i - 1]!.real / 2
  )
  expect(at).toBeGreaterThan(0)
  const first = c.rows[at]!
  expect(first.withEdits + first.hidden).toBeLessThan(1.5 * first.real)

  await playground.open()
  await playground.importText(text, { keepEdits: false })
  await playground.resultTab("timeline").click()
  await expect(page.getByTestId("real.replayed-total")).toContainText(
    formatDollars(c.configDollars),
    { timeout: 60_000 }
  )
  // Within a tenth of the bill (it was half as much again, each request
  // holding the whole history).
  expect(Math.abs(c.configDollars / c.realDollars - 1)).toBeLessThan(0.1)
  const scroll = page.getByTestId("real.table.scroll")
  await scroll.evaluate((el, top) => el.scrollTo(0, top), at * 24)
  const row = page.getByTestId(`real.row.${at + 1}`)
  await expect(row.getByTestId("real.real")).toHaveText(
    first.real.toLocaleString("en-US")
  )
  await expect(row.getByTestId("real.cause")).toHaveAttribute(
    "title",
    /the client compacted: the conversation started again from its summary/
  )
  await page
    .getByTestId("real.view")
    .screenshot({ path: "test-results/restart-real.png" })
})
