import { simulate, timeline, tuneSession } from "@/lib/context-editing"
import { toolConversation } from "@/lib/context-editing/__fixtures__/build"

import { approx } from "@/components/playground/store/use-simulation"

import { expect, test } from "./fixtures"

// A 300-round agent session (≈357k tokens with Opus 4.6) with no edits yet.
const session = {
  model: "claude-opus-4-6",
  max_tokens: 4096,
  messages: toolConversation(300, 4000, (k) =>
    k % 5 === 0 ? "memory" : "search"
  ),
}

test("Tune searches in the background with progress, Apply puts a frontier config into the form, and the permalink reopens Tune", async ({
  playground,
  page,
  freshBrowser,
}) => {
  await playground.openRequest(session)
  await page.keyboard.press("Alt+5")
  await playground.expectResultTab("tune")
  // The search runs in a worker: the page shows its progress while it runs.
  // (Stopping it is covered by tune.test.ts's AbortSignal case: on a fast
  // machine this session's search ends before a click can cancel it.)
  await expect(
    playground.tune("progress").or(playground.tune("summary"))
  ).toBeVisible()
  const { frontier } = await tuneSession(session)
  await expect(playground.tune("summary")).toContainText(
    `${frontier.length} config${frontier.length === 1 ? "" : "s"} on the frontier`,
    { timeout: 60_000 }
  )
  // The axes fit the configs; the 1M window is far off, marked at the edge.
  await expect(playground.tune("window-offscale")).toContainText(
    "context window"
  )
  await expect(playground.tune("current")).toBeVisible()
  // Hovering a point previews that config's timeline.
  await playground.tune("point.0").hover()
  await expect(playground.tune("preview")).toContainText(frontier[0]!.label)
  // Apply: the form, the diff and the timeline show the config.
  await playground.tune("apply.0").click()
  // The result stays, and so does the focus on the button pressed.
  await expect(playground.tune("apply.0")).toBeFocused()
  const applied = {
    ...session,
    context_management: { edits: frontier[0]!.edits },
  }
  const sim = simulate(applied)
  if (!sim.ok) throw new Error(sim.error.message)
  expect(await playground.appliedEdits()).toEqual(sim.context_management)
  // The form shows each of the config's edits.
  const edits = frontier[0]!.edits
  for (let i = 0; i < edits.length; i++)
    await expect(playground.editCard(i)).toBeVisible()
  const tools = edits.findIndex((e) => e.type === "clear_tool_uses_20250919")
  if (tools >= 0)
    await expect(playground.field(tools, "keep")).toHaveValue(
      String((edits[tools]!.keep as { value: number }).value)
    )
  await page.keyboard.press("Alt+3")
  const t = timeline(applied)
  await expect(playground.timeline("summary")).toContainText(
    `Input tokens sent: ${approx(t.tokens.withEdits)} with the edits`
  )
  await page.keyboard.press("Alt+5")
  const link = await playground.permalink()
  const other = await freshBrowser()
  await other.openLink(link)
  await other.expectResultTab("tune")
  await expect(other.tune("view")).toBeVisible()
})

test("the Timeline covers every request of a long session, scrolled in a virtual list", async ({
  playground,
  page,
}) => {
  await playground.openRequest(session)
  await page.keyboard.press("Alt+3")
  const t = timeline(session)
  expect(t.points).toHaveLength(302)
  await expect(playground.timeline("view")).toContainText(
    "This conversation is 302 requests."
  )
  await expect(playground.timeline("row.1")).toBeVisible()
  // Only the rows in view are in the page; scrolling to the end shows the last.
  expect(await playground.timelineRows.count()).toBeLessThan(80)
  await playground
    .timeline("table.scroll")
    .evaluate((el) => el.scrollTo(0, el.scrollHeight))
  await expect(playground.timeline("row.302")).toBeVisible()
  await expect(playground.timeline("dollars")).toContainText("In dollars")
})
