import { describe, expect, it } from "vitest"

import { checkToolPairing } from "@/lib/generate"

import {
  assistant,
  call,
  jsonl,
  outline,
  result,
  text,
  user,
} from "./test-entries"
import { fromClaudeCode } from "./import"
import { expectSuccess, noteText } from "../test-helpers"

describe("fromClaudeCode: parallel tool calls", () => {
  // One API message (msg_P) written as three entries; each result is parented
  // to the entry of its own call, so a walk back from the end misses one.
  const ask = user("ZZZ", null, "Write a.md and b.md in parallel")
  const think = assistant("AAA", "ZZZ", "msg_P", [
    { type: "thinking", thinking: "Two writes.", signature: "EqQBCkYIBRgC" },
  ])
  const useA = assistant("BBB", "AAA", "msg_P", [call("toolu_A", "a.md")])
  const useB = assistant("CCC", "BBB", "msg_P", [call("toolu_B", "b.md")])
  const resultA = result("DDD", "BBB", "toolu_A")
  const resultB = result("EEE", "CCC", "toolu_B")
  const done = assistant("FFF", "EEE", "msg_Q", [text("Created both files.")])
  const start = [
    ["user", "Write a.md and b.md in parallel"],
    ["assistant", "thinking", "use toolu_A", "use toolu_B"],
  ]
  const results = ["user", "result toolu_A", "result toolu_B"]

  it.each([
    [
      "followed by an answer",
      [ask, think, useA, useB, resultA, resultB, done],
      [...start, results, ["assistant", "Created both files."]],
    ],
    [
      "ending on the results",
      [ask, think, useA, useB, resultA, resultB],
      [...start, results],
    ],
    [
      "ending on the first call's result (written last)",
      [ask, think, useA, useB, resultB, resultA],
      [...start, ["user", "result toolu_B", "result toolu_A"]],
    ],
  ])("keeps every call and result, %s", (_, lines, expected) => {
    const input = jsonl(...lines)
    expect(outline(input)).toEqual(expected)
    const imported = expectSuccess(fromClaudeCode(input))
    expect(checkToolPairing(imported.data)).toEqual([])
    expect(noteText(imported)).toMatch(/Kept \d entr(y|ies) of parallel tool/)
    expect(noteText(imported)).not.toMatch(/abandoned branches/)
  })

  it.each([
    [
      "an edited prompt (a new root)",
      [
        user("u1", null, "Rename foo"),
        assistant("a1", "u1", "msg_1", [call("toolu_1", "foo.md")]),
        result("r1", "a1", "toolu_1"),
        user("u2", null, "Rename bar"),
        assistant("a2", "u2", "msg_2", [call("toolu_2", "bar.md")]),
        assistant("a3", "a2", "msg_2", [call("toolu_3", "baz.md")]),
        result("r2", "a2", "toolu_2"),
        result("r3", "a3", "toolu_3"),
      ],
      [
        ["user", "Rename bar"],
        ["assistant", "use toolu_2", "use toolu_3"],
        ["user", "result toolu_2", "result toolu_3"],
      ],
      /Dropped 3 entries from abandoned branches/,
    ],
    [
      "a retried answer",
      [
        user("u1", null, "Rename foo"),
        assistant("a1", "u1", "msg_1", [call("toolu_1", "foo.md")]),
        result("r1", "a1", "toolu_1"),
        assistant("a2", "u1", "msg_2", [text("Renamed it by hand.")]),
      ],
      [
        ["user", "Rename foo"],
        ["assistant", "Renamed it by hand."],
      ],
      /Dropped 2 entries from abandoned branches/,
    ],
  ])("still drops the calls and results of %s", (_, lines, expected, note) => {
    const input = jsonl(...lines)
    expect(outline(input)).toEqual(expected)
    expect(noteText(fromClaudeCode(input))).toMatch(note)
  })
})

describe("fromClaudeCode: a missing parent", () => {
  // question 0 → answer 1 → question 2 → answer 3 → question 4 → answer 5
  const turns = Array.from({ length: 6 }, (_, i) =>
    i % 2 === 1
      ? assistant(`e${i}`, `e${i - 1}`, `msg_${i}`, [text(`answer ${i}`)])
      : user(`e${i}`, i === 0 ? null : `e${i - 1}`, `question ${i}`)
  )
  const cut = (at: number) =>
    turns.map((line, i) => (i === at ? line.slice(0, 60) : line))

  it.each([
    [
      "a line cut short in the middle loses only that entry",
      cut(2),
      [
        ["user", "question 0"],
        ["assistant", "answer 1", "answer 3"],
        ["user", "question 4"],
        ["assistant", "answer 5"],
      ],
      /Skipped 1 line .*line 3\)\n1 entry lost its parent to an unreadable line \(first: the entry at line 4, after unreadable line 3\); the chain continues with the entry written before that line \(line 2\)/,
    ],
    [
      "a line cut short at the end (a crash mid-write) loses only that entry",
      cut(5),
      [
        ["user", "question 0"],
        ["assistant", "answer 1"],
        ["user", "question 2"],
        ["assistant", "answer 3"],
        ["user", "question 4"],
      ],
      /^Skipped 1 line .*line 6\)$/m,
    ],
    [
      "in another file (no line cut short) starts the chain there",
      [
        user("e9", "elsewhere", "go on"),
        assistant("e10", "e9", "msg_10", [text("Going on.")]),
      ],
      [
        ["user", "go on"],
        ["assistant", "Going on."],
      ],
      /parent \(line 1\) is missing from the file; the chain starts there/,
    ],
  ])("%s", (_, lines, expected, note) => {
    const input = jsonl(...lines)
    expect(outline(input)).toEqual(expected)
    const notes = noteText(fromClaudeCode(input))
    expect(notes).toMatch(note)
    expect(notes).not.toMatch(/abandoned/)
  })
})

describe("fromClaudeCode: a subagent's transcript (every entry a sidechain)", () => {
  const agent = (agentId: string) => ({ isSidechain: true, agentId })
  const task = [
    user("s1", null, "Search the repo for sleep() calls", agent("a1")),
    assistant("s2", "s1", "msg_S1", [text("Found 3.")], agent("a1")),
  ]

  it.each([
    ["one subagent", task, /^(?!.*other subagents)/s],
    [
      "two subagents (the last one is kept)",
      [
        user("o1", null, "Check the lockfile", agent("a0")),
        assistant("o2", "o1", "msg_O1", [text("It is fine.")], agent("a0")),
        ...task,
      ],
      /Dropped 2 entries of other subagents \(kept agent a1, the last one\)/,
    ],
  ])("imports the conversation of %s, with a note", (_, lines, note) => {
    const input = jsonl(...lines)
    expect(outline(input)).toEqual([
      ["user", "Search the repo for sleep() calls"],
      ["assistant", "Found 3."],
    ])
    const notes = noteText(fromClaudeCode(input))
    expect(notes).toMatch(/Every entry is on a sidechain \(this is a subagent/)
    expect(notes).toMatch(note)
    expect(notes).not.toMatch(/sidechain entr/)
  })
})
