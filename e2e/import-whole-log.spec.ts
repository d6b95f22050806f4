import { readFileSync } from "node:fs"

import { expect, test } from "./fixtures"
import type { PlaygroundPage } from "./pages/playground-page"

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

/**
 * Opens the page, imports a fixture in place of the current edits (taking
 * the candidate `pick` matches, if any), and returns the request in the
 * editor once it holds `needle`.
 */
async function importFixture(
  playground: PlaygroundPage,
  name: string,
  needle: string,
  pick?: RegExp
): Promise<Request> {
  await playground.open()
  await playground.importText(fixture(name), { keepEdits: false, pick })
  await expect.poll(() => playground.editorText()).toContain(needle)
  return JSON.parse(await playground.editorText()) as Request
}

const blocks = (r: Request) => r.messages.flatMap((m) => m.content)

test("a compacted Claude Code log imports whole: every segment, each compaction point, caching as the log had it", async ({
  playground,
}) => {
  const request = await importFixture(
    playground,
    "claude-code-compacted.jsonl",
    "regression note"
  )
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
  await expect(playground.diff("view")).toContainText(
    "The checkout test is flaky"
  )
  await expect(playground.conversationError).toHaveCount(0)
})

test("a subagent of a Claude Code log is picked in the dialog and imports as its own session", async ({
  playground,
}) => {
  const request = await importFixture(
    playground,
    "claude-code-compacted.jsonl",
    "wait on real timers",
    /^Subagent/
  )
  expect(request.model).toBe("claude-haiku-4-5-20251001")
  expect(request.messages.map((m) => m.role)).toEqual(["user", "assistant"])
  expect(JSON.stringify(request)).not.toContain("checkout test is flaky")
})

test("a docs block with several curl commands: the one picked is imported", async ({
  playground,
}) => {
  const request = await importFixture(
    playground,
    "curl-docs-multi.sh",
    "get_weather",
    /with tools/
  )
  expect(JSON.stringify(request.messages)).toContain(
    "What's the weather like in San Francisco?"
  )
})
