import type { SimulateOptions, SimulateResult } from "@/lib/context-editing"

import type { TokenEstimator } from "@/lib/tokens"

import type { PlaygroundEngine, PlaygroundState } from "./types"

/**
 * Memoises on argument identity. The store replaces objects instead of
 * mutating them, so identity equality is exact and O(1).
 */
function memoizeLast<A extends unknown[], R>(fn: (...args: A) => R) {
  let lastArgs: A | null = null
  let lastResult: R
  return (...args: A): R => {
    if (lastArgs && args.every((a, i) => Object.is(a, lastArgs?.[i]))) {
      return lastResult
    }
    lastResult = fn(...args)
    lastArgs = args
    return lastResult
  }
}

const simulateMemo = memoizeLast(
  (
    engine: PlaygroundEngine,
    request: unknown,
    assumptions: Record<string, unknown>,
    calibration: Record<string, number>,
    estimator: TokenEstimator | null
  ): SimulateResult =>
    engine.simulate(request, {
      assumptions: assumptions as SimulateOptions["assumptions"],
      calibration,
      ...(estimator ? { estimator } : {}),
    })
)

/**
 * The engine's prediction for the current (last valid) request; null while
 * the engine's code is loading. Derived, not stored: every component that
 * asks gets the same memoised result.
 */
export function selectSimulation(
  state: PlaygroundState
): SimulateResult | null {
  // Content from a link or an import is simulated in a worker first, with a
  // deadline (state.trial): never here before that check passed.
  if (!state.engine || state.trial) return null
  return simulateMemo(
    state.engine,
    state.request,
    state.assumptions,
    state.calibration,
    state.tokenEstimator
  )
}

/** True while the editor text does not parse (the result is from an older request). */
export function selectIsStale(state: PlaygroundState): boolean {
  return state.parseError !== null
}
