"use client"

import type { SimulateResult } from "@/lib/context-editing"
import { selectSimulation } from "@/lib/state/selectors"

import { usePlaygroundStore } from "./playground-store-provider"

/** The engine's prediction for the current request (memoised, shared). */
export function useSimulation(): SimulateResult {
  return usePlaygroundStore(selectSimulation)
}

// One formatter for the page: toLocaleString builds a new one per call,
// which costs milliseconds when a long list renders.
const GROUPED = new Intl.NumberFormat("en-US")

/** Formats an estimate: "≈12,345". */
export function approx(n: number): string {
  return `≈${GROUPED.format(Math.round(n))}`
}

/** Formats a count with thousands separators. */
export function fmt(n: number): string {
  return GROUPED.format(Math.round(n))
}

/** Short form for big token numbers: "≈142k". */
export function approxShort(n: number): string {
  if (n >= 10_000) return `≈${GROUPED.format(Math.round(n / 1000))}k`
  return approx(n)
}
