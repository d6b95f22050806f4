/**
 * The evidence of which later turn used each tool result
 * (docs/semantics.md#result-needs), checked where context really was lost:
 * five public Claude Code logs, each with a real compaction. For every
 * Read, Grep, Glob and Bash result before the boundary (the last of each
 * call), the truth is whether the agent made the same call again after it
 * (for Read: read the same file again); the prediction is the evidence: a
 * later turn after the boundary carried a piece only that result held
 * (the result read again counting as the same), or a later call acted on
 * its path. The numbers are what the docs state.
 */
import { readFileSync } from "node:fs"
import { gunzipSync } from "node:zlib"

import { describe, expect, it } from "vitest"

import { type ResultNeed, resultNeeds } from "@/lib/context-editing"
import { parseImport } from "@/lib/import"

const sources = JSON.parse(
  readFileSync(new URL("sources.json", import.meta.url), "utf8")
) as { logs: Array<{ file: string }> }

type Block = { type: string; id?: string; name?: string; input?: unknown }
type Msg = { role: string; content: unknown }
const TOOLS = ["Read", "Grep", "Glob", "Bash"]

/** A call's identity for "the same call again": Read by file, the rest by input. */
const keyOf = (b: Block | undefined) =>
  !b
    ? ""
    : b.name === "Read"
      ? `Read ${(b.input as { file_path?: string }).file_path}`
      : `${b.name} ${JSON.stringify(b.input)}`

function messagesOf(file: string): Msg[] {
  const text = gunzipSync(
    readFileSync(new URL(file, import.meta.url))
  ).toString("utf8")
  const r = parseImport(text)
  if (!r.success) throw new Error(r.error.message)
  return (r.data as { messages: Msg[] }).messages
}

const blocksOf = (m: Msg): Block[] =>
  Array.isArray(m.content) ? (m.content as Block[]) : []

/** Predicted and true re-fetches of the results before one boundary. */
function atBoundary(msgs: Msg[], needs: ResultNeed[], B: number) {
  const calls = new Map<string, Block>()
  const after = new Set<string>()
  msgs.forEach((m, i) => {
    for (const b of blocksOf(m))
      if (b.type === "tool_use") {
        calls.set(b.id!, b)
        if (i > B) after.add(keyOf(b))
      }
  })
  const keys = needs.map((n) => keyOf(calls.get(n.id)))
  const out = { tp: 0, fp: 0, fn: 0, tn: 0 }
  const seen = new Set<string>()
  needs.forEach((n, i) => {
    const key = keys[i]!
    if (n.resultMessage >= B || seen.has(key)) return
    if (!TOOLS.includes(calls.get(n.id)?.name ?? "")) return
    seen.add(key)
    const same = (j: number) => needs[j]!.resultMessage < B || keys[j] === key
    const before = needs.filter(
      (x, j) => x.resultMessage < B && keys[j] === key
    )
    const predicted = before.some((x) =>
      x.uses.some(
        (u) =>
          u.message > B &&
          (u.kind === "same-target" ||
            (u.kind === "content" && u.alternatives.every(same)))
      )
    )
    const truth = after.has(key)
    if (truth) out[predicted ? "tp" : "fn"]++
    else out[predicted ? "fp" : "tn"]++
  })
  return out
}

describe("which results later turns needed, at five real compaction boundaries", () => {
  const total = { tp: 0, fp: 0, fn: 0, tn: 0 }
  for (const { file } of sources.logs) {
    const msgs = messagesOf(file)
    // The first message after each compaction: the answer that holds its
    // block, or the one after the results (or prompt) whose message ends with it.
    const boundaries = msgs.flatMap((m, i) =>
      blocksOf(m).some((b) => b.type === "compaction")
        ? [m.role === "assistant" ? i : i + 1]
        : []
    )
    const needs = resultNeeds(msgs, { acrossCompaction: true })
    for (const B of boundaries) {
      const c = atBoundary(msgs, needs, B)
      for (const k of ["tp", "fp", "fn", "tn"] as const) total[k] += c[k]
    }
  }

  it("finds the logs' compactions and the results read again after them", () => {
    expect(total.tp + total.fn).toBe(22)
    expect(total.tp + total.fp + total.fn + total.tn).toBe(334)
  })

  it("has the precision and recall the docs state (0.46 and 0.50)", () => {
    const precision = total.tp / (total.tp + total.fp)
    const recall = total.tp / (total.tp + total.fn)
    expect(precision).toBeCloseTo(0.46, 2)
    expect(recall).toBeCloseTo(0.5, 2)
  })
})
