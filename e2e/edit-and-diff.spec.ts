import {
  cacheImpact,
  cacheSetup,
  type SimulateSuccess,
} from "@/lib/context-editing"
import {
  clearTools,
  tokens,
  toolConversation,
  toolRound,
  uses,
} from "@/lib/context-editing/__fixtures__/build"
import { DIFF_STRING_LIMIT, diffText } from "@/lib/json/diff-text"
import { setEditField } from "@/lib/state/edits"

import { predict, preset } from "./expected"
import { expect, test } from "./fixtures"
import { ask, assistant, request, user } from "./requests"

function statuses(sim: SimulateSuccess): Record<string, string> {
  return Object.fromEntries(
    sim.blocks.map((b) => [`${b.messageIndex}.${b.blockIndex}`, b.status])
  )
}

test("the page opens on the sample agent session, over the default trigger", async ({
  playground,
}) => {
  const expected = predict(await playground.openSample())
  expect(expected.original_input_tokens).toBeGreaterThan(100_000)
  await expect(playground.tokens("before")).toContainText(
    expected.original_input_tokens.toLocaleString("en-US")
  )
  expect(await playground.appliedEdits()).toEqual(expected.context_management)
})

test("a docs preset shows the cleared blocks, placeholders and applied_edits", async ({
  playground,
}) => {
  const expected = predict(await playground.openExample("basic"))
  const cleared = expected.blocks.filter((b) => b.status === "cleared")
  expect(cleared.length).toBeGreaterThan(0)

  expect(await playground.appliedEdits()).toEqual(expected.context_management)
  await playground.showUnchanged()
  expect(await playground.blockStatuses()).toEqual(statuses(expected))
  const placeholders = playground.diff("block.placeholder")
  await expect(placeholders).toHaveCount(cleared.length)
  await expect(placeholders.first()).toHaveText('→ "[cleared]"')
})

test("changing keep re-runs the prediction and moves the cleared boundary", async ({
  playground,
}) => {
  const sample = await playground.openSample()
  // Clearing stops once the prompt is back under the trigger
  // (docs/semantics.md#clear-down-to-trigger): under a trigger of 30,000,
  // keep is what stops it.
  await playground.setNumber(1, "trigger.value", 30_000)
  const base = setEditField(sample, 1, "trigger", {
    type: "input_tokens",
    value: 30_000,
  })
  const before = predict(base)
  await playground.expectAppliedEdits(before.context_management)
  await playground.setNumber(1, "keep", 2)
  const after = predict(
    setEditField(base, 1, "keep", { type: "tool_uses", value: 2 })
  )
  await playground.expectAppliedEdits(after.context_management)
  const count = (s: SimulateSuccess) =>
    s.edits[1]?.entry && "cleared_tool_uses" in s.edits[1].entry
      ? s.edits[1].entry.cleared_tool_uses
      : 0
  // One fewer tool use protected → one more cleared.
  expect(count(after)).toBe(count(before) + 1)
})

