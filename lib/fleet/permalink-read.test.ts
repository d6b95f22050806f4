import { describe, expect, it } from "vitest"

import { ASSUMPTION_SPECS } from "@/lib/context-editing/request/assumptions"
import { generateLogFolder } from "@/lib/generate/claude-code-log"
import { bytesToBase64url } from "@/lib/share/base64url"
import { deflateRaw } from "@/lib/share/deflate"

import { analyseLog } from "./analyse"
import { decodeSummary, SUMMARY_PREFIX, summaryWire } from "./permalink"
import { buildReport } from "./report"

// A summary link (#sessions.v1.) is untrusted: what it carries is checked,
// and anything outside its shape makes it "damaged" (hostile-input issue).

const edits = [
  {
    type: "clear_tool_uses_20250919",
    trigger: { type: "input_tokens", value: 60_000 },
  },
]
const files = [...generateLogFolder({ sessions: 3, totalBytes: 2e5, seed: 5 })]
const report = buildReport(
  files.map((f) => ({ path: f.path, analysis: analyseLog(f.text, edits) }))
)
const tune = {
  frontier: [
    { edits, cost: 1.5, peak: 90_000, label: "tool results > 60k, keep 3" },
  ],
  best: 0,
}
const wire = () =>
  structuredClone(summaryWire({ report, edits, tune })) as unknown as Record<
    string,
    unknown
  > & { s: number[][]; tune: typeof tune }

/** A link whose JSON text is `text` (numbers like 1e999 kept as written). */
const linkOf = async (text: string) =>
  `#${SUMMARY_PREFIX}${bytesToBase64url(await deflateRaw(new TextEncoder().encode(text)))}`

const decode = async (w: unknown) =>
  decodeSummary(await linkOf(JSON.stringify(w)))

describe("a summary link is read only in its own shape", () => {
  it("reads back the link it was made as", async () => {
    const read = await decode(wire())
    expect(read.success).toBe(true)
  })

  it("rejects 1e999 as a number (it parses as Infinity)", async () => {
    const w = wire()
    w.s[0]![4] = 7_777_777
    const text = JSON.stringify(w).replace("7777777", "1e999")
    expect((await decodeSummary(await linkOf(text))).success).toBe(false)
    const t = wire()
    t.tune.frontier[0]!.cost = 12_345.5
    const tuneText = JSON.stringify(t).replace("12345.5", "1e999")
    expect((await decodeSummary(await linkOf(tuneText))).success).toBe(false)
  })

  it("rejects numbers past 2^53, so no total becomes Infinity", async () => {
    const w = wire()
    for (const row of w.s) row[4] = 1e308
    expect((await decode(w)).success).toBe(false)
  })

  it("every total of a link it reads is finite", async () => {
    const w = wire()
    for (const row of w.s) row[4] = Number.MAX_SAFE_INTEGER
    const read = await decode(w)
    if (!read.success) throw new Error(read.error)
    expect(Number.isFinite(read.data.report.total.logged.input)).toBe(true)
  })

  it("rejects a tuner label of 299 characters, or one with control characters", async () => {
    for (const label of ["x".repeat(299), "keep 3\u001b[2J"]) {
      const w = wire()
      w.tune.frontier[0]!.label = label
      expect((await decode(w)).success).toBe(false)
    }
  })

  it("rejects fields it does not check, rather than keeping them", async () => {
    const big = "x".repeat(100_000)
    const inTune = wire()
    ;(inTune.tune as Record<string, unknown>).extra = big
    const inRow = wire()
    ;(inRow.tune.frontier[0] as Record<string, unknown>).extra = big
    const inAssumptions = { ...wire(), assumptions: { extra: big } }
    for (const w of [inTune, inRow, inAssumptions])
      expect((await decode(w)).success).toBe(false)
  })

  it("keeps an assumption switch of this version, with a value of its kind", async () => {
    const spec = ASSUMPTION_SPECS.find((s) => typeof s.default === "boolean")!
    const assumptions = { [spec.key]: !spec.default }
    const read = await decode({ ...wire(), assumptions })
    expect(read.success && read.data.assumptions).toEqual(assumptions)
    const wrong = await decode({ ...wire(), assumptions: { [spec.key]: "no" } })
    expect(wrong.success).toBe(false)
  })
})
