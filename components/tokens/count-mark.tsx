"use client"

import { useRefineStatus } from "./refine-status"

/**
 * Marks the token numbers as the instant *estimate* or as *counted* (every
 * text counted by the Claude BPE in the worker, times its content-class
 * factor). Hidden parts are table numbers with their evidence either way.
 */
export function CountMark({ testId = "tokens.mark" }: { testId?: string }) {
  const s = useRefineStatus()
  const counted = s.state === "counted"
  return (
    <span
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
        counted
          ? `Every text counted with the Claude BPE × its content-class factor${s.lastBatchMs === null ? "" : ` (last batch: ${s.lastBatchTexts} texts in ${Math.round(s.lastBatchMs)} ms, off the main thread)`}`
          : "Instant estimate from characters per token; the BPE count follows"
      }
    >
      {counted ? "counted" : "estimate"}
    </span>
  )
}
