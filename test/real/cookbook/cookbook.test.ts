/**
 * The cookbook's research session (README.md here): the unmanaged run
 * rebuilt, and what the clearing config whose recorded run read the same 8
 * files is predicted to cost the agent. The recorded answer: nothing read
 * again (8 reads with clearing, 8 without).
 */
import { readFileSync } from "node:fs"

import { describe, expect, it } from "vitest"

import {
  agentSwitches,
  lossesOf,
  priceOf,
  resultNeeds,
  timeline,
  timelinePresence,
} from "@/lib/context-editing"
import { distinctive } from "@/lib/context-editing/session/needs/distinctive"
import { assistant, text, toolResult, toolUse, user } from "@/test/messages"

const corpus = JSON.parse(
  readFileSync(new URL("research-corpus.json", import.meta.url), "utf8")
) as { documents: Record<string, string> }

const BATCH_1 = ["celegans", "drosophila", "yeast", "killifish"]
const BATCH_2 = ["mouse", "zebrafish", "nmr", "rhesus"]
const path = (name: string) => `/research/${name}_review.md`
const doc = (name: string) => corpus.documents[path(name)]!

/** A document's lifespan-and-throughput table: what the agent's notes carry. */
const facts = (name: string) =>
  doc(name)
    .split("## Lifespan and throughput")[1]!
    .split("\n")
    .filter((l) => l.startsWith("| ") && !l.startsWith("| Metric"))

const note = (title: string, batch: string[]) =>
  [title, ...batch.flatMap((n) => [`### ${n}`, ...facts(n)])].join("\n")

/** The unmanaged run: two batches of 4 parallel reads, a note after each, the answer. */
function session(answer: string, edits: unknown[] | null) {
  let id = 0
  const batch = (names: string[]) => {
    const ids = names.map(() => `read${++id}`)
    return [
      assistant(
        names.map((n, i) => toolUse(ids[i]!, "read_file", { path: path(n) }))
      ),
      user(names.map((n, i) => toolResult(ids[i]!, doc(n)))),
    ]
  }
  const finding = (k: number, content: string) => [
    assistant([toolUse(`note${k}`, "record_finding", { note: content })]),
    user([toolResult(`note${k}`, `Finding #${k} recorded (session-local).`)]),
  ]
  return {
    model: "claude-sonnet-4-6",
    max_tokens: 4096,
    tools: ["search_files", "read_file", "record_finding"].map((name) => ({
      name,
      input_schema: { type: "object" },
    })),
    ...(edits ? { context_management: { edits } } : {}),
    messages: [
      user(
        "Compare the model organisms in /research/ on lifespan, tractability and translation; note after each batch."
      ),
      ...batch(BATCH_1),
      ...finding(1, note("## BATCH 1 NOTES: High-Throughput Models", BATCH_1)),
      ...batch(BATCH_2),
      ...finding(2, note("## BATCH 2 NOTES: Low-Throughput Models", BATCH_2)),
      assistant([text(answer)]),
    ],
  }
}

/** The clearing run's config: trigger 30,000, keep 4, clear_at_least 10,000. */
const CLEARING = [
  {
    type: "clear_tool_uses_20250919",
    trigger: { type: "input_tokens", value: 30_000 },
    keep: { type: "tool_uses", value: 4 },
    clear_at_least: { type: "input_tokens", value: 10_000 },
  },
]

/** The answer draws on the notes: the facts of both batches, with prose around them. */
const ANSWER = [
  "## Comparative review",
  "Throughput favours the invertebrates; translation favours the mammals.",
  ...[...BATCH_1, ...BATCH_2].flatMap((n) => facts(n).slice(0, 3)),
].join("\n")

function lossesFor(answer: string, switches = {}) {
  const request = session(answer, CLEARING)
  const t = timeline(request)
  const p = timelinePresence(t)!
  const price = priceOf(request.model)
  const costs = {
    prompt: (k: number) => (t.points[k]?.ok ? t.points[k].inputTokens : 0),
    price: () => price,
    cached: false,
    ttl: "5m" as const,
    summaryTokens: t.summaryTokens,
  }
  const needs = resultNeeds(request.messages)
  return lossesOf(p, needs, costs, agentSwitches(switches))
}

describe("the cookbook's research session under its clearing config", () => {
  it("clears the first batch's documents after the model read them: the config keeps the agent working", () => {
    const l = lossesFor(ANSWER)
    expect(l.infeasible).toBeNull()
    // Every result it takes out, fetched once (the upper bound): the first
    // batch's four documents are cleared before the end.
    const every = lossesFor(ANSWER, { neededBy: "every" })
    expect(every.lost.map((x) => x.id).slice(0, 4)).toEqual([
      "read1",
      "read2",
      "read3",
      "read4",
    ])
  })

  it("predicts at most one re-fetch, as the recorded run read the same 8 files", () => {
    const l = lossesFor(ANSWER)
    expect(l.refetch.calls).toBeLessThanOrEqual(1)
  })

  it("predicts a re-fetch when the answer needs a piece of a cleared document the notes did not keep", () => {
    // A piece only this first-batch document holds (the corpus repeats most
    // of its tables across documents), that neither the notes nor the answer carry.
    const held = new Set(
      Object.entries(corpus.documents)
        .filter(([p]) => p !== path("celegans"))
        .flatMap(([, d]) => [...distinctive(d)])
    )
    const notes = distinctive(note("", BATCH_1) + ANSWER)
    const appendix = [...distinctive(doc("celegans"))].find(
      (piece) =>
        !held.has(piece) && !notes.has(piece) && !piece.startsWith("\n")
    )!
    expect(appendix).toBeDefined()
    const l = lossesFor(`${ANSWER}\nNote: ${appendix}.`)
    expect(l.refetch.calls).toBe(1)
    expect(l.lost[0]).toMatchObject({ id: "read1", how: "cleared" })
  })
})
