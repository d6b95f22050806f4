import { describe, expect, it } from "vitest"

import { fitCalibrationFactor } from "./calibration"

describe("fitCalibrationFactor", () => {
  it("returns the factor that turns the prediction into the real count", () => {
    expect(fitCalibrationFactor(1000, 1200)).toBe(1.2)
    // the prediction was made with factor 1.2 already
    expect(fitCalibrationFactor(1200, 1320, 1.2)).toBe(1.32)
  })

  it("can move only part of the way", () => {
    expect(fitCalibrationFactor(1000, 2000, 1, 0.5)).toBe(1.5)
  })

  it("clamps and ignores invalid input", () => {
    expect(fitCalibrationFactor(100, 10_000)).toBe(4)
    expect(fitCalibrationFactor(0, 100, 1.1)).toBe(1.1)
    expect(fitCalibrationFactor(100, Number.NaN)).toBe(1)
    expect(fitCalibrationFactor(100, 120, -3)).toBe(1.2)
  })
})
