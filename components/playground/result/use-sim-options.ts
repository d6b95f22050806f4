"use client"

import { useMemo } from "react"

import type { SimulateOptions } from "@/lib/context-editing"

import { usePlaygroundStore } from "../store/playground-store-provider"

/**
 * The engine options every view of the request simulates with: the
 * assumptions, the calibration and the token estimator the header counts
 * with (BPE-counted text once the refinement has counted it), so the
 * Timeline, Compare, Tune and the real-usage view show the header's numbers.
 */
export function useSimOptions(): SimulateOptions {
  const assumptions = usePlaygroundStore((s) => s.assumptions)
  const calibration = usePlaygroundStore((s) => s.calibration)
  const estimator = usePlaygroundStore((s) => s.tokenEstimator)
  return useMemo(
    () => ({
      assumptions: assumptions as SimulateOptions["assumptions"],
      calibration,
      ...(estimator ? { estimator } : {}),
    }),
    [assumptions, calibration, estimator]
  )
}
