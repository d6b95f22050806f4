/**
 * Claude Code's own compaction on a model without server-side compaction
 * (docs/semantics.md#client-restarts): the session replay starts the
 * conversation again at each summary, as Claude Code did. Checked on the
 * five public compacted logs (Opus 4.6, where the importer writes
 * compaction blocks) with their model re-labelled Opus 4.5 (no compaction,
 * the summaries stay user messages; the same tokenizer and thinking
 * default): both readings give every call the same prompt, and after each
 * compaction that prompt follows the real one down.
 */
import { readFileSync } from "node:fs"
import { gunzipSync } from "node:zlib"

import { describe, expect, it } from "vitest"

import { timeline, tuneSession } from "@/lib/context-editing"
import {
  editsOf,
  toolConfig,
  type TuneConfig,
} from "@/lib/context-editing/tuner/eval"
import { analyseLog } from "@/lib/fleet/analyse"
import { readLog, replayOptions } from "@/lib/fleet/log-reading"
import { evaluateConfigs } from "@/lib/fleet/tune-eval"
import { parseImport } from "@/lib/import"
import { compareWithLog } from "@/lib/real-usage/compare"
import { billDollars } from "@/lib/real-usage/headline"
import { logBill } from "@/lib/real-usage/tune-bill"

const sources = JSON.parse(
  readFileSync(new URL("sources.json", import.meta.url), "utf8")
) as { logs: Array<{ file: string }> }

const textOf = (file: string) =>
  gunzipSync(readFileSync(new URL(file, import.meta.url))).toString("utf8")

/** The log's replay with its own config: the error against the bill, and the calls' real and replayed prompts. */
function replayed(text: string) {
  const log = readLog(text)
  if ("error" in log) throw new Error(log.error)
  const request = log.request as unknown as Record<string, unknown>
  const t = timeline(request, {}, replayOptions(request))
  const c = compareWithLog(t, log.usage)
  const main = c.rows.filter((r) => r.thread === "main" && !r.unmodelled)
  return {
    error: c.configDollars / c.realDollars - 1,
    calls: main.map((r) => ({ real: r.real, prompt: r.withEdits + r.hidden })),
    messages: (request.messages as unknown[]).length,
    restarts: t.points.filter((p) => p.ok && p.breakAt?.why === "restart")
      .length,
  }
}

const NO_COMPACTION = "claude-opus-4-5-20251101"

describe.each(sources.logs.map((l) => l.file))("%s", (file) => {
  const text = textOf(file)
  const relabelled = text.replaceAll(
    '"model":"claude-opus-4-6"',
    `"model":"${NO_COMPACTION}"`
  )

  it("re-labelled without compaction, every call's prompt is the compaction blocks' own", () => {
    expect(relabelled).not.toBe(text)
    const blocks = replayed(text)
    const restarts = replayed(relabelled)
    expect(restarts.restarts).toBeGreaterThan(0)
    expect(restarts.calls.length).toBe(blocks.calls.length)
    restarts.calls.forEach((c, i) => {
      expect(c.real).toBe(blocks.calls[i]!.real)
      expect(Math.abs(c.prompt - blocks.calls[i]!.prompt)).toBeLessThanOrEqual(
        0.01 * c.prompt
      )
    })
  })

  it("after each compaction the replayed prompt follows the real one down", () => {
    const { calls } = replayed(relabelled)
    // The calls where the real prompt fell by more than half: a compaction.
    const drops = calls.filter(
      (c, i) => i > 0 && c.real < calls[i - 1]!.real / 2
    )
    expect(drops.length).toBeGreaterThan(0)
    for (const c of drops) expect(c.prompt).toBeLessThan(c.real * 1.5)
  })
})

describe("Tune on a log its client restarted", () => {
  it("prices the config it recommends as the Timeline does, re-fetches included (one bill)", async () => {
    const file = sources.logs[0]!.file
    const text = textOf(file).replaceAll(
      '"model":"claude-opus-4-6"',
      '"model":"claude-sonnet-4-5-20250929"'
    )
    const r = parseImport(text)
    if (!r.success || !r.realUsage) throw new Error("import")
    const request = r.data as unknown as Record<string, unknown>
    const tl = replayOptions(request)
    const result = await tuneSession(request, {
      timeline: tl,
      bill: logBill(request, r.realUsage, tl, {}),
      maxEvaluations: 120,
    })
    const own = compareWithLog(timeline(request, {}, tl), r.realUsage)
    const priced = [result.recommended!, ...result.frontier].filter(Boolean)
    expect(priced.length).toBeGreaterThan(1)
    let refetched = 0
    for (const e of priced) {
      const body = { ...request, context_management: { edits: e.edits } }
      const c = compareWithLog(timeline(body, {}, tl), r.realUsage)
      expect(e.cost).toBeCloseTo(billDollars(c, own), 9)
      if (c.refetch.dollars > 0) refetched++
    }
    expect(refetched).toBeGreaterThan(0)
  }, 60_000)
})

describe("the Sessions view's tuner on logs their client restarted", () => {
  const tool = (value: number, keep: number): TuneConfig => ({
    tool: toolConfig(value, keep),
  })
  const configs: TuneConfig[] = [
    {},
    tool(30_000, 3),
    tool(60_000, 1),
    { ...tool(40_000, 2), thinking: 1 },
  ]
  it.each(sources.logs.slice(0, 2).map((l) => l.file))(
    "%s: takes the lean path, part by part, and scores each config as the Sessions view bills it",
    (file) => {
      const text = textOf(file).replaceAll(
        '"model":"claude-opus-4-6"',
        '"model":"claude-sonnet-4-5-20250929"'
      )
      const s = evaluateConfigs(text, configs, {})
      expect(s.fast).toBe(true)
      configs.forEach((c, k) => {
        const a = analyseLog(text, editsOf(c))
        expect(s.cost[k]).toBeCloseTo(a.config!.bill!, 9)
        expect(s.peak[k]).toBe(a.config!.peak)
        expect(s.infeasible[k]).toBe(a.config!.infeasible ? 1 : 0)
      })
    },
    60_000
  )
})
