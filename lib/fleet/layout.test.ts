import { describe, expect, it } from "vitest"

import {
  classifyPath,
  groupSessions,
  type PlacedFile,
  sessionIdIn,
} from "./layout"

const placed = (
  path: string,
  sessionId: string | null = null
): PlacedFile & { path: string } => ({
  path,
  role: classifyPath(path)!,
  sessionId,
})

describe("which session a file counts in", () => {
  it("reads the three layouts Claude Code has written", () => {
    expect(classifyPath("p/s1.jsonl")).toEqual({
      kind: "session",
      path: "p/s1.jsonl",
      project: "p",
    })
    expect(classifyPath("p/s1/subagents/agent-a1.jsonl")).toEqual({
      kind: "subagent",
      path: "p/s1/subagents/agent-a1.jsonl",
      project: "p",
      parent: "p/s1.jsonl",
    })
    expect(classifyPath("p/agent-b2.jsonl")?.kind).toBe("agent-file")
    expect(classifyPath("p\\s1.jsonl")?.path).toBe("p/s1.jsonl")
    expect(classifyPath("p/s1/tool-results/x.txt")).toBeNull()
    expect(classifyPath("p/notes.json")).toBeNull()
    // A trace export or a run saved as one JSON document is its own session.
    expect(classifyPath("p/agent.otlp.json")?.kind).toBe("session")
    expect(classifyPath("exports/traces-2026-11-29.json")?.kind).toBe("session")
  })

  it("puts subagents with their session, by folder (2.1) or by sessionId (2.0)", () => {
    const groups = groupSessions([
      placed("p/s1/subagents/agent-a1.jsonl", "s1"),
      placed("p/s1.jsonl", "s1"),
      placed("p/agent-b2.jsonl", "s1"),
      placed("p/s2.jsonl", "s2"),
      placed("q/agent-c3.jsonl", "s1"),
    ])
    expect([...groups.keys()]).toEqual([
      "p/s1.jsonl",
      "p/s2.jsonl",
      "q/agent-c3.jsonl",
    ])
    expect(groups.get("p/s1.jsonl")!.map((f) => f.path)).toEqual([
      "p/s1.jsonl",
      "p/s1/subagents/agent-a1.jsonl",
      "p/agent-b2.jsonl",
    ])
  })

  it("keeps a subagent whose session log is missing as a session of its own", () => {
    const groups = groupSessions([
      placed("p/gone/subagents/agent-a.jsonl", "gone"),
      placed("p/agent-b.jsonl", "gone"),
    ])
    expect([...groups.keys()]).toEqual([
      "p/gone/subagents/agent-a.jsonl",
      "p/agent-b.jsonl",
    ])
  })

  it("finds the sessionId a log's rows carry", () => {
    expect(
      sessionIdIn('{"type":"summary"}\n{"sessionId":"abc-1","type":"user"}')
    ).toBe("abc-1")
    expect(sessionIdIn('{"type":"user"}')).toBeNull()
  })
})
