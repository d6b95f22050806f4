// A file's calls cross from the replaying thread to the main thread in
// columns (scripts/report/packed-calls.ts); what arrives must be the
// analysis the page's code returned, call for call, through a real
// structured clone (what postMessage does).
import { describe, expect, it } from "vitest"

import type { FileAnalysis, FileCall } from "@/lib/fleet/analyse"
import { analyseLog } from "@/lib/fleet/analyse"
import type { FleetJobResult } from "@/lib/fleet/jobs"
import { claudeLog } from "@/lib/real-usage/test-log"

import {
  packCalls,
  posted,
  received,
  unpackCalls,
} from "../scripts/report/packed-calls"

const call = (i: number, over: Partial<FileCall["call"]> = {}): FileCall => ({
  call: {
    key: `msg_${i}/req_${i}`,
    model: i % 3 === 0 ? "claude-opus-4-5" : "claude-sonnet-4-5",
    timestamp: `2026-11-0${1 + (i % 9)}T10:00:00.000Z`,
    input: i,
    write5m: 1000 * i,
    write1h: i % 2 ? 7 : 0,
    read: 123_456_789 + i,
    output: 17 * i,
    inputDollars: 0.1 + i / 3,
    outputDollars: 1e-9 * i,
    ...over,
  },
  replay: i / 7,
  config: i === 2 ? 0 : -0.5 + i,
})

/** A Claude Code log of `n` calls for a real analysis. */
const logOf = (n: number) =>
  claudeLog(
    Array.from({ length: n }, (_, i) => ({
      say: `question ${i}`,
      at: `2026-11-02T10:0${i}:30.000Z`,
      usage: { input: 3, write: 100 * (i + 1), read: 1000 * i },
    }))
  )

describe("a file's calls posted in columns", () => {
  it("unpack to the same calls, field for field (nulls, several models, fractions)", () => {
    const calls = [
      call(1),
      call(2, { key: null, timestamp: null }),
      call(3),
      call(4, { model: "claude-haiku-4-5" }),
    ]
    const back = unpackCalls(structuredClone(packCalls(calls)))
    expect(back).toEqual(calls)
    expect(Object.is(back[1]!.config, 0)).toBe(true)
    expect(JSON.stringify(back)).toBe(JSON.stringify(calls))
  })

  it("carry no calls as none", () => {
    expect(unpackCalls(structuredClone(packCalls([])))).toEqual([])
  })

  it("give the main thread the analysis the page's code returned", () => {
    const analysis: FileAnalysis = analyseLog(logOf(4), null)
    expect(analysis.calls).toHaveLength(4)
    const result: FleetJobResult = { kind: "analyse", analysis }
    const arrived = received(structuredClone(posted(result)))
    expect(arrived).toEqual(result)
    // In the same key order, so the report's JSON is byte for byte the same.
    const a = (arrived as typeof result).analysis
    expect(JSON.stringify(a.calls)).toBe(JSON.stringify(analysis.calls))
  })

  it("leave the tuner's scores as they are", () => {
    const scores = {
      cost: new Float64Array([1, 2]),
      peak: new Float64Array([3, 4]),
      over: new Uint8Array([0, 1]),
      infeasible: new Uint8Array([1, 0]),
      fast: true,
    }
    const result: FleetJobResult = { kind: "tune", scores }
    expect(received(structuredClone(posted(result)))).toEqual(result)
  })
})
