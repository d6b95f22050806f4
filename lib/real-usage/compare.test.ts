import { readFileSync } from "node:fs"

import { describe, expect, it } from "vitest"

import { timeline } from "@/lib/context-editing"
import { parseImport } from "@/lib/import"

import { compareWithLog, usageDollars } from "./compare"

const log = readFileSync(
  new URL(
    "../import/__fixtures__/claude-code-compacted.jsonl",
    import.meta.url
  ),
  "utf8"
)

function imported() {
  const r = parseImport(log)
  if (!r.success || !r.realUsage) throw new Error("fixture did not import")
  return { request: r.data, usage: r.realUsage }
}

describe("compareWithLog", () => {
  it("puts each logged request's real input beside the predicted size of the same request", () => {
    const { request, usage } = imported()
    const t = timeline(request)
    const c = compareWithLog(t, usage)
    expect(c.matched).toBe(usage.length)
    for (const row of c.rows) {
      const u = usage.find((x) => x.messageIndex === row.lastMessage)!
      expect(row.real).toBe(
        u.input_tokens +
          u.cache_creation_input_tokens +
          u.cache_read_input_tokens
      )
      const p = t.points.find((x) => x.request === row.request)
      expect(p?.ok && p.originalTokens).toBe(row.predicted)
    }
  })

  it("estimates the missing system prompt and tools as the median difference and adds it to the config's cost and peak", () => {
    const { request, usage } = imported()
    const t = timeline(request)
    const c = compareWithLog(t, usage)
    const diffs = c.rows.map((r) => r.real - r.predicted).sort((a, b) => a - b)
    const mid = diffs.length / 2
    expect(c.hidden).toBe((diffs[mid - 1]! + diffs[mid]!) / 2)
    expect(c.configPeak).toBe(t.peak.withEdits + c.hidden)
    expect(c.configDollars).toBeGreaterThan(t.cost.withEdits)
    expect(c.realDollars).toBeCloseTo(
      usage.reduce((s, u) => s + usageDollars(u), 0)
    )
  })

  it("skips logged requests the conversation no longer has", () => {
    const { request, usage } = imported()
    const c = compareWithLog(timeline(request), [
      ...usage,
      { ...usage[0]!, messageIndex: 10_000 },
    ])
    expect(c.matched).toBe(usage.length)
  })
})
