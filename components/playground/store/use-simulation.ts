"use client"

import type { SimulateResult } from "@/lib/context-editing"
import type { PlaygroundEngine } from "@/lib/state"
import { selectSimulation } from "@/lib/state/selectors"

import { usePlaygroundStore } from "./playground-store-provider"
import { formatApprox, formatCount } from "@/lib/format/number"

/**
 * The engine's prediction for the current request (memoised, shared); null
 * while the engine's code is loading, so nothing shows a number before it.
 */
export function useSimulation(): SimulateResult | null {
  return usePlaygroundStore(selectSimulation)
}

/** The engine once its code has loaded (null right after the first paint). */
export function useEngine(): PlaygroundEngine | null {
  return usePlaygroundStore((s) => s.engine)
}

/** Formats an estimate: "≈12,345". */
export function approx(n: number): string {
  return formatApprox(n)
}

/** Formats a count with thousands separators. */
export function fmt(n: number): string {
  return formatCount(n)
}

/** Short form for big token numbers: "≈142k". */
export function approxShort(n: number): string {
  if (n >= 10_000) return `≈${formatCount(n / 1000)}k`
  return approx(n)
}
