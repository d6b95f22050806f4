"use client"

import { usePlaygroundStore } from "@/components/playground/store/playground-store-provider"
import { calibrationFor, type SimulateSuccess } from "@/lib/context-editing"

/**
 * Says when the numbers are scaled by a calibration learnt from real
 * count_tokens answers (which model, by how much, from how many answers)
 * and lets the user undo it.
 */
export function CalibrationNote({ sim }: { sim: SimulateSuccess }) {
  const calibration = usePlaygroundStore((s) => s.calibration)
  const answers = usePlaygroundStore((s) => s.calibrationAnswers)
  const clear = usePlaygroundStore((s) => s.clearCalibration)
  const model = sim.model
  if (!model) return null
  const sent = typeof sim.request.model === "string" ? sim.request.model : ""
  const key = [sent, model.id, model.tokenizer].find(
    (k) => typeof calibration[k] === "number"
  )
  if (key === undefined) return null
  const factor = calibrationFor(calibration, sent, model)
  if (factor === 1) return null
  const n = answers[key]
  const pct = Math.round((factor - 1) * 1000) / 10
  return (
    <p
      data-testid="tokens.calibration"
      className="flex flex-wrap items-baseline gap-x-2 text-[11px] text-sky-900 dark:text-sky-200"
    >
      <span>
        Text counts scaled ×{factor.toFixed(3)} ({pct > 0 ? "+" : ""}
        {pct} %) for <code>{key}</code>, learnt from{" "}
        {n
          ? `${n} real count_tokens answer${n === 1 ? "" : "s"}`
          : "earlier real count_tokens answers"}
        .
      </span>
      <button
        type="button"
        className="underline"
        data-testid="tokens.calibration.undo"
        onClick={() => clear(key)}
      >
        Undo calibration
      </button>
    </p>
  )
}
