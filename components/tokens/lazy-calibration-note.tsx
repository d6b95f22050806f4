"use client"

import dynamic from "next/dynamic"

import { usePlaygroundStore } from "@/components/playground/playground-store-provider"
import type { SimulateSuccess } from "@/lib/context-editing"

// Loads only once some model is calibrated (first-load JS stays small).
const CalibrationNote = dynamic(
  () => import("./calibration-note").then((m) => m.CalibrationNote),
  { ssr: false }
)

/** The calibration note, when any count_tokens answer calibrated a model. */
export function LazyCalibrationNote({ sim }: { sim: SimulateSuccess }) {
  const any = usePlaygroundStore((s) => Object.keys(s.calibration).length > 0)
  return any ? <CalibrationNote sim={sim} /> : null
}
