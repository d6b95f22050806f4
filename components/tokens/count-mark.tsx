"use client"

import { useOptionalPlaygroundStoreApi } from "@/components/playground/store/playground-store-provider"

import { setRefineEnabled, useRefineStatus } from "./refine-status"

const TITLES = {
  counted: (ms: number | null, texts: number) =>
    `Every text counted with the Claude BPE × its content-class factor${ms === null ? "" : ` (last batch: ${texts} texts in ${Math.round(ms)} ms, off the main thread)`}. Click to keep the instant estimate only.`,
  estimate: () =>
    "Instant estimate from characters per token; the BPE count follows. Click to keep the instant estimate only.",
  off: () =>
    "Instant estimate only: BPE counting is off in this browser. Click to count every text with the Claude BPE.",
}

/**
 * Marks the token numbers as the instant *estimate* or as *counted* (every
 * text counted by the Claude BPE in the worker, times its content-class
 * factor). Hidden parts are table numbers with their evidence either way.
 * Clicking it turns BPE counting off or on (kept in this browser).
 */
export function CountMark({ testId = "tokens.mark" }: { testId?: string }) {
  const s = useRefineStatus()
  // Outside a playground (the embed card) the mark only reads, no toggle.
  const store = useOptionalPlaygroundStoreApi()
  const counted = s.state === "counted"
  const toggle = () => {
    if (!store) return
    const turnOn = s.state === "off"
    setRefineEnabled(turnOn)
    void import("./refiner").then((m) =>
      turnOn ? m.startRefinement(store) : m.stopRefinement(store)
    )
  }
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={!store}
      data-testid={testId}
      data-state={s.state}
      data-batch-ms={
        s.lastBatchMs === null ? undefined : Math.round(s.lastBatchMs)
      }
      data-batch-texts={s.lastBatchTexts}
      className={
        counted
          ? "rounded bg-emerald-50 px-1 text-[11px] text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
          : "rounded bg-zinc-100 px-1 text-[11px] text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300"
      }
      title={
        store
          ? TITLES[s.state](s.lastBatchMs, s.lastBatchTexts)
          : TITLES[s.state](s.lastBatchMs, s.lastBatchTexts).replace(
              / Click .*$/,
              ""
            )
      }
    >
      {counted ? "counted" : s.state === "off" ? "estimate only" : "estimate"}
    </button>
  )
}