test("Explain says where the edits break the prompt cache, and where the next request will", async ({
  playground,
}) => {
  const sample = await playground.openSample()
  const approx = (n: number) => `≈${Math.round(n).toLocaleString("en-US")}`
  const at = (b: { messageIndex: number; blockIndex: number } | null) =>
    b ? `message ${b.messageIndex}, block ${b.blockIndex}` : "none"
  await playground.resultTab("explain").click()
  const cache = playground.explain("cache")
  // The sample asks for no caching: the edits only save tokens.
  const none = cacheImpact(predict(sample), cacheSetup(sample))
  expect(none.reach.kind).toBe("none")
  await expect(cache.getByTestId("explain.cache.setup")).toContainText(
    "No cache_control in this request"
  )
  await expect(cache.getByTestId("explain.cache.break")).toContainText(
    `costs ${approx(none.costWith)} input tokens instead of ${approx(none.costWithout)}`
  )
  await expect(cache.getByTestId("explain.cache.next")).toHaveCount(0)
  // Automatic caching, one click away: now the edits break the cache.
  await cache.getByTestId("explain.cache.setup.enable").click()
  const base = { ...sample, cache_control: { type: "ephemeral" } }
  await expect(cache.getByTestId("explain.cache.setup")).toContainText(
    "Automatic caching"
  )
  const now = cacheImpact(predict(base), cacheSetup(base))
  expect(now.reach.kind).toBe("end")
  // The first change is far before the breakpoint: the lookback caveat.
  await expect(cache.getByTestId("explain.cache.lookback")).toContainText(
    "within 20 blocks before a breakpoint"
  )
  await expect(cache.getByTestId("explain.cache.break")).toContainText(
    `from ${at(now.firstChange)} (`
  )
  await expect(cache.getByTestId("explain.cache.break")).toContainText(
    `the ${"≈" + now.rewrittenTokens.toLocaleString("en-US")} after it`
  )
  await expect(cache.getByTestId("explain.cache.later")).toContainText(
    `(${at(now.nextBreak)})`
  )
  // A lower trigger: clearing goes further down the conversation before the
  // prompt is back under it → the oldest result it leaves, the next break,
  // is a later one.
  await playground.setNumber(1, "trigger.value", 60_000)
  const later = cacheImpact(
    predict(
      setEditField(base, 1, "trigger", { type: "input_tokens", value: 60_000 })
    )
  )
  expect(later.nextBreak!.index).toBeGreaterThan(now.nextBreak!.index)
  await expect(cache.getByTestId("explain.cache.later")).toContainText(
    `(${at(later.nextBreak)})`
  )
  await expect(cache.getByTestId("explain.cache.compaction")).toHaveCount(0)
  // The whole session, request by request, is one click away.
  await cache.getByTestId("explain.cache.timeline").click()
  await playground.expectResultTab("timeline")
  await expect(playground.timeline("table")).toBeVisible()
  // A compaction that fires rewrites the cache once, on the next request.
  expect(predict(preset("compaction")).compaction?.fires).toBe(true)
  await playground.loadExample("compaction")
  await playground.resultTab("explain").click()
  await expect(cache.getByTestId("explain.cache.compaction")).toBeVisible()
})

