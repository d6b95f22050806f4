import { describe, expect, it } from "vitest"

import { timeline } from "@/lib/context-editing"
import { compareWithLog } from "@/lib/real-usage/compare"

import { importedLog as imported, LOGS } from "./claude-code-logs"
import { percentile } from "./ratios"

/**
 * Public Claude Code logs (test/real/claude-code/, provenance in
 * sources.json): every API call the file records is matched, the page's
 * bill equals an independent reading of the file, and the engine's replay
 * with the log's own config lands within ±10 % of that bill. That the
 * replay does not move with a what-if or another read/write split is in
 * replay-invariance.test.ts.
 */
/** $/MTok (input, 5-minute write, 1-hour write, read), from the pricing page, written out here on purpose. */
const PRICES: Array<[RegExp, [number, number, number, number]]> = [
  [/opus-4-[5-9]/, [5, 6.25, 10, 0.5]],
  [/opus-4/, [15, 18.75, 30, 1.5]],
  [/sonnet-5/, [2, 2.5, 4, 0.2]],
  [/sonnet-4|sonnet-3-7/, [3, 3.75, 6, 0.3]],
  [/haiku-4-5/, [1, 1.25, 2, 0.1]],
]

/** The file's bill as a cost tool reads it: last row of each message id, each at its model's price. */
function independentBill(text: string): { calls: number; dollars: number } {
  type Usage = {
    input_tokens: number
    cache_creation_input_tokens: number
    cache_read_input_tokens: number
    cache_creation?: { ephemeral_1h_input_tokens?: number }
  }
  const last = new Map<string, { model: string; usage: Usage }>()
  for (const line of text.split("\n")) {
    if (!line.trim()) continue
    const e = JSON.parse(line)
    const m = e.message
    if (e.type !== "assistant" || !m?.usage || m.model === "<synthetic>")
      continue
    last.set(`${m.id}/${e.requestId ?? ""}`, { model: m.model, usage: m.usage })
  }
  let dollars = 0
  for (const { model, usage: u } of last.values()) {
    const [input, w5, w1, read] = PRICES.find(([re]) => re.test(model))![1]
    const hour = u.cache_creation?.ephemeral_1h_input_tokens ?? 0
    dollars +=
      (u.input_tokens * input +
        (u.cache_creation_input_tokens - hour) * w5 +
        hour * w1 +
        u.cache_read_input_tokens * read) /
      1e6
  }
  return { calls: last.size, dollars }
}

describe.each(LOGS)("real Claude Code log $file", ({ text, timesLost }) => {
  const { data, usage } = imported(text)
  const t = timeline(data)
  const c = compareWithLog(t, usage)
  const bill = independentBill(text)

  it("matches every distinct API call of the file, and the engine accepts every request", () => {
    expect(usage).toHaveLength(bill.calls)
    expect(c.matched).toBe(usage.length)
    expect(c.unmodelled).toEqual([])
    expect(t.points.filter((p) => !p.ok)).toEqual([])
  })

  it("bills the file as an independent reading of it does (within 1 %)", () => {
    expect(Math.abs(c.realDollars / bill.dollars - 1)).toBeLessThan(0.01)
  })

  it.runIf(!timesLost)(
    "replays the file with its own config within ±10 % of its bill",
    () => {
      expect(Math.abs(c.configDollars / c.realDollars - 1)).toBeLessThan(0.1)
    }
  )

  // A resume copied calls in at one moment: an idle gap before them is not
  // in the log. The replay cannot price it, and says so at each such miss.
  it.runIf(timesLost)(
    "replays the file within ±20 % of its bill, and names each miss at a call whose time the log lost",
    () => {
      expect(Math.abs(c.configDollars / c.realDollars - 1)).toBeLessThan(0.2)
      const lost = c.rows.filter((r) => r.miss?.cause.kind === "times-lost")
      expect(lost.length).toBeGreaterThan(0)
    }
  )
})

describe("real Claude Code logs, request by request", () => {
  it("puts (predicted + hidden) within 0.9–1.1 of the real input (p10, p90)", () => {
    const ratios = LOGS.flatMap(({ text }) => {
      const { data, usage } = imported(text)
      return compareWithLog(timeline(data), usage).rows.map(
        (r) => (r.predicted + r.hidden) / r.real
      )
    })
    ratios.sort((a, b) => a - b)
    expect(percentile(ratios, 0.1)).toBeGreaterThanOrEqual(0.9)
    expect(percentile(ratios, 0.9)).toBeLessThanOrEqual(1.1)
  })
})
