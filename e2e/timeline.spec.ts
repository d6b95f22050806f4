import {
  formatDollars,
  timeline,
  type TimelinePoint,
} from "@/lib/context-editing"
import { causeText, predictedMisses } from "@/lib/real-usage/misses"
import { prefixClearingSession } from "@/lib/real-usage/test-log"
import { setEditField } from "@/lib/state/edits"

import { expect, test } from "./fixtures"

const breakText = (p: TimelinePoint) =>
  p.ok && p.breakAt
    ? `message ${p.breakAt.messageIndex}, block ${p.breakAt.blockIndex}`
    : "—"

test("the Timeline tab replays the session request by request, with where each one breaks the cache", async ({
  playground,
  page,
}) => {
  const sample = await playground.openSample()
  await page.keyboard.press("Alt+3")
  await playground.expectResultTab("timeline")
  // The sample asks for no caching: each request costs its input tokens.
  const uncached = timeline(sample, undefined, { caching: "none" })
  await expect(playground.timeline("cache")).toContainText(
    "No cache_control in this request"
  )
  await expect(playground.timeline("summary")).toContainText(
    `Cost of all requests: ≈${Math.round(uncached.equivalents.withEdits).toLocaleString("en-US")} input-token equivalents with the edits`
  )
  await expect(playground.timeline("break").first()).toHaveText("—")
  // One click turns on automatic caching (top-level cache_control).
  await playground.timeline("cache.enable").click()
  const base = { ...sample, cache_control: { type: "ephemeral" } }
  await expect(playground.timeline("cache")).toContainText("Automatic caching")
  await expect.poll(() => playground.editorText()).toContain('"cache_control"')
  const expected = timeline(base)
  expect(expected.points.length).toBe(expected.requests)
  const rows = playground.timelineRows
  await expect(rows).toHaveCount(expected.requests)
  // The first request whose cache breaks inside what the one before sent.
  const first = expected.points.find((p) => p.ok && p.breakAt)!
  expect(first).toBeDefined()
  await expect(
    playground.timeline(`row.${first.request}`).getByTestId("timeline.break")
  ).toHaveText(breakText(first))
  await expect(playground.timeline("summary")).toContainText(
    `${Math.round(expected.equivalents.withEdits).toLocaleString("en-US")} input-token equivalents with the edits`
  )
  await expect(playground.timeline("summary")).toContainText(
    `Input tokens sent: ≈${Math.round(expected.tokens.withEdits).toLocaleString("en-US")} with the edits, ≈${Math.round(expected.tokens.withoutEdits).toLocaleString("en-US")} without`
  )
  // The sample fits its 1M window either way: no overflow line.
  await expect(playground.timeline("overflow")).toHaveCount(0)

  // The break is a link to that block in the Blocks view.
  await playground
    .timeline(`row.${first.request}`)
    .getByTestId("timeline.break")
    .getByRole("button")
    .click()
  await playground.expectResultTab("blocks")
  if (!first.ok || !first.breakAt) throw new Error("no break")
  await expect(
    playground.block(first.breakAt.messageIndex, first.breakAt.blockIndex)
  ).toHaveAttribute("data-selected", "true")
  await playground.resultTab("timeline").click()

  // A lower trigger: clearing covers more, and the summary follows the new
  // config (keep does not bind on the sample: clearing stops at the trigger).
  await playground.setNumber(1, "trigger.value", 60_000)
  const after = timeline(
    setEditField(base, 1, "trigger", { type: "input_tokens", value: 60_000 })
  )
  expect(Math.round(after.equivalents.withEdits)).not.toBe(
    Math.round(expected.equivalents.withEdits)
  )
  await expect(playground.timeline("summary")).toContainText(
    `${Math.round(after.equivalents.withEdits).toLocaleString("en-US")} input-token equivalents with the edits`
  )
})

test("a built session lists its predicted cache misses: where tool clearing changes the prefix, and what writing it again costs", async ({
  playground,
  page,
}) => {
  const request = prefixClearingSession()
  // Cached as an agent caches: a breakpoint on the last block.
  const last = request.messages.at(-1)!.content as Array<
    Record<string, unknown>
  >
  last[0]!.cache_control = { type: "ephemeral" }
  const t = timeline(request)
  const misses = predictedMisses(t.points, request.model, t.caching)
  const miss = misses.find((m) => m.cause.kind === "prefix-changed")
  if (!miss) throw new Error("the session should miss the cache once")
  await playground.openRequest(request)
  await playground.resultTab("timeline").click()
  const line = page.getByTestId("timeline.misses")
  await expect(line).toContainText(
    `request ${miss.request}: ${causeText(miss.cause)}`
  )
  await expect(line).toContainText(
    `Predicted cache misses: ${misses.length}, costing ${formatDollars(misses.reduce((s, m) => s + m.dollars, 0))}`
  )
})
