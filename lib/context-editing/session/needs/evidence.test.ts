import { describe, expect, it } from "vitest"

import { assistant, text, toolResult, toolUse, user } from "@/test/messages"

import { resultNeeds } from "./evidence"

/** A file's text: each line distinctive (long, with identifiers). */
const file = (name: string, lines = 12) =>
  Array.from(
    { length: lines },
    (_, i) =>
      `export function ${name}Step${i}(input: ${name}Input): ${name}Result { return run${i}(input) }`
  ).join("\n")

describe("resultNeeds: which later turn used each result", () => {
  it("finds a path a search returned in a later call's input, and the turn that used it", () => {
    const messages = [
      user("Where is the billing code?"),
      assistant([toolUse("g", "Grep", { pattern: "invoice" })]),
      user([toolResult("g", "src/billing/invoice-total.ts\nsrc/ui/page.tsx")]),
      assistant([
        toolUse("r", "Read", { file_path: "src/billing/invoice-total.ts" }),
      ]),
      user([toolResult("r", file("invoiceTotal"))]),
      assistant([text("Done.")]),
    ]
    const [grep, read] = resultNeeds(messages)
    expect(grep!.name).toBe("Grep")
    expect(grep!.uses).toEqual([
      {
        message: 3,
        kind: "content",
        evidence: "src/billing/invoice-total.ts",
        alternatives: [],
      },
    ])
    // The Read's own path was in its call: not a use of what it returned;
    // "Done." carries nothing of the file.
    expect(read!.uses).toEqual([])
  })

  it("counts a piece only while nothing but tool results holds it: once written, later mentions are not uses", () => {
    const messages = [
      user("Fix the total."),
      assistant([toolUse("r", "Read", { file_path: "a.ts" })]),
      user([toolResult("r", file("invoiceTotal"))]),
      assistant([text("The step is invoiceTotalStep3.")]),
      user("Go on."),
      assistant([text("Changing invoiceTotalStep3 now.")]),
    ]
    const [read] = resultNeeds(messages)
    expect(read!.uses.map((u) => [u.message, u.evidence])).toEqual([
      [3, "invoiceTotalStep3"],
    ])
  })

  it("never takes what the user wrote as evidence of a result", () => {
    const messages = [
      user("Rename invoiceTotalStep3 please."),
      assistant([toolUse("r", "Read", { file_path: "a.ts" })]),
      user([toolResult("r", file("invoiceTotal"))]),
      assistant([text("Renaming invoiceTotalStep3.")]),
    ]
    expect(resultNeeds(messages)[0]!.uses).toEqual([])
  })

  it("takes a whole line of the result inside a later edit as a use", () => {
    const body = file("invoiceTotal")
    const line = body.split("\n")[5]!
    const messages = [
      user("Fix it."),
      assistant([toolUse("r", "Read", { file_path: "a.ts" })]),
      user([toolResult("r", body.replace(/^/gm, "   7→"))]),
      assistant([
        toolUse("e", "Edit", {
          file_path: "a.ts",
          old_string: line,
          new_string: "// gone",
        }),
      ]),
      user([toolResult("e", "ok")]),
    ]
    const uses = resultNeeds(messages)[0]!.uses
    expect(uses).toHaveLength(1)
    expect(uses[0]!.message).toBe(3)
  })

  it("says when two results carried the same piece (either would have done)", () => {
    const messages = [
      user("Compare."),
      assistant([
        toolUse("a", "Read", { file_path: "a.ts" }),
        toolUse("b", "Read", { file_path: "b.ts" }),
      ]),
      user([
        toolResult("a", "const sharedLimitValue = 1"),
        toolResult("b", "const sharedLimitValue = 2"),
      ]),
      assistant([text("Both set sharedLimitValue.")]),
    ]
    const [a, b] = resultNeeds(messages)
    expect(a!.uses[0]!.alternatives).toEqual([1])
    expect(b!.uses[0]!.alternatives).toEqual([0])
  })

  it("records the same call made again (a result worth fetching again), not a repeated small answer", () => {
    const messages = [
      user("Look."),
      assistant([toolUse("r1", "Read", { file_path: "a.ts" })]),
      user([toolResult("r1", file("invoiceTotal"))]),
      assistant([toolUse("w1", "Write", { file_path: "b.ts", content: "x" })]),
      user([toolResult("w1", "File created")]),
      assistant([
        toolUse("r2", "Read", { file_path: "a.ts" }),
        toolUse("w2", "Write", { content: "x", file_path: "b.ts" }),
      ]),
      user([toolResult("r2", file("invoiceTotal")), toolResult("w2", "ok")]),
    ]
    const [r1, w1] = resultNeeds(messages)
    expect(r1!.uses.map((u) => [u.message, u.kind])).toEqual([[5, "same-call"]])
    expect(w1!.uses).toEqual([])
  })

  it("drops the results before a compaction block, whose summary stays in context", () => {
    const messages = [
      user("Start."),
      assistant([toolUse("r", "Read", { file_path: "a.ts" })]),
      user([toolResult("r", file("invoiceTotal"))]),
      assistant([
        {
          type: "compaction",
          content: "Summary: looked at invoiceTotalStep1.",
        },
        text("Next: invoiceTotalStep1 and invoiceTotalStep2."),
      ]),
    ]
    expect(resultNeeds(messages)[0]!.uses).toEqual([])
    // Read across the boundary (for validating against real compactions),
    // the piece the summary did not carry is a use.
    const across = resultNeeds(messages, { acrossCompaction: true })
    expect(across[0]!.uses.map((u) => u.evidence)).toEqual([
      "invoiceTotalStep2",
    ])
  })
})
