/**
 * Probe results as the page keeps them and links carry them: read back
 * without trusting anything, applied as assumption overrides, and shared
 * without request bodies.
 */
import { describe, expect, it } from "vitest"

import { simulate } from "@/lib/context-editing"
import { decodeShare, encodeShare } from "@/lib/share/codec"
import { createPlaygroundStore } from "@/lib/state"
import { defaultEstimator } from "@/lib/tokens"

import { countTokensWith } from "../../test/fake-anthropic/semantics.mjs"
import {
  applySettled,
  probeRunsForLink,
  readProbeRuns,
  runProbePlan,
  toStoredRun,
} from "./index"

async function realRun(switches: Record<string, unknown>) {
  const send = (b: object) =>
    Promise.resolve(
      countTokensWith({ simulate }, defaultEstimator, b, switches)
    )
  const model = "claude-opus-4-7"
  const result = await runProbePlan(send, { model })
  return toStoredRun(model, new Date("2026-11-25T12:00:00Z"), result)
}

describe("stored probe runs", () => {
  it("drop unknown switches and values a switch does not take", () => {
    const runs = readProbeRuns({
      m: {
        at: "2026-11-25T12:00:00Z",
        settled: {
          triggerComparison: "gte",
          clearErrorResults: "yes",
          evil: 1,
          placeholderText: 5,
        },
        evidence: [
          {
            probe: "x",
            key: "triggerComparison",
            value: "maybe",
            finding: "f",
            requests: [{ label: "l", status: 200, input_tokens: 5 }],
          },
        ],
        requests: 3,
      },
      broken: { at: "not a date", settled: {} },
    })
    expect(Object.keys(runs!)).toEqual(["m"])
    expect(runs!.m!.settled).toEqual({ triggerComparison: "gte" })
    expect("value" in runs!.m!.evidence[0]!).toBe(false)
    expect(readProbeRuns("nope")).toBeNull()
  })

  it("apply as overrides: a settled default removes the override", () => {
    expect(
      applySettled(
        { clearErrorResults: false, keepMe: 1 },
        { clearErrorResults: true, triggerComparison: "gte" }
      )
    ).toEqual({ keepMe: 1, triggerComparison: "gte" })
  })

  it("Apply in the store sets exactly the settled switches of that model", async () => {
    const run = await realRun({ excludedCountTowardKeep: true })
    const store = createPlaygroundStore()
    store.getState().setProbeRun(run)
    store.getState().applyProbeRun("claude-opus-4-7")
    expect(store.getState().assumptions).toEqual({
      excludedCountTowardKeep: true,
    })
    expect(store.getState().calibration["claude-opus-4-7"]).toBe(
      run.calibration!.tokenFactor
    )
  })

  it("from a link are marked as the author's and never replace the user's own run", async () => {
    const own = await realRun({})
    const theirs = {
      ...(await realRun({ triggerComparison: "gte" })),
      at: "2026-01-02T00:00:00Z",
    }
    const store = createPlaygroundStore()
    store.getState().setProbeRun(own)
    store.getState().mergeProbeRuns(
      {
        [own.model]: theirs,
        "claude-other": { ...theirs, model: "claude-other" },
      },
      { fromLink: true }
    )
    const runs = store.getState().probeRuns
    expect(runs[own.model]).toEqual(own)
    expect(runs["claude-other"]!.fromLink).toBe(true)
    expect(runs["claude-other"]!.settled.triggerComparison).toBe("gte")
  })

  it("travel in a permalink with their numbers but without request bodies", async () => {
    const run = await realRun({ triggerComparison: "gte" })
    const link = await encodeShare({
      request: { model: "claude-opus-4-7", messages: [] },
      probes: { [run.model]: run },
    })
    const decoded = await decodeShare(link)
    expect(decoded.success).toBe(true)
    if (!decoded.success) return
    const back = decoded.data.probes!["claude-opus-4-7"]!
    expect(back.settled).toEqual(run.settled)
    expect(back.at).toBe(run.at)
    expect(
      back.evidence.flatMap((e) => e.requests).every((q) => q.body === null)
    ).toBe(true)
    expect(back).toEqual(probeRunsForLink({ [run.model]: run })[run.model])
    expect(decoded.notes).toEqual([])
  })
})
