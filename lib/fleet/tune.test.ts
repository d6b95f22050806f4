import { describe, expect, it } from "vitest"

import {
  editsOf,
  toolConfig,
  type TuneConfig,
} from "@/lib/context-editing/tuner/eval"
import { generateLogFolder } from "@/lib/generate/claude-code-log"

import { analyseLog } from "./analyse"
import { buildReport } from "./report"
import { fleetFrontier, fleetSpace, tuneFleet } from "./tune"
import { evaluateConfigs } from "./tune-eval"

const files = [
  ...generateLogFolder({ sessions: 10, totalBytes: 2.5e6, seed: 5 }),
]
const analyses = files.map((f) => analyseLog(f.text, null))

/** The folder analysed with one config: what the page shows once it is applied. */
function applied(edits: Record<string, unknown>[]) {
  const r = buildReport(
    files.map((f) => ({ path: f.path, analysis: analyseLog(f.text, edits) }))
  )
  return {
    cost: r.total.correctedDollars,
    peak: r.total.peak,
    infeasible: r.total.infeasible,
  }
}

const tool = (value: number, keep: number): TuneConfig => ({
  tool: toolConfig(value, keep),
})

describe("tune across sessions", () => {
  it("scores a config on a file as the analysis does once the config is applied", () => {
    const configs: TuneConfig[] = [
      {},
      tool(30_000, 2),
      tool(60_000, 0),
      { compact: 80_000 },
      { compact: 55_000 },
      { thinking: 1 },
      { ...tool(40_000, 1), compact: 60_000 },
      { ...tool(25_000, 3), thinking: "all" },
      // Triggers above every request: scored as the configs they act like.
      tool(5_000_000, 2),
      { compact: 5_000_000 },
      { ...tool(5_000_000, 0), compact: 60_000 },
    ]
    for (const f of files.slice(0, 6)) {
      const s = evaluateConfigs(f.text, configs, {})
      configs.forEach((c, k) => {
        const a = analyseLog(f.text, editsOf(c))
        if (Number.isNaN(s.cost[k]!)) return
        // The bill the Sessions view shows (re-fetches in it), the peak the
        // config controls, and whether it breaks the agent.
        expect(s.cost[k]).toBeCloseTo(a.config!.bill!, 9)
        expect(s.peak[k]).toBe(a.config!.peak)
        expect(s.infeasible[k]).toBe(a.config!.infeasible ? 1 : 0)
      })
    }
  })

  it("finds a config no worse than any of a grid at an equal or lower peak, and its total is what applying it gives", async () => {
    const result = await tuneFleet(fleetSpace(analyses), async (configs) =>
      files.map((f) => evaluateConfigs(f.text, configs, {}))
    )
    const best = result.frontier[result.best]!
    expect(applied(best.edits).cost).toBeCloseTo(best.cost, 9)
    const grid = [
      {},
      ...[20_000, 45_000, 70_000, 100_000, 150_000].flatMap((v) =>
        [0, 2, 4, 10].map((k) => tool(v, k))
      ),
      { compact: 60_000 },
      { compact: 120_000 },
    ]
    // A config that breaks the agent in a session is no rival.
    const scored = grid
      .map((c) => applied(editsOf(c)))
      .filter((g) => g.infeasible === 0)
    expect(scored.length).toBeGreaterThan(5)
    expect(best.infeasible).toBe(0)
    for (const g of scored)
      if (g.peak <= best.peak)
        expect(best.cost).toBeLessThanOrEqual(g.cost + 1e-9)
    // The whole frontier, too: no grid config beats an entry at its peak.
    for (const e of result.frontier)
      for (const g of scored)
        if (g.peak <= e.peak) expect(e.cost).toBeLessThanOrEqual(g.cost + 1e-9)
    expect(fleetFrontier(result.frontier)).toEqual(result.frontier)
  })
})
