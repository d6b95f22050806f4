/**
 * The cookbook's recorded runs, request by request, against the engine
 * (docs/semantics.md#recorded-runs): what `clear_tool_uses` cleared (exact),
 * the tokens it freed and the input the API reported (each within 3 %), and
 * when compaction fired. The documents count at their recorded
 * `count_tokens` (rebuild.ts, `recordedDocs`) so the clearing rule is
 * tested apart from how well tables are estimated; the page's own estimate
 * is held to the decisions.
 */
import { describe, expect, it } from "vitest"

import {
  simulate,
  type SimulateOptions,
  type SimulateSuccess,
  timeline,
} from "@/lib/context-editing"

import { rebuild, recordedDocs } from "./rebuild"
import { type Recorded, type RecordedRun, RUNS } from "./runs"

const TOLERANCE = 0.03

/** The clear_tool_uses entry of a result (null: none). */
function clearEntry(r: {
  context_management: SimulateSuccess["context_management"]
}) {
  const e = r.context_management?.applied_edits.find(
    (x) => x.type === "clear_tool_uses_20250919"
  )
  return e && "cleared_tool_uses" in e
    ? { uses: e.cleared_tool_uses, tokens: e.cleared_input_tokens }
    : null
}

/**
 * Requests whose reported input depends on token counting still being
 * worked on (lib/tokens), not on the clearing rule: the first request of
 * each run is the task and the tools alone, which the estimate counts 3.4 %
 * low (1,022 against 1,058: the hidden tool-use prompt of Sonnet 4.6); the
 * compaction run's first request also holds ≈70 tokens the compaction edit
 * adds (1,129 against the baseline's 1,058 for the same request), which the
 * estimate does not count yet. They are held to 10 % until then.
 */
const COUNTING_FIRST = new Set(["baseline:1", "clearing:1", "compaction:1"])

/** A request that compacts reports the iteration after compaction (the summary): not the prompt the engine predicts. */
const inputCompared = (rec: Recorded) => rec.ctx !== null && !rec.compacts

function simulateAll(run: RecordedRun, options: SimulateOptions) {
  return rebuild(run).map((body) => {
    const r = simulate(body, options)
    if (!r.ok) throw new Error(`${run.id}: ${r.error.message}`)
    return r
  })
}

describe.each(RUNS)("the $id run (cell $cell)", (run) => {
  const docs = { estimator: recordedDocs() }
  const results = simulateAll(run, docs)

  it("clears exactly what the API cleared, at every request", () => {
    expect(results.map(clearEntry).map((e) => e?.uses ?? 0)).toEqual(
      run.requests.map((q) => q.cleared?.uses ?? 0)
    )
    results.forEach((r, k) => {
      if (run.requests[k]!.cleared === null) expect(clearEntry(r)).toBeNull()
    })
  })

  it("frees the tokens the API reported (within 3 %)", () => {
    const off: Array<[number, number]> = []
    results.forEach((r, k) => {
      const rec = run.requests[k]!.cleared
      const ratio = rec ? clearEntry(r)!.tokens / rec.tokens : 1
      if (Math.abs(ratio - 1) >= TOLERANCE) off.push([k + 1, ratio])
    })
    expect(off).toEqual([])
  })

  it("predicts the input the API reported (within 3 %) and compacts where it did", () => {
    const off: Array<[number, number]> = []
    results.forEach((r, k) => {
      const rec = run.requests[k]!
      expect(r.compaction?.fires ?? false).toBe(rec.compacts ?? false)
      if (!inputCompared(rec)) return
      const ratio = r.input_tokens / rec.ctx!
      const band = COUNTING_FIRST.has(`${run.id}:${k + 1}`) ? 0.1 : TOLERANCE
      if (Math.abs(ratio - 1) >= band) off.push([k + 1, ratio])
    })
    expect(off).toEqual([])
  })

  it("the session engine decides every request the same", () => {
    const requests = rebuild(run)
    const t = timeline(requests[requests.length - 1]!, docs)
    const uses = t.points.map((p) =>
      p.ok
        ? (clearEntry({ context_management: { applied_edits: p.applied } })
            ?.uses ?? 0)
        : -1
    )
    expect(uses).toEqual(run.requests.map((q) => q.cleared?.uses ?? 0))
    expect(t.points.map((p) => p.ok && p.compacted)).toEqual(
      run.requests.map((q) => q.compacts ?? false)
    )
  })

  it("the page's own estimate makes the same decisions", () => {
    const page = simulateAll(run, {})
    expect(page.map((r) => clearEntry(r)?.uses ?? 0)).toEqual(
      run.requests.map((q) => q.cleared?.uses ?? 0)
    )
    expect(page.map((r) => r.compaction?.fires ?? false)).toEqual(
      run.requests.map((q) => q.compacts ?? false)
    )
  })
})

/** Every request's cleared count under some switches, for every run with clearing. */
function decisions(assumptions: SimulateOptions["assumptions"]) {
  return RUNS.filter((run) => run.requests.some((q) => q.cleared)).map((run) =>
    simulateAll(run, { estimator: recordedDocs(), assumptions }).map(
      (r) => clearEntry(r)?.uses ?? 0
    )
  )
}

describe("which readings of the rule fit the recordings (docs/semantics.md#recorded-runs)", () => {
  const recorded = RUNS.filter((run) =>
    run.requests.some((q) => q.cleared)
  ).map((run) => run.requests.map((q) => q.cleared?.uses ?? 0))

  it.each([
    [
      "the defaults: small results skipped (≤ 44), clearing down to the trigger",
      {},
    ],
    [
      "small results up to 54 characters skipped, clearing down to the trigger",
      { smallResultChars: "54" as const },
    ],
    [
      "small results up to 54 characters skipped, every result but keep cleared",
      { smallResultChars: "54" as const, clearDownToTrigger: false },
    ],
  ])("%s: fits every request", (_, assumptions) => {
    expect(decisions(assumptions)).toEqual(recorded)
  })

  it.each([
    [
      "every result counts, every result but keep cleared (the docs' literal reading)",
      { smallResultChars: "0" as const, clearDownToTrigger: false },
    ],
    [
      "every result counts, clearing down to the trigger",
      { smallResultChars: "0" as const },
    ],
    [
      "small results up to 44 characters skipped, every result but keep cleared",
      { clearDownToTrigger: false },
    ],
  ])("%s: does not fit", (_, assumptions) => {
    expect(decisions(assumptions)).not.toEqual(recorded)
  })
})
