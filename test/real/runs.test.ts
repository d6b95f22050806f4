import { readFileSync } from "node:fs"

import { describe, expect, it } from "vitest"

import { timeline } from "@/lib/context-editing"
import { parseImport } from "@/lib/import"
import { compareWithLog } from "@/lib/real-usage/compare"

/**
 * Public recorded multi-call runs (test/real/runs/, provenance in
 * sources.json) in each run format: every call of the run imported with
 * its usage, the bill equal to an independent reading of the request log
 * (its own price table), every request accepted by the engine, the calls
 * grouped into the run's conversations, and the replay with the run's own
 * config within its band of the bill.
 */
const DIR = new URL("./runs/", import.meta.url)
type Source = {
  file: string
  format: string
  run: string
  band?: number
  conversations: number
}
const { runs } = JSON.parse(
  readFileSync(new URL("sources.json", DIR), "utf8")
) as { runs: Source[] }
const read = (f: string) => readFileSync(new URL(f, DIR), "utf8")

/** $/MTok (input, 5-minute write, read), from the pricing page, written out here on purpose. */
const PRICES: Array<[RegExp, [number, number, number]]> = [
  [/opus-4-[5-9]/, [5, 6.25, 0.5]],
  [/sonnet-4/, [3, 3.75, 0.3]],
  [/haiku-4-5/, [1, 1.25, 0.1]],
]

/** The request log read straight: one call a line, and its bill. */
function independentReading(text: string) {
  let dollars = 0
  let calls = 0
  for (const line of text.split("\n")) {
    if (!line.trim()) continue
    const { response } = JSON.parse(line)
    const u = response.usage
    const [input, write, cached] = PRICES.find(([re]) =>
      re.test(response.model)
    )![1]
    dollars +=
      (u.input_tokens * input +
        (u.cache_creation_input_tokens ?? 0) * write +
        (u.cache_read_input_tokens ?? 0) * cached) /
      1e6
    calls++
  }
  return { dollars, calls }
}

describe.each(runs)("recorded run $file", (source) => {
  const { file, format, run, band } = source
  const r = parseImport(read(file))
  if (!r.success || !r.realUsage) throw new Error(`${file} did not import`)
  const usage = r.realUsage
  const t = timeline(r.data)
  const c = compareWithLog(t, usage)
  const truth = independentReading(read(run))

  it(`is read as ${format}, every call with its usage, each in its conversation`, () => {
    expect(r.format).toBe(format)
    expect(usage).toHaveLength(truth.calls)
    expect(c.matched).toBe(truth.calls)
    expect(new Set(usage.map((u) => u.thread)).size).toBe(source.conversations)
  })

  it("bills the run as the request log's own numbers do", () => {
    expect(c.realDollars).toBeCloseTo(truth.dollars, 9)
  })

  it("has every request accepted by the engine, and every call replayed", () => {
    expect(t.points.filter((p) => !p.ok)).toEqual([])
    expect(c.unmodelled).toEqual([])
  })

  it(`replays the run with its own config within ±${(band ?? 0.15) * 100} % of its bill`, () => {
    expect(Math.abs(c.configDollars / c.realDollars - 1)).toBeLessThan(
      band ?? 0.15
    )
  })
})
