/**
 * Tune on real Opus 4.6 logs of 2.7–3.5 MB (each with a real compaction),
 * as the page runs it on an imported log (tune.worker.ts: the log's bill as
 * the objective): the recommended config is one a careful engineer could
 * deploy. It never clears a tool result in the request where the result
 * first appears (the model would never read it), it keeps at least one
 * result, and its cost is the bill with the re-fetches it forces.
 */
import { readFileSync } from "node:fs"
import { gunzipSync } from "node:zlib"

import { describe, expect, it } from "vitest"

import {
  timeline,
  timelinePresence,
  tuneSession,
  unreadResults,
} from "@/lib/context-editing"
import { replayOptions } from "@/lib/fleet/log-reading"
import { parseImport } from "@/lib/import"
import { logBill } from "@/lib/real-usage/tune-bill"

const sources = JSON.parse(
  readFileSync(new URL("sources.json", import.meta.url), "utf8")
) as { logs: Array<{ file: string }> }

function logOf(file: string) {
  const text = gunzipSync(
    readFileSync(new URL(file, import.meta.url))
  ).toString("utf8")
  const r = parseImport(text)
  if (!r.success) throw new Error(r.error.message)
  return { request: r.data as Record<string, unknown>, usage: r.realUsage! }
}

type Edit = { type: string; keep?: { value?: number } }

describe("Tune on real Opus 4.6 logs puts forward a config the agent can work with", () => {
  // Two of the five keep the suite's time down; the others behave alike.
  for (const { file } of sources.logs.slice(0, 2))
    it(
      file,
      async () => {
        const { request, usage } = logOf(file)
        const tl = replayOptions(request)
        const r = await tuneSession(request, {
          timeline: tl,
          bill: logBill(request, usage, tl),
        })
        const rec = r.recommended
        expect(rec, "a recommendation").not.toBeNull()
        expect(rec!.infeasible).toBeNull()
        expect(r.why).toBeTruthy()
        // Independently of the tuner's own bookkeeping: the engine's timeline
        // with those edits clears no result before the model reads it.
        const t = timeline(
          { ...request, context_management: { edits: rec!.edits } },
          {},
          tl
        )
        expect(
          unreadResults(
            timelinePresence(t)!,
            timelinePresence(timeline(request, {}, tl))
          )
        ).toEqual([])
        for (const e of rec!.edits as Edit[])
          if (e.type === "clear_tool_uses_20250919")
            expect(e.keep?.value ?? 3).toBeGreaterThanOrEqual(1)
        // Every price is a number (a compaction's summaries included) and the
        // recommendation's includes what it costs the agent.
        for (const e of [rec!, ...r.frontier]) {
          expect(Number.isFinite(e.cost), e.label).toBe(true)
          expect(Number.isFinite(e.summaries.dollars), e.label).toBe(true)
        }
        expect(rec!.cost).toBeGreaterThan(rec!.refetch.dollars)
      },
      300_000
    )
})
