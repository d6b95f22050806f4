const MIN_FACTOR = 0.25
const MAX_FACTOR = 4

/**
 * New calibration factor after one real count_tokens answer: the factor that
 * would have turned `predicted` (made with `previous`) into `actual`.
 * Invalid inputs return `previous` unchanged; the result is clamped to
 * [0.25, 4] and rounded to 4 decimals so cache keys stay stable.
 * @param smoothing 0 = jump to the new value, 0.5 = move half way, …
 */
export function fitCalibrationFactor(
  predicted: number,
  actual: number,
  previous = 1,
  smoothing = 0
): number {
  const prev = Number.isFinite(previous) && previous > 0 ? previous : 1
  if (
    !(predicted > 0) ||
    !(actual > 0) ||
    !Number.isFinite(predicted) ||
    !Number.isFinite(actual)
  )
    return prev
  const implied = (prev * actual) / predicted
  const s = Number.isFinite(smoothing) ? Math.min(1, Math.max(0, smoothing)) : 0
  const next = prev + (implied - prev) * (1 - s)
  return (
    Math.round(Math.min(MAX_FACTOR, Math.max(MIN_FACTOR, next)) * 1e4) / 1e4
  )
}
