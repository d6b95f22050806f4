"use client"

import type { SimulateResult, SimulateSuccess } from "@/lib/context-editing"

import { cn } from "@/components/ui/cn"

import { CategoryBars } from "./category-bars"
import { Computing } from "./computing"
import { EngineError } from "./engine-error"
import { TokenSummary } from "./token-summary"

/**
 * The top of the result region: "≈X → ≈Y input tokens", the engine's
 * answer and the category bars, or the engine's error above the last valid
 * prediction (dimmed); "computing…" until the engine is there. Loaded with
 * the engine, after the first paint: it has nothing to show without it.
 */
export function ResultNumbers({
  sim,
  shown,
  stale,
}: {
  sim: SimulateResult | null
  /** The prediction on screen: the current one, else the last valid one. */
  shown: SimulateSuccess | null
  stale: boolean
}) {
  if (sim === null) return <Computing />
  const failed = !sim.ok
  return (
    <>
      {!sim.ok && (
        <EngineError error={sim.error} hasFallback={shown !== null} />
      )}
      {shown && (
        <div className={cn("space-y-3", (failed || stale) && "opacity-60")}>
          <TokenSummary sim={shown} stale={stale || failed} />
          <CategoryBars
            before={shown.categories.before}
            after={shown.categories.after}
            contextWindow={shown.contextWindow}
            hidden={shown.hiddenTokens}
          />
        </div>
      )}
    </>
  )
}
