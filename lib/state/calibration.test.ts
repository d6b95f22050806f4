import { describe, expect, it } from "vitest"

import * as engine from "@/lib/context-editing"
import { simulate } from "@/lib/context-editing"

import { createPlaygroundStore } from "./playground-store"
import { selectSimulation } from "./selectors"

const request = {
  model: "claude-sonnet-4-6",
  max_tokens: 1024,
  messages: [{ role: "user", content: "Summarise the incident report." }],
}

const tokens = (store: ReturnType<typeof createPlaygroundStore>) => {
  const r = selectSimulation(store.getState())
  if (!r) throw new Error("no engine")
  if (!r.ok) throw new Error(r.error.message)
  return r.original_input_tokens
}

describe("calibration from real count_tokens answers", () => {
  it("counts the answers behind a factor, and undo brings the plain estimate back", () => {
    const store = createPlaygroundStore({ request, engine })
    const plain = tokens(store)
    store.getState().setCalibration("claude-sonnet-4-6", 1.5)
    store.getState().setCalibration("claude-sonnet-4-6", 2)
    expect(store.getState().calibrationAnswers).toEqual({
      "claude-sonnet-4-6": 2,
    })
    expect(tokens(store)).toBeGreaterThan(plain)
    store.getState().clearCalibration("claude-sonnet-4-6")
    expect(store.getState().calibration).toEqual({})
    expect(store.getState().calibrationAnswers).toEqual({})
    expect(tokens(store)).toBe(plain)
  })

  it("undo for one model keeps another model's calibration", () => {
    const store = createPlaygroundStore({ request, engine })
    store.getState().setCalibration("claude-sonnet-4-6", 1.2)
    store.getState().setCalibration("claude-opus-4-6", 0.9)
    store.getState().clearCalibration("claude-sonnet-4-6")
    expect(store.getState().calibration).toEqual({ "claude-opus-4-6": 0.9 })
  })

  it("has no prediction until the engine is there, then the engine's own", () => {
    const store = createPlaygroundStore({ request })
    expect(selectSimulation(store.getState())).toBeNull()
    store.getState().setCalibration("claude-sonnet-4-6", 1.5)
    expect(selectSimulation(store.getState())).toBeNull()
    store.getState().setEngine(engine)
    expect(selectSimulation(store.getState())).toEqual(
      simulate(request, { calibration: { "claude-sonnet-4-6": 1.5 } })
    )
  })
})
