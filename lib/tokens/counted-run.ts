/**
 * The page's *counted* numbers outside the browser (tests, benches): every
 * string the engine estimates is counted with the Claude BPE times its
 * content class factor (refinedRaw, as the refinement worker does), then the
 * engine runs again on those counts. Loads the BPE ranks: never import this
 * from the first load.
 */
import {
  simulate,
  type SimulateOptions,
  type SimulateResult,
} from "@/lib/context-editing"

import { claudeBpe } from "./claude-bpe"
import { createRefinedEstimator, createRefineTable, refinedRaw } from "./refine"

/** simulate() with every string counted (the page's numbers once refined). */
export function simulateCounted(
  request: unknown,
  options: SimulateOptions = {}
): SimulateResult {
  const bpe = claudeBpe()
  const table = createRefineTable()
  let result = simulate(request, {
    ...options,
    estimator: createRefinedEstimator(table),
  })
  for (let round = 0; round < 3 && table.misses.size > 0; round++) {
    for (const [key, text] of table.misses)
      table.counts.set(key, refinedRaw(text, bpe.count))
    table.misses.clear()
    result = simulate(request, {
      ...options,
      estimator: createRefinedEstimator(table),
    })
  }
  return result
}
