// The edits region's collapsed sections: the assumption switches and the
// `context_management` JSON. Both load when opened (they are not in the
// first-load JS); what they change is checked against the engine.

import { parseJsonLocated } from "@/lib/json/parse-located"

import { predict } from "./expected"
import { expect, test } from "./fixtures"

const fmt = (n: number) => n.toLocaleString("en-US")

test("an assumption switch re-runs the prediction with its value; Reset restores the documented-best default", async ({
  playground,
}) => {
  const request = await playground.openSample()
  const base = predict(request)
  const flipped = predict(request, {
    assumptions: { clearServerToolResults: false },
  })
  expect(flipped.input_tokens).not.toBe(base.input_tokens)
  await expect(playground.tokens("after")).toContainText(fmt(base.input_tokens))

  const section = playground.editsSection("Assumptions")
  await section.locator("summary").click()
  await section.getByLabel("Clear server tool results").uncheck()
  await expect(playground.tokens("after")).toContainText(
    fmt(flipped.input_tokens)
  )
  await expect(section.locator("summary")).toContainText(
    "1 changed from the default"
  )

  await section.getByRole("button", { name: "Reset to defaults" }).click()
  await expect(playground.tokens("after")).toContainText(fmt(base.input_tokens))
  await expect(section.getByLabel("Clear server tool results")).toBeChecked()
})

test("the context_management JSON: a typo is located and kept across closing the section; a valid value applies", async ({
  playground,
}) => {
  const request = await playground.openSample()
  const section = playground.editsSection("context_management")
  await section.locator("summary").click()
  const json = playground.edits("json")
  await expect(json).toHaveValue(/clear_tool_uses_20250919/)

  const typo =
    '{\n  "edits": [\n    {"type": "clear_tool_uses_20250919",}\n  ]\n}'
  const located = parseJsonLocated(typo)
  if (located.success) throw new Error("the typo parses")
  await json.fill(typo)
  await expect(playground.edits("json.error")).toContainText(
    located.error.message
  )
  // The forms (and the prediction) keep the last valid value.
  await playground.expectAppliedEdits(predict(request).context_management)

  await section.locator("summary").click() // close: the typed text stays
  await section.locator("summary").click()
  await expect(json).toHaveValue(typo)

  const keepOne = {
    edits: [
      {
        type: "clear_tool_uses_20250919",
        keep: { type: "tool_uses", value: 1 },
      },
    ],
  }
  await json.fill(JSON.stringify(keepOne))
  await expect(playground.edits("json.error")).toHaveCount(0)
  await playground.expectAppliedEdits(
    predict({ ...request, context_management: keepOne }).context_management
  )
})
