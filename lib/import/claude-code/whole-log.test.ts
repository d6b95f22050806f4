import { describe, expect, it } from "vitest"

import { requestEnds, simulate } from "@/lib/context-editing"

import { parseImport } from "../index"
import { fixture } from "../test-helpers"
import type { ContentBlock, ImportedRequest } from "../types"

/**
 * A compacted Claude Code log with a subagent, a gap in its parent chain
 * and prompt caching (fixture: claude-code-compacted.jsonl, see
 * __fixtures__/README.md) imports whole.
 */
const LOG = fixture("claude-code-compacted.jsonl")

function imported(pick?: string) {
  const result = parseImport(LOG, { pick })
  if (!result.success) throw new Error(result.error.message)
  return result
}

const blocks = (request: ImportedRequest) =>
  request.messages.flatMap((m) => m.content as ContentBlock[])
const texts = (request: ImportedRequest) => JSON.stringify(request.messages)

describe("a compacted Claude Code log", () => {
  it("keeps every segment, each compaction as a block holding its summary", () => {
    const { data } = imported()
    const json = texts(data)
    expect(json).toContain("The checkout test is flaky. Find out why.") // segment 1
    expect(json).toContain("Go ahead and switch it to fake timers.") // segment 2
    expect(json).toContain("Now add a regression note to the changelog.") // 3
    const compactions = blocks(data).filter((b) => b.type === "compaction")
    expect(compactions.map((b) => String(b.content).slice(0, 40))).toEqual([
      "This session is being continued from a p",
      "This session is being continued from a p",
    ])
    // The summaries are not also kept as user messages.
    expect(json.split("This session is being continued")).toHaveLength(3)
  })

  it("is a request the engine accepts, compaction edit included", () => {
    const { data } = imported()
    expect(data.context_management).toEqual({
      edits: [
        {
          type: "compact_20260112",
          trigger: { type: "input_tokens", value: 156_230 },
        },
      ],
    })
    const result = simulate(data)
    expect(result.ok ? "" : JSON.stringify(result)).toBe("")
  })

  it("caches as Claude Code did (the log's cache fields), on the last user block", () => {
    const { data, notes } = imported()
    const marked = blocks(data).filter((b) => b.cache_control)
    expect(marked).toEqual([
      {
        type: "text",
        text: "Now add a regression note to the changelog.",
        cache_control: { type: "ephemeral" },
      },
    ])
    expect(notes.map((n) => n.message).join("\n")).toMatch(
      /16,690 tokens written to the cache, 55,170 read/
    )
  })

  it("keeps the real usage of every API call, the main thread's aligned to the timeline's requests", () => {
    const { data, realUsage } = imported()
    // Six calls of the main thread, one of the subagent written into the file.
    expect(realUsage).toHaveLength(7)
    const main = realUsage!.filter((u) => u.thread === "main")
    const ends = requestEnds(data.messages)
    expect(main.map((u) => u.messageIndex)).toEqual(ends)
    const side = realUsage!.filter((u) => u.thread !== "main")
    expect(side).toHaveLength(1)
    expect(side[0]!.conversation?.messages.length).toBeGreaterThan(0)
    expect(main[0]).toMatchObject({
      messageIndex: 0,
      input_tokens: 4,
      cache_creation_input_tokens: 2310,
      cache_read_input_tokens: 13200,
      output_tokens: 88,
      model: "claude-opus-4-6",
      timestamp: "2026-10-02T09:00:21.000Z",
      thread: "main",
    })
  })

  it("takes the model from the log and bridges the gap in the chain", () => {
    const { data, notes } = imported()
    expect(data.model).toBe("claude-opus-4-6")
    const text = notes.map((n) => n.message).join("\n")
    expect(text).toMatch(/Bridged 1 gap in the parent chain/)
    expect(texts(data)).toContain("the test now passes 50 times in a row")
  })

  it("keeps the summaries as messages on a model without compaction", () => {
    const log = LOG.replaceAll("claude-opus-4-6", "claude-sonnet-4-5-20250929")
    const result = parseImport(log)
    if (!result.success) throw new Error(result.error.message)
    expect(result.data.model).toBe("claude-sonnet-4-5-20250929")
    expect(result.data.context_management).toBeUndefined()
    const json = texts(result.data)
    expect(json).not.toContain('"compaction"')
    expect(json.split("This session is being continued")).toHaveLength(3)
    expect(json).toContain("The checkout test is flaky. Find out why.")
    expect(result.notes.map((n) => n.message).join("\n")).toMatch(
      /has no compaction .* stay as Claude Code's summary messages/
    )
    expect(simulate(result.data).ok).toBe(true)
  })

  it("lists the subagent, and imports it as its own session when picked", () => {
    const main = imported()
    expect(main.candidates?.map((c) => [c.kind, c.selected])).toEqual([
      ["main-thread", true],
      ["sidechain", false],
    ])
    const side = imported(main.candidates![1]!.id)
    expect(side.data.model).toBe("claude-haiku-4-5-20251001")
    expect(side.data.messages.map((m) => m.role)).toEqual(["user", "assistant"])
    expect(texts(side.data)).toContain(
      "Found 3 tests that wait on real timers."
    )
    expect(side.candidates?.find((c) => c.selected)?.kind).toBe("sidechain")
  })
})
