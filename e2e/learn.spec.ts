import { cacheImpact, cacheSetup } from "@/lib/context-editing"
import { getLesson, runLesson } from "@/lib/lessons"
import { PRESETS } from "@/lib/presets"

import { predict } from "./expected"
import { expect, test } from "./fixtures"

// The lessons' answers come from the engine; these specs check that the
// dialog tells the learner that answer and that the playground, opened on
// the lesson, shows the same thing.
function answerOf(id: string): number | string {
  const lesson = getLesson(id)
  if (!lesson) throw new Error(`no lesson ${id}`)
  const run = runLesson(lesson)
  if ("error" in run) throw new Error(run.error)
  return run.answer
}

test("a lesson asks for a prediction, says whether it was right, and opens in the playground with the same numbers", async ({
  playground,
  page,
}) => {
  await playground.open()
  const lessonMessages = getLesson("keep")!.build().messages.length
  expect(lessonMessages).not.toBe(PRESETS[0]!.build().messages.length)
  await playground.openLesson("keep")
  const answer = Number(answerOf("keep"))
  const check = playground.learn("check")
  await expect(check).toBeDisabled()

  // Not a count: said next to the field, nothing is revealed.
  await playground.learn("answer").fill("a few")
  await expect(check).toBeDisabled()
  await expect(page.getByText("Type a whole number")).toBeVisible()
  await expect(playground.learn("reveal")).toHaveCount(0)

  // The lesson keeps 3: predicting 3 is the classic misreading of keep.
  expect(answer).not.toBe(3)
  const verdict = await playground.answerLesson("3")
  expect(verdict).toBe(`Not quite. The answer: ${answer} tool results.`)
  await expect(playground.learn("misreading")).toContainText(
    "how many are kept"
  )
  // The reason, step by step, as the Explain tab would give it.
  await expect(playground.learn("reveal")).toContainText(
    `Cleared ${answer} tool results`
  )
  await expect(playground.learn("answer")).toBeDisabled()

  await playground.learn("open").click()
  await expect(playground.learnDialog).toBeHidden()
  await expect(playground.resultTab("explain")).toHaveAttribute(
    "aria-selected",
    "true"
  )
  expect(await playground.appliedEdits()).toEqual({
    applied_edits: [
      expect.objectContaining({
        type: "clear_tool_uses_20250919",
        cleared_tool_uses: answer,
      }),
    ],
  })
  await expect(playground.conversation("stats")).toContainText(
    `${lessonMessages} msgs`
  )
  // Undo brings the previous request back.
  await playground.header("undo").click()
  const sample = PRESETS[0]!.build()
  await expect(playground.conversation("stats")).toContainText(
    `${sample.messages.length} msgs`
  )
})

test("a #learn= link opens that lesson; a right answer is marked in the list, and still is on the next visit", async ({
  playground,
  page,
}) => {
  await playground.open("#learn=thinking-turns")
  await expect(playground.learnDialog).toBeVisible()
  await expect(playground.learn("lesson.thinking-turns")).toHaveAttribute(
    "aria-current",
    "step"
  )
  const answer = answerOf("thinking-turns")
  const verdict = await playground.answerLesson(` ${answer} `)
  expect(verdict).toBe(`Right. The answer: ${answer} turns.`)
  await expect(playground.learn("misreading")).toHaveCount(0)
  await expect(playground.learn("lesson.thinking-turns")).toContainText(
    "answered right"
  )
  // Choice questions: "Just show me" reveals without a guess.
  await playground.learn("next").click()
  await expect(playground.learn("lesson.thinking-default")).toHaveAttribute(
    "aria-current",
    "step"
  )
  await playground.learn("show").click()
  await expect(playground.learn("verdict")).toHaveText(
    /^The answer: None of it\.$/
  )
  expect(answerOf("thinking-default")).toBe("none")
  await playground.closeDialog()
  await expect(playground.learnDialog).toBeHidden()

  // The marks outlast the visit; "Start over" forgets them.
  await playground.open()
  await playground.header("learn").click()
  await expect(playground.learn("lesson.thinking-turns")).toContainText(
    "answered right"
  )
  const total = await page.locator("[data-testid^='learn.lesson.']").count()
  await expect(playground.learn("progress")).toContainText(
    `1 of ${total} right`
  )
  await playground.learn("forget").click()
  await expect(playground.learn("lesson.thinking-turns")).not.toContainText(
    "answered"
  )
  await expect(playground.learn("progress")).toHaveCount(0)
})

