"use client"

import { fitCalibrationFactor } from "@/lib/context-editing"

import { ServerPanel } from "./server-panel"
import { revealPathInEditor } from "../store/editor-bridge"
import {
  usePlaygroundStore,
  usePlaygroundStoreApi,
} from "../store/playground-store-provider"
import { useSimulation } from "../store/use-simulation"

/**
 * The Server tab: real count_tokens / messages through the API routes, next
 * to the local prediction. Real counts also calibrate later estimates.
 */
export function ServerTab() {
  const store = usePlaygroundStoreApi()
  const request = usePlaygroundStore((s) => s.request)
  const sim = useSimulation()
  const prediction = sim?.ok
    ? {
        original_input_tokens: sim.original_input_tokens,
        input_tokens: sim.input_tokens,
        applied_edits: sim.context_management?.applied_edits ?? [],
      }
    : null
  return (
    <ServerPanel
      request={request}
      prediction={prediction}
      onCalibrate={(model, server, predicted) => {
        const previous = store.getState().calibration[model] ?? 1
        // Move half way each time: one odd answer should not swing every estimate.
        const factor = fitCalibrationFactor(predicted, server, previous, 0.5)
        store.getState().setCalibration(model, factor)
      }}
      onErrorPath={(path) =>
        revealPathInEditor(store.getState().requestText, path)
      }
    />
  )
}
