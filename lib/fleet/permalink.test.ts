import { readFileSync } from "node:fs"

import { describe, expect, it } from "vitest"

import { generateLogFolder } from "@/lib/generate/claude-code-log"
import { bytesToBase64url } from "@/lib/share/base64url"
import { deflateRaw } from "@/lib/share/deflate"

import { analyseLog } from "./analyse"
import {
  decodeSummary,
  encodeSummary,
  SUMMARY_PREFIX,
  summaryWire,
} from "./permalink"
import { buildReport } from "./report"

const edits = [
  {
    type: "clear_tool_uses_20250919",
    trigger: { type: "input_tokens", value: 60_000 },
  },
]
const files = [...generateLogFolder({ sessions: 8, totalBytes: 1e6, seed: 3 })]
const report = buildReport(
  files.map((f) => ({ path: f.path, analysis: analyseLog(f.text, edits) }))
)

const link = async (value: unknown) =>
  SUMMARY_PREFIX +
  bytesToBase64url(
    await deflateRaw(new TextEncoder().encode(JSON.stringify(value)))
  )

describe("a folder summary as a link", () => {
  it("reproduces the totals, tables and per-session what-ifs, to the micro-dollar", async () => {
    const tune = {
      frontier: [
        { edits, cost: 1.5, peak: 90_000, label: "tool results > 60k, keep 3" },
      ],
      best: 0,
    }
    const decoded = await decodeSummary(
      `#${await encodeSummary({ report, edits, tune })}`
    )
    expect(decoded.success).toBe(true)
    if (!decoded.success) return
    const r = decoded.data.report
    expect(decoded.data.edits).toEqual(edits)
    expect(decoded.data.tune).toEqual(tune)
    expect(r.total.requests).toBe(report.total.requests)
    expect(r.total.configDollars).toBeCloseTo(report.total.configDollars, 4)
    expect(r.total.logged.inputDollars).toBeCloseTo(
      report.total.logged.inputDollars,
      4
    )
    expect(r.sessions.map((s) => Math.round(s.configDollars * 1e6))).toEqual(
      report.sessions.map((s) => Math.round(s.configDollars * 1e6))
    )
    expect(r.byDay.map((d) => [d.key, d.requests])).toEqual(
      report.byDay.map((d) => [d.key, d.requests])
    )
    expect(r.byModel.map((d) => d.key)).toEqual(
      report.byModel.map((d) => d.key)
    )
    expect(r.topTurns.length).toBe(report.topTurns.length)
  })

  it("carries numbers, never the logs' content or paths", async () => {
    const wire = JSON.stringify(summaryWire({ report, edits: null }))
    for (const s of report.sessions)
      expect(wire).not.toContain(s.file.split("/")[0])
    expect(wire).not.toMatch(/home|msg_|toolu_|req_/)
    // Every string left is a day or a model id.
    const strings = wire.match(/"[^"]*"/g)!.map((q) => q.slice(1, -1))
    const keys = new Set(["edits", "days", "models", "s", "d", "m", "t", "c"])
    for (const x of strings)
      if (!keys.has(x))
        expect(x).toMatch(/^(\d{4}-\d{2}-\d{2}|unknown|claude-[\w.-]+)$/)
  })

  it("answers a damaged, foreign or newer link with a message, never a throw", async () => {
    const good = await encodeSummary({ report, edits: null })
    expect(await decodeSummary(good.slice(0, -40))).toMatchObject({
      success: false,
    })
    expect(await decodeSummary("sessions.v9.AAAA")).toEqual({
      success: false,
      error: "This summary link was made by a newer version. Reload the page.",
    })
    expect(await decodeSummary("v2.abc")).toMatchObject({ success: false })
    const hostile = await link({
      edits: null,
      days: ["<img src=x>"],
      models: [],
      s: [],
      d: [],
      m: [],
      t: [],
    })
    expect(await decodeSummary(hostile)).toMatchObject({ success: false })
    const outOfRange = await link({
      edits: null,
      days: [],
      models: [],
      s: [],
      d: [],
      m: [],
      t: [[5, 1, 0, 0, 0, 0, 0]],
    })
    expect(await decodeSummary(outOfRange)).toMatchObject({ success: false })
  })

  it("still opens the frozen v1 link", async () => {
    const dir = new URL("./__fixtures__/", import.meta.url)
    const decoded = await decodeSummary(
      readFileSync(new URL("summary-v1.txt", dir), "utf8")
    )
    const expected = JSON.parse(
      readFileSync(new URL("summary-v1.json", dir), "utf8")
    )
    expect(decoded.success).toBe(true)
    if (decoded.success)
      expect(JSON.parse(JSON.stringify(decoded.data))).toEqual(expected)
  })
})
