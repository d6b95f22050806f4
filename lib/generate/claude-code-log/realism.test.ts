/**
 * The generated logs are ones the API could have answered (what the bench,
 * the tests and the Sessions view's example folder read): Claude Code
 * compacts before a request would outgrow the model's window; under manual
 * thinking every answer starts with thinking; the cache use follows the
 * documented rules (an older model's earlier thinking is stripped at a new
 * prompt; a compaction starts again from the summary). So the engine's
 * replay of each session lands near its own bill.
 */
import { describe, expect, it } from "vitest"

import { getModelInfo } from "@/lib/context-editing/request/models"
import { analyseLog } from "@/lib/fleet/analyse"
import { buildReport } from "@/lib/fleet/report"
import { parseImport } from "@/lib/import"

import { generateLogFolder } from "."

const files = [
  ...generateLogFolder({ sessions: 30, totalBytes: 24e6, seed: 5 }),
]
type Row = {
  type?: string
  subtype?: string
  message?: Record<string, unknown>
}
const rowsOf = (text: string): Row[] =>
  text
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Row)
const modelOf = (rows: Row[]) =>
  String(rows.find((r) => r.type === "assistant")?.message?.model ?? "")
const prompt = (u: Record<string, number>) =>
  u.input_tokens! + u.cache_creation_input_tokens! + u.cache_read_input_tokens!

describe("generated Claude Code logs", () => {
  it("never send a prompt over the model's window: Claude Code compacts first", () => {
    let compacted = 0
    for (const f of files) {
      const rows = rowsOf(f.text)
      if (rows.some((r) => r.subtype === "compact_boundary")) compacted++
      for (const r of rows) {
        const usage = r.message?.usage as Record<string, number> | undefined
        if (!usage) continue
        const window = getModelInfo(String(r.message!.model)).contextWindow!
        expect(prompt(usage)).toBeLessThan(window)
      }
    }
    expect(compacted).toBeGreaterThan(0)
  })

  it("under manual thinking, every answer of a session that thinks starts with thinking", () => {
    let manual = 0
    for (const f of files) {
      const r = parseImport(f.text)
      if (!r.success) throw new Error(r.error.message)
      const thinking = (r.data as { thinking?: { type: string } }).thinking
      const info = getModelInfo(modelOf(rowsOf(f.text)))
      const adaptive = info.thinkingTypes?.includes("adaptive") ?? !info.prefill
      if (!thinking || adaptive) continue
      expect(thinking.type).toBe("enabled")
      manual++
    }
    expect(manual).toBeGreaterThan(0)
  })

  it("replay within a quarter of their own bill, compacted sessions on models with and without compaction among them", () => {
    const report = buildReport(
      files.map((f) => ({ path: f.path, analysis: analyseLog(f.text, null) }))
    )
    for (const s of report.sessions) {
      expect(s.replayError, s.file).not.toBeNull()
      expect(Math.abs(s.replayError!), s.file).toBeLessThan(0.25)
    }
    const compactedOn = new Set(
      files
        .filter((f) => f.text.includes('"compact_boundary"'))
        .map((f) => getModelInfo(modelOf(rowsOf(f.text))).compaction)
    )
    expect([...compactedOn].sort()).toEqual([false, true])
  })
})
