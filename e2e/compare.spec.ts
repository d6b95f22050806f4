import {
  compareStrategy,
  strategies,
  timeline,
  withStrategy,
} from "@/lib/context-editing"

import { setEditField } from "@/lib/state/edits"

import { approxShort } from "@/components/playground/store/use-simulation"

import { predict } from "./expected"
import { expect, test } from "./fixtures"

test("the Compare tab sets the strategies side by side, and Use puts one in the request", async ({
  playground,
  page,
}) => {
  const sample = await playground.openSample()
  const rows = strategies(sample)
  // The sample's own edits are none of the defaults: "Your edits" leads.
  expect(rows.map((r) => r.id)).toEqual([
    "yours",
    "none",
    "tools",
    "thinking",
    "compact",
    "all",
  ])
  await page.keyboard.press("Alt+4")
  await playground.expectResultTab("compare")
  // The sample asks for no caching: the cheapest session sends the fewest
  // tokens, and each session costs exactly its tokens.
  await expect(playground.compare("cache")).toContainText(
    "No cache_control in this request"
  )
  const uncached = rows.map((strategy) => {
    const r = compareStrategy(sample, strategy, undefined, { caching: "none" })
    if (!r.ok) throw new Error(r.error)
    expect(r.session.equivalents.withEdits).toBe(r.session.tokens.withEdits)
    return { strategy, cost: r.session.equivalents.withEdits }
  })
  const fewest = uncached.reduce((a, b) => (b.cost < a.cost - 0.5 ? b : a))
  await expect(playground.compare("verdict")).toContainText(
    `Lowest cost over the session: ${fewest.strategy.label}`
  )
  // With automatic caching (one click), cache writes enter the cost.
  await playground.compare("cache.enable").click()
  const base = { ...sample, cache_control: { type: "ephemeral" } }
  await expect(playground.compare("cache")).toContainText("Automatic caching")
  for (const strategy of rows) {
    const r = compareStrategy(base, strategy)
    if (!r.ok) throw new Error(r.error)
    const row = playground.compare(`row.${strategy.id}`)
    await expect(row).toHaveAttribute("data-state", "fresh")
    await expect(row).toContainText(approxShort(r.inputTokens))
    await expect(row).toContainText(approxShort(r.session.tokens.withEdits))
    await expect(row).toContainText(
      approxShort(r.session.equivalents.withEdits)
    )
  }
  // The cheapest in the cache is the engine's (clearing breaks the cache
  // each time it clears down to the trigger: it may not pay on the sample).
  const cost = (id: string) => {
    const r = compareStrategy(
      base,
      rows.find((s) => s.id === id)!
    )
    if (!r.ok) throw new Error(r.error)
    return r.session.equivalents.withEdits
  }
  const cheapest = rows.reduce((a, b) =>
    cost(b.id) < cost(a.id) - 0.5 ? b : a
  )
  await expect(playground.compare("verdict")).toContainText(
    `Lowest prompt-cache cost over the session: ${cheapest.label}`
  )

  // Use: the request now sends exactly that strategy's edits.
  const tools = rows.find((s) => s.id === "tools")!
  await playground.compare("use.tools").click()
  expect(await playground.appliedEdits()).toEqual(
    predict(withStrategy(base, tools)).context_management
  )
  await expect(playground.compare("row.tools")).toContainText("this request")
  await expect(playground.compare("row.yours")).toHaveCount(0)
  await expect(playground.compare("use.tools")).toHaveCount(0)
  await expect(playground.editCard(1)).toHaveCount(0)

  // One undo brings the sample's own edits back.
  await page.keyboard.press("Control+z")
  expect(await playground.appliedEdits()).toEqual(
    predict(base).context_management
  )
  await expect(playground.compare("row.yours")).toContainText("this request")

  // Editing the request recomputes the rows: keep 1 on its own edits.
  await playground.setNumber(1, "keep", 1)
  const edited = setEditField(base, 1, "keep", { type: "tool_uses", value: 1 })
  const yours = compareStrategy(edited, strategies(edited)[0]!)
  if (!yours.ok) throw new Error(yours.error)
  const yoursRow = playground.compare("row.yours")
  await expect(yoursRow).toContainText(
    approxShort(yours.session.tokens.withEdits)
  )
  await expect(yoursRow).toHaveAttribute("data-state", "fresh")
})

test("compaction over a long session: the Timeline and Compare say at which request it fires and what follows", async ({
  playground,
}) => {
  const compaction = await playground.openExample("compaction")
  // The headline numbers cannot show compaction: a line says it fires.
  await expect(playground.result("compaction")).toContainText(
    "Compaction fires"
  )
  await playground.resultTab("timeline").click()
  // Cached to each request's end, so the summary is where the cache breaks.
  await playground.timeline("cache.enable").click()
  const base = { ...compaction, cache_control: { type: "ephemeral" } }
  const expected = timeline(base)
  expect(expected.compactions.length).toBeGreaterThan(0)
  const k = expected.compactions[0]!
  await expect(playground.timeline("compaction")).toContainText(
    `Compaction fires at request ${k}.`
  )
  await expect(await playground.timelineRow(k)).toContainText("compacts")
  // The next request breaks the cache at the stand-in summary.
  const next = expected.points.find((p) => p.request === k + 1)
  if (!next?.ok || !next.breakAt) throw new Error("no request after compaction")
  expect(next.breakAt.summary).toBe(true)
  await expect(
    (await playground.timelineRow(k + 1)).getByTestId("timeline.break")
  ).toHaveText(`summary (message ${next.breakAt.messageIndex})`)

  await playground.resultTab("compare").click()
  // The preset's `{type: "compact_20260112"}` is the default compaction row.
  await expect(playground.compare("row.compact")).toContainText("this request")
  await expect(playground.compare("row.compact")).toContainText(
    `Compacts at request ${expected.compactions.join(", ")}`
  )
  await expect(playground.compare("row.none")).not.toContainText("Compacts")
})
