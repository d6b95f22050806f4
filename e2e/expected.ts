// Expectations come from the engine itself, run here in Node on the same
// preset: the specs check that the page shows what the engine decides (the
// engine's semantics have their own unit tests).
import {
  simulate,
  type SimulateOptions,
  type SimulateSuccess,
} from "@/lib/context-editing"
import { getPreset } from "@/lib/presets"

/** The engine's prediction for a request (fails the test when it is invalid). */
export function predict(
  request: unknown,
  options?: SimulateOptions
): SimulateSuccess {
  const result = simulate(request, options)
  if (!result.ok) throw new Error(result.error.message)
  return result
}

/** A preset's request, as the Examples menu loads it. */
export function preset(id: string): Record<string, unknown> {
  const p = getPreset(id)
  if (!p) throw new Error(`no preset ${id}`)
  return p.build() as Record<string, unknown>
}
