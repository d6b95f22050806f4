import { describe, expect, it } from "vitest"

import { toolConversation } from "../__fixtures__/build"
import { timelinePresence } from "./presence"
import { clientRestarts, CONTINUATION_PREAMBLE } from "./restarts"
import { timeline } from "./timeline"

type Message = { role: string; content: unknown }

const summary = (text = CONTINUATION_PREAMBLE) => ({
  type: "text",
  text: `${text} that ran out of context. The conversation is summarized below: the search found three sources.`,
})
/** A conversation's tool ids made its own (the fixture numbers them from 0). */
const renamed = (ms: Message[], tag: string): Message[] =>
  JSON.parse(JSON.stringify(ms).replaceAll("toolu_", `toolu_${tag}`))

const before: Message[] = [
  ...toolConversation(6, 12000),
  { role: "assistant", content: "Done for now." },
]
const after = renamed(toolConversation(6, 12000), "b")
/** What Claude Code sent after compacting: the summary, then the next prompt. */
const restarted = (words?: string): Message[] => [
  {
    role: "user",
    content: [summary(words), { type: "text", text: "Please go on." }],
  },
  ...after.slice(1),
]
const request = (messages: Message[], edits?: unknown[]) => ({
  model: "claude-sonnet-4-5-20250929",
  max_tokens: 1000,
  ...(edits ? { context_management: { edits } } : {}),
  messages,
})
const clearing = [
  {
    type: "clear_tool_uses_20250919",
    trigger: { type: "input_tokens", value: 8000 },
    keep: { type: "tool_uses", value: 1 },
  },
]
const ok = <P extends { ok: boolean }>(ps: P[]) =>
  ps.filter((p): p is P & { ok: true } => p.ok)

describe("a client's own compaction: the session replay starts again at the summary", () => {
  const whole = [...before, ...restarted()]

  it("finds the summary Claude Code opens a compacted session with, and nothing at the start", () => {
    expect(clientRestarts(whole)).toEqual([
      { message: before.length, block: 0 },
    ])
    expect(clientRestarts(restarted())).toEqual([])
    expect(
      clientRestarts([...before, ...restarted("Here is a summary")])
    ).toEqual([])
    // Only a user message: an answer quoting the words is no restart.
    expect(
      clientRestarts([
        ...before.slice(0, -1),
        { role: "assistant", content: [summary()] },
      ])
    ).toEqual([])
  })

  it.each([[undefined], [clearing]])(
    "each part replays as the conversation it was (edits %j)",
    (edits) => {
      const t = timeline(request(whole, edits))
      const first = timeline(request(before, edits))
      const second = timeline(request(restarted(), edits))
      expect(t.requests).toBe(first.requests + second.requests)
      const later = ok(t.points).slice(first.requests)
      ok(second.points).forEach((p, k) => {
        const q = later[k]!
        expect(q.request).toBe(p.request + first.requests)
        expect(q.lastMessage).toBe(p.lastMessage + before.length)
        expect(q.inputTokens).toBe(p.inputTokens)
        expect(q.originalTokens).toBe(p.originalTokens)
        expect(q.withEdits.written).toBe(p.withEdits.written)
        expect(q.withEdits.read).toBe(p.withEdits.read)
      })
      // The first request after the summary writes it all, and says why.
      expect(later[0]!.breakAt).toEqual({
        messageIndex: before.length,
        blockIndex: 0,
        why: "restart",
      })
      expect(t.peak.withoutEdits).toBe(
        Math.max(first.peak.withoutEdits, second.peak.withoutEdits)
      )
    }
  )

  it("without Claude Code's words the requests keep the whole history", () => {
    const kept = timeline(
      request([...before, ...restarted("Here is a summary")])
    )
    const t = timeline(request(whole))
    expect(kept.peak.withoutEdits).toBeGreaterThan(1.5 * t.peak.withoutEdits)
  })

  it("what the part before left unanswered was never sent: results merged ahead of the summary", () => {
    // The compaction came after tool results: Claude Code's log joins them
    // and the summary in one user message.
    const open = toolConversation(6, 6000).slice(0, -2) // ends with results
    const joined = [
      ...open.slice(0, -1),
      {
        role: "user",
        content: [
          ...(open.at(-1)!.content as unknown[]),
          summary(),
          { type: "text", text: "Please go on." },
        ],
      },
      ...after.slice(1),
    ]
    const restarts = clientRestarts(joined)
    expect(restarts).toEqual([
      {
        message: open.length - 1,
        block: (open.at(-1)!.content as unknown[]).length,
      },
    ])
    const t = timeline(request(joined))
    const answered = timeline(request(open.slice(0, -1)))
    const second = timeline(request(restarted()))
    expect(t.requests).toBe(answered.requests + second.requests)
    const later = ok(t.points).slice(answered.requests)
    expect(later.map((p) => p.inputTokens)).toEqual(
      ok(second.points).map((p) => p.inputTokens)
    )
    expect(later[0]!.breakAt).toMatchObject({
      messageIndex: open.length - 1,
      blockIndex: restarts[0]!.block,
      why: "restart",
    })
  })

  it("a result summarised away is not the config's loss; within a part it is what the part alone says", () => {
    const t = timeline(request(whole, clearing))
    const p = timelinePresence(t)!
    const own = timelinePresence(timeline(request(restarted(), clearing)))!
    const first = timelinePresence(timeline(request(before, clearing)))!
    expect(p.ids).toEqual([...first.ids, ...own.ids])
    expect(p.ends).toEqual([
      ...first.ends,
      ...own.ends.map((e) => e + before.length),
    ])
    const offset = first.ends.length
    let lost = 0
    for (let k = 0; k < own.ends.length; k++) {
      // The first part's results are gone by the restart, not by the config.
      for (let j = 0; j < first.ids.length; j++)
        expect(p.lostAt(j, k + offset)).toBeNull()
      for (let j = 0; j < own.ids.length; j++) {
        expect(p.lostAt(first.ids.length + j, k + offset)).toBe(
          own.lostAt(j, k)
        )
        if (own.lostAt(j, k)) lost++
      }
    }
    expect(lost).toBeGreaterThan(0)
    own.ids.forEach((_, j) =>
      expect(p.firstRequest(first.ids.length + j)).toBe(
        own.firstRequest(j) < 0 ? -1 : own.firstRequest(j) + offset
      )
    )
  })
})
