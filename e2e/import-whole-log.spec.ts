import { readFileSync } from "node:fs"

import { expect, test } from "./fixtures"

const fixture = (name: string) =>
  readFileSync(`lib/import/__fixtures__/${name}`, "utf8")

type Block = {
  type: string
  text?: string
  content?: unknown
  cache_control?: unknown
}
type Request = {
  model: string
  messages: Array<{ role: string; content: Block[] }>
  context_management?: { edits: Array<{ type: string }> }
}

/** The request in the editor, once it holds `needle`. */
async function editorRequest(
  playground: { editorText(): Promise<string> },
  needle: string
): Promise<Request> {
  await expect.poll(() => playground.editorText()).toContain(needle)
  return JSON.parse(await playground.editorText()) as Request
}

const blocks = (r: Request) => r.messages.flatMap((m) => m.content)

test("a compacted Claude Code log imports whole: every segment, each compaction point, caching as the log had it", async ({
  playground,
  page,
}) => {
  await playground.open()
  await playground.importText(fixture("claude-code-compacted.jsonl"), {
    keepEdits: false,
  })
  const request = await editorRequest(playground, "regression note")
  const json = JSON.stringify(request.messages)
  // Every segment, not only what follows the last compact boundary.
  for (const said of [
    "The checkout test is flaky. Find out why.",
    "Go ahead and switch it to fake timers.",
    "Now add a regression note to the changelog.",
  ])
    expect(json).toContain(said)
  expect(blocks(request).filter((b) => b.type === "compaction")).toHaveLength(2)
  expect(request.context_management?.edits.map((e) => e.type)).toEqual([
    "compact_20260112",
  ])
  // Claude Code cached: the breakpoint it moves to each request's end.
  expect(blocks(request).filter((b) => b.cache_control)).toEqual([
    {
      type: "text",
      text: "Now add a regression note to the changelog.",
      cache_control: { type: "ephemeral" },
    },
  ])
  expect(request.model).toBe("claude-opus-4-6")
  await expect(page.getByTestId("diff.view")).toContainText(
    "The checkout test is flaky"
  )
  await expect(page.getByTestId("conversation.error")).toHaveCount(0)
})

test("a subagent of a Claude Code log is picked in the dialog and imports as its own session", async ({
  playground,
}) => {
  await playground.open()
  await playground.importText(fixture("claude-code-compacted.jsonl"), {
    keepEdits: false,
    pick: /^Subagent/,
  })
  const request = await editorRequest(playground, "wait on real timers")
  expect(request.model).toBe("claude-haiku-4-5-20251001")
  expect(request.messages.map((m) => m.role)).toEqual(["user", "assistant"])
  expect(JSON.stringify(request)).not.toContain("checkout test is flaky")
})

test("a docs block with several curl commands: the one picked is imported", async ({
  playground,
}) => {
  await playground.open()
  await playground.importText(fixture("curl-docs-multi.sh"), {
    keepEdits: false,
    pick: /with tools/,
  })
  const request = await editorRequest(playground, "get_weather")
  expect(JSON.stringify(request.messages)).toContain(
    "What's the weather like in San Francisco?"
  )
})