test("the model-default lesson: a wrong choice names the newer model's default; in the playground the older model drops the thinking with no applied_edits", async ({
  playground,
}) => {
  await playground.open("#learn=thinking-default")
  await expect(playground.learn("situation")).toContainText("Claude Sonnet 4.5")
  await playground.learn("choice.all").click()
  await playground.learn("check").click()
  await expect(playground.learn("verdict")).toHaveText(
    "Not quite. The answer: None of it."
  )
  await expect(playground.learn("misreading")).toContainText(
    "That is what Claude Sonnet 4.6 does"
  )
  // The decision is the model's default, not an edit's.
  await expect(playground.learn("reveal")).toContainText(
    "keeps only the last turn's thinking by default"
  )
  await playground.learn("open").click()
  await expect(playground.learnDialog).toBeHidden()
  // An alias is named by the model it resolves to; the tooltip gives the id.
  const picker = playground.conversation("model")
  await expect(picker.locator("option:checked")).toHaveText(
    "Claude Sonnet 4.5 (alias)"
  )
  await expect(picker).toHaveAttribute(
    "title",
    "claude-sonnet-4-5 → Claude Sonnet 4.5"
  )
  expect(await playground.appliedEdits()).toBeNull()
  // Explain says why, once: no edit ran, yet the default removed thinking.
  const explain = playground.explain("view")
  await expect(explain).toContainText(
    "the model's thinking default still removes thinking"
  )
  await expect(
    explain.getByText(/keeps only the last turn's thinking by default/)
  ).toHaveCount(1)
  await playground.resultTab("blocks").click()
  const statuses = await playground.blockStatuses()
  const thinking = getLesson("thinking-default")!
    .build()
    .messages.flatMap((m, mi) =>
      Array.isArray(m.content)
        ? m.content.flatMap((b, bi) =>
            b.type === "thinking" ? [`${mi}.${bi}`] : []
          )
        : []
    )
  expect(thinking.length).toBeGreaterThan(0)
  for (const key of thinking) expect(statuses[key]).toBe("removed")
})

test("the cache lesson: fewer tokens can cost more with a warm cache, and the playground shows where the cache breaks", async ({
  playground,
}) => {
  await playground.open("#learn=cache")
  await expect(playground.learn("situation")).toContainText(
    "Automatic caching is on"
  )
  await playground.learn("choice.cheaper").click()
  await playground.learn("check").click()
  await expect(playground.learn("verdict")).toContainText("Not quite.")
  await expect(playground.learn("misreading")).toContainText(
    "read at 0.1× the base price"
  )
  await playground.learn("open").click()
  await expect(playground.learnDialog).toBeHidden()
  const lesson = getLesson("cache")!.build()
  const c = cacheImpact(predict(lesson), cacheSetup(lesson))
  expect(c.costWith).toBeGreaterThan(c.costWithout)
  await playground.resultTab("explain").click()
  const cache = playground.explain("cache")
  await expect(cache.getByTestId("explain.cache.setup")).toContainText(
    "Automatic caching"
  )
  await expect(cache.getByTestId("explain.cache.break")).toContainText(
    `costs ≈${Math.round(c.costWith).toLocaleString("en-US")} input-token equivalents instead of ≈${Math.round(c.costWithout).toLocaleString("en-US")}`
  )
})

test("opening a lesson over JSON that does not parse asks first, and keeps the text when declined", async ({
  playground,
  page,
}) => {
  await playground.open()
  const broken = await playground.typeUnparsableRequest()
  await playground.openLesson("gate")
  await playground.learn("show").click()
  page.once("dialog", (d) => void d.dismiss())
  await playground.learn("open").click()
  await expect(playground.learnDialog).toBeVisible()
  expect(await playground.editorText()).toBe(broken)
  await expect(playground.conversationError).toBeVisible()
})
