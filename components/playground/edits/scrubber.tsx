"use client"

import { useRef } from "react"
import { formatNumber } from "@/lib/format/number"

/** "137k" for slider ends and hints. */
export const shortTokens = (n: number): string =>
  n >= 10_000 ? `${Math.round(n / 1000)}k` : formatNumber(n)

/** A slider end at or above `n`, on a round step: 1,000s up to 200k, then 5,000s. */
export function tokenRange(n: number): { max: number; step: number } {
  const step = n > 200_000 ? 5000 : 1000
  return { max: Math.max(step, Math.ceil(n / step) * step), step }
}

/**
 * A range slider for a number field: drag it and watch the result follow.
 * One drag is one undo step (the first change opens it, the rest continue
 * it); each arrow-key press is a step of its own.
 */
export function Scrubber({
  value,
  min,
  max,
  step = 1,
  label,
  testId,
  disabled,
  onChange,
  format = String,
  marker,
}: {
  /** The field's value, or the default it falls back to. */
  value: number
  min: number
  max: number
  step?: number
  label: string
  testId: string
  disabled?: boolean
  onChange: (value: number, options: { continueGesture: boolean }) => void
  format?: (n: number) => string
  /** A tick on the track, e.g. where the prompt's size is (the hint says what it marks). */
  marker?: number
}) {
  // The track starts at a multiple of `step` so it lands on round numbers
  // (99,000, not 99,001 with min 1); values below `min` are clamped to it.
  const base = step > 1 ? Math.floor(min / step) * step : min
  const dragging = useRef(false)
  const moved = useRef(false)
  const end = () => {
    dragging.current = false
  }
  return (
    <div className="mt-1 flex items-center gap-2 text-[11px] text-zinc-500">
      <span className="tabular-nums">{format(min)}</span>
      <div className="relative flex min-w-0 flex-1 items-center">
        <input
          type="range"
          min={base}
          max={max}
          step={step}
          value={Math.min(max, Math.max(min, value))}
          aria-label={label}
          aria-valuetext={format(value)}
          data-testid={testId}
          disabled={disabled}
          className="h-1.5 w-full min-w-0 cursor-pointer accent-brand disabled:cursor-default"
          onPointerDown={() => {
            dragging.current = true
            moved.current = false
          }}
          onPointerUp={end}
          onPointerCancel={end}
          onLostPointerCapture={end}
          onChange={(e) => {
            onChange(Math.max(min, Number(e.target.value)), {
              continueGesture: dragging.current && moved.current,
            })
            if (dragging.current) moved.current = true
          }}
        />
        {marker !== undefined && marker >= min && marker <= max && (
          <span
            className="pointer-events-none absolute -bottom-2 h-1.5 w-0.5 -translate-x-1/2 bg-zinc-500"
            style={{
              left: `${(100 * (marker - min)) / Math.max(1, max - min)}%`,
            }}
            aria-hidden
            data-testid={`${testId}.marker`}
          />
        )}
      </div>
      <span className="tabular-nums">{format(max)}</span>
    </div>
  )
}
