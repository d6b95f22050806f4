"use client"

import { useEffect, useState } from "react"

import type { SimulateResult, SimulateSuccess } from "@/lib/context-editing"
import { RESULT_TAB_LABELS, RESULT_TABS } from "@/lib/state"

import { cn } from "@/components/ui/cn"
import { RegionHeader } from "@/components/ui/region-header"
import { TabBar, tabId } from "@/components/ui/tab-bar"

import { usePlaygroundStore } from "../store/playground-store-provider"
import { useSimulation } from "../store/use-simulation"
import {
  LazyBlockList as BlockList,
  LazyCompareView as CompareView,
  LazyExplainView as ExplainView,
  LazyRawDiff as RawDiff,
  LazyResultNumbers as ResultNumbers,
  LazyServerTab as ServerTab,
  LazyTimelineView as TimelineView,
  LazyTuneView as TuneView,
  preloadResultViews,
} from "./lazy-views"

/** The result views' tabpanel (the tabs control it). */
const RESULT_PANEL = "result-panel"

const TABS = RESULT_TABS.map((id) => ({ id, label: RESULT_TAB_LABELS[id] }))

/** What a screen reader hears when the prediction changes. */
function liveSummary(
  sim: SimulateResult | null,
  shown: SimulateSuccess | undefined
): string {
  if (!sim) return ""
  if (!sim.ok) return `Invalid request: ${sim.error.message}`
  if (!shown) return ""
  const n = shown.context_management?.applied_edits.length ?? 0
  return `${n} ${n === 1 ? "edit" : "edits"} applied; about ${shown.input_tokens.toLocaleString("en-US")} input tokens after edits.`
}

/** The result region: numbers, bars, applied_edits and the seven views. */
export function ResultPanel() {
  const sim = useSimulation()
  const request = usePlaygroundStore((s) => s.request)
  const stale = usePlaygroundStore((s) => s.parseError !== null)
  const tab = usePlaygroundStore((s) => s.resultTab)
  const setTab = usePlaygroundStore((s) => s.setResultTab)
  useEffect(preloadResultViews, [])
  // While the request is invalid, the last valid prediction stays on screen
  // (state adjusted during render, the React-documented pattern).
  const [lastOk, setLastOk] = useState<{
    sim: SimulateSuccess
    request: unknown
  } | null>(null)
  if (sim?.ok && lastOk?.sim !== sim) setLastOk({ sim, request })
  const shown = sim?.ok ? { sim, request } : lastOk
  // An invalid request (the engine's error): the last valid result, dimmed.
  const failed = sim !== null && !sim.ok

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <RegionHeader title="Result">
        <span className="sr-only" aria-live="polite" data-testid="result.live">
          {liveSummary(sim, shown?.sim)}
        </span>
      </RegionHeader>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <div className="space-y-3 border-b border-zinc-200 p-3 dark:border-zinc-800">
          <ResultNumbers sim={sim} shown={shown?.sim ?? null} stale={stale} />
        </div>
        <TabBar
          label="Result views"
          tabs={TABS}
          value={tab}
          onChange={setTab}
          testIdPrefix="result.tab"
          panelId={RESULT_PANEL}
          className="sticky top-0 z-10 bg-white px-3 pt-1 dark:bg-zinc-950"
        />
        <div
          role="tabpanel"
          id={RESULT_PANEL}
          aria-labelledby={tabId(RESULT_PANEL, tab)}
          tabIndex={0}
          // After an error the views show the last valid request: dimmed,
          // like the numbers above, so nobody reads them as current.
          data-stale={
            tab !== "server" && shown && (failed || stale) ? "true" : undefined
          }
          className={cn(
            "p-3",
            tab === "raw" && "h-[70vh] p-0",
            tab !== "server" && (failed || stale) && "opacity-60"
          )}
        >
          {tab === "server" ? (
            <ServerTab />
          ) : !shown ? null : tab === "blocks" ? (
            <BlockList sim={shown.sim} original={shown.request} />
          ) : tab === "explain" ? (
            <ExplainView sim={shown.sim} />
          ) : tab === "timeline" ? (
            <TimelineView request={shown.request} />
          ) : tab === "compare" ? (
            <CompareView request={shown.request} />
          ) : tab === "tune" ? (
            <TuneView request={shown.request} />
          ) : (
            <RawDiff sim={shown.sim} original={shown.request} />
          )}
        </div>
      </div>
    </div>
  )
}
