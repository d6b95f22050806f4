import { describe, expect, it } from "vitest"

import { claudeLog, sized } from "@/lib/real-usage/test-log"

import { analyseLog } from "./analyse"
import { buildReport } from "./report"

const user = (text: string) =>
  JSON.stringify({
    type: "user",
    uuid: "u1",
    parentUuid: null,
    sessionId: "s1",
    timestamp: "2026-10-02T09:00:00.000Z",
    message: { role: "user", content: text },
  })

const synthetic = JSON.stringify({
  type: "assistant",
  uuid: "a1",
  parentUuid: "u1",
  sessionId: "s1",
  timestamp: "2026-10-02T09:00:01.000Z",
  message: {
    id: "msg_x",
    role: "assistant",
    model: "<synthetic>",
    content: [{ type: "text", text: "API Error: overloaded" }],
    usage: { input_tokens: 0, output_tokens: 0 },
  },
})

/** Files that hold no API call, each with what the Sessions view should say of it. */
const BROKEN: Array<[string, string, RegExp]> = [
  ["empty.jsonl", "", /^an empty file$/],
  ["notes.jsonl", "hello\nworld\n", /no line of it is JSON/],
  ["array.jsonl", "[1, 2, 3]\n", /none is a Claude Code entry/],
  [
    "summary.jsonl",
    '{"type":"summary","summary":"Fix the build","leafUuid":"x"}\n',
    /^no conversation: 1 entry of Claude Code's own bookkeeping \(summary\)/,
  ],
  ["opened.jsonl", `${user("hi")}\n`, /^no API calls: 1 message/],
  [
    "errors.jsonl",
    `${user("hi")}\n${synthetic}\n`,
    /^no API calls: 2 messages.*errors Claude Code wrote itself/,
  ],
]

describe("files that hold no API calls", () => {
  it.each(BROKEN)(
    "%s is said to hold none, in the Sessions view's own words",
    (_, text, reason) => {
      const a = analyseLog(text, null)
      expect(a.requests).toBe(0)
      expect(a.noCalls).toMatch(reason)
      // Never the paste dialog's words.
      expect(a.noCalls).not.toMatch(/paste|curl|transcript/i)
      expect(a.unmodelled).toEqual([])
    }
  )

  it("a log with calls has none of it", () => {
    const log = claudeLog([
      {
        say: sized(3000),
        at: "2026-10-02T09:00:00.000Z",
        usage: { input: 3, write: 3000, read: 0 },
      },
    ])
    expect(analyseLog(log, null).noCalls).toBeNull()
  })

  it("lists them apart in the report, never as a $0 session", () => {
    const good = claudeLog([
      {
        say: sized(3000),
        at: "2026-10-02T09:00:00.000Z",
        usage: { input: 3, write: 3000, read: 0 },
      },
    ])
    const files = [
      { path: "p/good.jsonl", analysis: analyseLog(good, null) },
      ...BROKEN.map(([name, text]) => ({
        path: `p/${name}`,
        analysis: analyseLog(text, null),
      })),
    ]
    const r = buildReport(files)
    expect(r.sessions.map((s) => s.file)).toEqual(["p/good.jsonl"])
    expect(r.total.sessions).toBe(1)
    expect(r.skipped.map((s) => s.file)).toEqual(
      BROKEN.map(([name]) => `p/${name}`)
    )
    expect(r.skipped.every((s) => s.reason.length > 0)).toBe(true)
  })
})