test("the cache picker writes top-level cache_control, and the cache model follows it", async ({
  playground,
}) => {
  await playground.open()
  const picker = playground.conversation("cache")
  await expect(picker).toHaveValue("off")
  await playground.resultTab("explain").click()
  const cache = playground.explain("cache")
  await picker.selectOption("1h")
  await expect(cache.getByTestId("explain.cache.setup")).toContainText(
    "Automatic caching"
  )
  await expect(cache).toContainText("1-hour cache writes 2×")
  await expect
    .poll(() => playground.editorText())
    .toMatch(/"cache_control": \{\s*"type": "ephemeral",\s*"ttl": "1h"\s*\}/)
  await picker.selectOption("5m")
  await expect(cache).toContainText("5-minute cache writes 1.25×")
  await picker.selectOption("off")
  await expect(cache.getByTestId("explain.cache.setup")).toContainText(
    "No cache_control in this request"
  )
  await expect
    .poll(() => playground.editorText())
    .not.toContain("cache_control")
  // The thinking picker beside it sets and drops top-level thinking the same way.
  const thinking = playground.conversation("thinking")
  await thinking.selectOption("adaptive")
  await expect
    .poll(() => playground.editorText())
    .toMatch(/"thinking": \{\s*"type": "adaptive"\s*\}/)
  await thinking.selectOption("off")
  // (Thinking blocks keep their own "thinking" text field.)
  await expect.poll(() => playground.editorText()).not.toMatch(/"thinking": \{/)
})

test("a cache_control breakpoint on a block is marked in Blocks, and Explain caches only up to it", async ({
  playground,
}) => {
  // 10 search rounds; the breakpoint is on toolu_5's result (message 12).
  const messages = toolConversation(10, 2000).map((m, i) =>
    i === 12 && Array.isArray(m.content)
      ? {
          ...m,
          content: [{ ...m.content[0]!, cache_control: { type: "ephemeral" } }],
        }
      : m
  )
  const breakpoint = request(messages, {
    max_tokens: 1024,
    context_management: {
      edits: [clearTools({ trigger: tokens(1000), keep: uses(3) })],
    },
  })
  await playground.openRequest(breakpoint)
  await expect(playground.diff("block.cache")).toHaveCount(1)
  await expect(
    playground.block(12, 0).getByTestId("diff.block.cache")
  ).toBeVisible()
  await expect(playground.conversation("cache")).toHaveValue("explicit")
  await playground.resultTab("explain").click()
  const cache = playground.explain("cache")
  await expect(cache.getByTestId("explain.cache.setup")).toContainText(
    "The last cache_control breakpoint is on message 12, block 0"
  )
  const c = cacheImpact(predict(breakpoint), cacheSetup(breakpoint))
  expect(c.reach.kind).toBe("fixed")
  expect(c.uncachedTokens).toBeGreaterThan(0)
  await expect(cache.getByTestId("explain.cache.break")).toContainText(
    `and ≈${Math.round(c.uncachedTokens).toLocaleString("en-US")} after the breakpoint cost the base price`
  )
  // Over the session, an agent moves that breakpoint along.
  await playground.resultTab("timeline").click()
  await expect(playground.timeline("cache")).toContainText(
    "an agent moves it to each request’s last block"
  )
})

test("dragging the keep slider re-runs the prediction live, and one undo takes the whole drag back", async ({
  playground,
  page,
}) => {
  const base = await playground.openSample()
  const before = await playground.appliedEdits()
  expect(before).toEqual(predict(base).context_management)
  const slider = playground.edits("1.keep.slider")
  const box = (await slider.boundingBox())!
  const max = Number(await slider.getAttribute("max"))
  // From the thumb (keep 3) to the far right, in several moves.
  const y = box.y + box.height / 2
  await page.mouse.move(box.x + (box.width * 3) / max, y)
  await page.mouse.down()
  for (let k = 1; k <= 5; k++)
    await page.mouse.move(box.x + (box.width * (3 + k * 3)) / max, y)
  await page.mouse.move(box.x + box.width + 20, y)
  await page.mouse.up()
  // keep now covers every tool use: clear_tool_uses clears nothing.
  await expect(playground.field(1, "keep")).toHaveValue(String(max))
  const all = predict(
    setEditField(base, 1, "keep", { type: "tool_uses", value: max })
  )
  await playground.expectAppliedEdits(all.context_management)
  await playground.header("undo").click()
  await expect(playground.field(1, "keep")).toHaveValue("")
  await playground.expectAppliedEdits(before)
})

test("switching the trigger type never carries a token count over as a tool-use count, and the slider lands on round numbers", async ({
  playground,
}) => {
  const base = await playground.openSample()
  const type = playground.edits("1.trigger.type")
  const value = playground.field(1, "trigger.value")
  await expect(value).toHaveValue("")
  await type.selectOption("tool_uses")
  await expect(value).toHaveValue("10")
  // Back: the default again (no trigger in the request), not 10 tokens.
  await type.selectOption("input_tokens")
  await expect(value).toHaveValue("")
  await playground.expectAppliedEdits(predict(base).context_management)
  // Each type gets its own last value back.
  await playground.setNumber(1, "trigger.value", 50_000)
  await type.selectOption("tool_uses")
  await expect(value).toHaveValue("10")
  await type.selectOption("input_tokens")
  await expect(value).toHaveValue("50000")
  await playground.edits("1.trigger.slider").fill("99000")
  await expect(value).toHaveValue("99000")
})

test("the clear_at_least slider marks what clearing frees: past the tick the edit is skipped", async ({
  playground,
}) => {
  const base = await playground.openSample()
  // The most clearing can free: past it, the gate skips the edit.
  const frees = predict(base).edits[1]!.mostFrees!
  expect(frees).toBeGreaterThan(0)
  await expect(playground.edits("1.clear_at_least.slider.marker")).toBeVisible()
  const slider = playground.edits("1.clear_at_least.slider")
  const step = Number(await slider.getAttribute("step"))
  const above = Math.ceil((frees + 1) / step) * step
  const below = Math.floor(frees / step) * step
  for (const [value, applied] of [
    [above, false],
    [below, true],
  ] as const) {
    await slider.fill(String(value))
    await expect(playground.field(1, "clear_at_least")).toHaveValue(
      String(value)
    )
    const expected = predict(
      setEditField(base, 1, "clear_at_least", { type: "input_tokens", value })
    )
    expect(expected.edits[1]!.applied).toBe(applied)
    await playground.expectAppliedEdits(expected.context_management)
  }
})

test("excluding a tool protects every one of its results", async ({
  playground,
}) => {
  const sample = await playground.openSample()
  await playground.addExcludedTool(1, "read_file")
  await playground.showUnchanged()
  const expected = predict(
    setEditField(sample, 1, "exclude_tools", ["memory", "read_file"])
  )
  const readFileResults = expected.blocks.filter(
    (b) => b.toolName === "read_file" && b.type === "tool_result"
  )
  expect(readFileResults.length).toBeGreaterThan(0)
  await playground.expectAppliedEdits(expected.context_management)
  const shown = await playground.blockStatuses()
  for (const b of readFileResults)
    expect(shown[`${b.messageIndex}.${b.blockIndex}`]).toBe("excluded")
})

test("a typo in exclude_tools is flagged on its chip, with the name it probably meant", async ({
  playground,
}) => {
  await playground.open()
  await playground.addExcludedTool(1, "reed_file")
  const chip = playground.edits("1.exclude_tools.chip.reed_file")
  await expect(chip).toHaveAttribute("data-unknown", "true")
  await expect(chip).toContainText("did you mean read_file?")
  await expect(
    playground.edits("1.exclude_tools.chip.memory")
  ).not.toHaveAttribute("data-unknown", "true")
})

test("results too small to clear are left as they are: nothing cleared, nothing added", async ({
  playground,
}) => {
  // One-character results are shorter than the placeholder: the server
  // skips them (docs/semantics.md#small-results), even at keep 0.
  const flag = (id: string, result: string) =>
    toolRound([{ id, name: "flag", input: {}, result }])
  const flags = request(
    [
      user("Check the flags."),
      ...flag("toolu_a", "y"),
      ...flag("toolu_b", "n"),
      ...flag("toolu_c", "y"),
      assistant("All checked."),
      user("Thanks."),
    ],
    {
      max_tokens: 1024,
      context_management: {
        edits: [clearTools({ trigger: tokens(1), keep: uses(0) })],
      },
    }
  )
  const expected = predict(flags)
  expect(expected.input_tokens).toBe(expected.original_input_tokens)
  expect(expected.edits[0]!.applied).toBe(false)
  await playground.open()
  await playground.typeRequest(JSON.stringify(flags))
  await playground.expectAppliedEdits(expected.context_management)
  await expect(playground.tokens("added")).toHaveCount(0)
  await expect(playground.tokens("saved")).toHaveCount(0)
})

test.describe("once the conversation's size is shown", () => {
  test.beforeEach(async ({ playground }) => {
    await playground.open()
    await expect(playground.conversation("stats")).toContainText("tokens")
  })

  test("an invalid config shows the engine's message at the field", async ({
    playground,
  }) => {
    const stats = playground.conversation("stats")
    const valid = await stats.textContent()
    await playground.addEdit("compact_20260112")
    await playground.setNumber(2, "trigger.value", 1000)
    // The conversation's own numbers do not depend on the edits being valid.
    await expect(stats).toHaveText(valid ?? "")
    await expect(playground.editCard(2)).toContainText(
      "trigger.value must be at least 50000"
    )
    await expect(playground.engineError).toContainText(
      "context_management.edits.2.trigger.value"
    )
    await expect(playground.result("error")).toContainText("line")
  })

  test("a request the API would reject marks the size as the last valid one", async ({
    playground,
  }) => {
    const stats = playground.conversation("stats")
    await expect(playground.conversation("stats.outdated")).toHaveCount(0)
    // A result whose call is missing: a 400 located in the messages.
    await playground.typeRequest(
      JSON.stringify(
        request([
          user("hi"),
          assistant("hello"),
          user([{ type: "tool_result", tool_use_id: "toolu_x", content: "r" }]),
        ])
      )
    )
    await expect(playground.engineError).toContainText("toolu_x")
    await expect(playground.conversation("stats.outdated")).toHaveText(
      "(last valid)"
    )
    await playground.typeRequest(JSON.stringify(ask("hi")))
    await expect(playground.conversation("stats.outdated")).toHaveCount(0)
    await expect(stats).toContainText("1 msg · 0 tool uses")
  })
})

test("an edit after a compaction that fires carries the engine's warning on its card", async ({
  playground,
}) => {
  await playground.open()
  await playground.addEdit("compact_20260112")
  // Compaction before clear_tool_uses (clear_thinking stays first).
  await playground.edits("card.2.up").click()
  await expect(playground.editCard(1)).toContainText("compact_20260112")
  const warning = playground
    .edits("card.2.warning")
    .filter({ hasText: "continues on the compacted context" })
  await expect(warning).toHaveCount(0)
  await playground.setNumber(1, "trigger.value", 100000)
  await expect(playground.edits("1.status")).toContainText("fires")
  await expect(warning).toHaveCount(1)
  await playground.resultTab("explain").click()
  await expect(playground.explain("warnings")).toContainText("upper bound")
})

test("clear_thinking out of order is explained and fixed in one click", async ({
  playground,
}) => {
  await playground.open()
  await playground.edits("card.0.down").click()
  await expect(playground.edits("guidance.order")).toBeVisible()
  await expect(playground.engineError).toBeVisible()
  await playground.edits("guidance.order.fix").click()
  await expect(playground.edits("guidance.order")).toHaveCount(0)
  await expect(playground.engineError).toHaveCount(0)
})

test("'Enable thinking' on a request with max_tokens 1024 raises max_tokens with it, so the fix adds no new 400", async ({
  playground,
}) => {
  await playground.openRequest(
    ask("Hello", {
      max_tokens: 1024,
      context_management: { edits: [{ type: "clear_thinking_20251015" }] },
    })
  )
  await expect(playground.engineError).toBeVisible()
  const fix = playground.edits("guidance.thinking.fix")
  await expect(fix).toHaveText(
    "Enable thinking (budget 4,096; max_tokens 1,024 → 5,120)"
  )
  await fix.click()
  await expect(playground.edits("guidance.thinking")).toHaveCount(0)
  await expect(playground.engineError).toHaveCount(0)
  await expect.poll(() => playground.editorText()).toMatch(/"max_tokens": 5120/)
})

test("undo and redo walk through edit changes", async ({ playground }) => {
  await playground.open()
  const original = await playground.appliedEdits()
  // A lower trigger clears more (keep does not bind on the sample).
  await playground.setNumber(1, "trigger.value", 60_000)
  await expect.poll(() => playground.appliedEdits()).not.toEqual(original)
  await playground.header("undo").click()
  await playground.expectAppliedEdits(original)
  await playground.header("redo").click()
  await expect.poll(() => playground.appliedEdits()).not.toEqual(original)
})

test("the raw diff shows the request before and after, long strings shortened until asked", async ({
  playground,
  page,
}) => {
  const before = await playground.openSample()
  const after = predict(before).request
  await playground.resultTab("raw").click()
  const status = playground.raw("diff.status")
  // Monaco diffs in a worker; the view says so until it is done.
  const ready = () =>
    expect(status).toHaveAttribute("data-state", "ready", { timeout: 60_000 })
  const shownTexts = () =>
    page.evaluate(() => {
      const m = (
        self as unknown as {
          monaco: {
            editor: {
              getDiffEditors(): Array<{
                getModel(): {
                  original: { getValue(): string }
                  modified: { getValue(): string }
                } | null
              }>
            }
          }
        }
      ).monaco
      const model = m.editor.getDiffEditors()[0]?.getModel()
      return model
        ? {
            before: model.original.getValue(),
            after: model.modified.getValue(),
          }
        : null
    })

  await ready()
  await expect(playground.raw("diff.strings")).toContainText(
    `Strings over ${DIFF_STRING_LIMIT} characters show their first`
  )
  // The engine's edited request, with the sample's long tool results cut
  // to a head and a tag on both sides; unchanged regions are folded away.
  expect(await shownTexts()).toEqual({
    before: diffText(before).text,
    after: diffText(after).text,
  })
  expect(diffText(before).shortened).toBeGreaterThan(0)
  const folded = page
    .getByTestId("raw.diff")
    .getByText(/\d+ hidden lines/)
    .first()
  await expect(folded).toBeVisible()
  // Leaving the tab and coming back: no Monaco disposal error, still folded.
  await playground.resultTab("blocks").click()
  await playground.resultTab("raw").click()
  await ready()
  await expect(folded).toBeVisible()

  await playground.raw("diff.full").click()
  await expect(playground.raw("diff.full")).toHaveAttribute(
    "aria-pressed",
    "true"
  )
  await ready()
  expect(await shownTexts()).toEqual({
    before: JSON.stringify(before, null, 2),
    after: JSON.stringify(after, null, 2),
  })
})
