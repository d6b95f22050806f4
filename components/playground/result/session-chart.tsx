"use client"

/**
 * Input tokens per request over a whole session as two areas (before the
 * edits, grey; after them, sky), drawn as SVG paths: one path per series
 * however many requests, each column the largest value of the requests it
 * covers. Optional marks: compaction points and the context window.
 */
const COLUMNS = 600

function series(values: readonly number[], cols: number): number[] {
  const out = new Array<number>(cols).fill(0)
  for (let i = 0; i < values.length; i++) {
    const c = Math.floor((i * cols) / values.length)
    if (values[i]! > out[c]!) out[c] = values[i]!
  }
  return out
}

function area(values: number[], max: number, h: number): string {
  let d = `M0 ${h}`
  values.forEach((v, i) => {
    const y = h - (h * v) / max
    d += ` L${i} ${y} L${i + 1} ${y}`
  })
  return `${d} L${values.length} ${h} Z`
}

export function SessionChart({
  before,
  after,
  window: contextWindow,
  label,
  testId,
}: {
  before: readonly number[]
  after: readonly number[]
  window?: number | null
  label: string
  testId?: string
}) {
  const n = Math.max(before.length, after.length)
  const cols = Math.max(1, Math.min(COLUMNS, n))
  const b = series(before, cols)
  const a = series(after, cols)
  const max = Math.max(1, ...b, ...a)
  const h = 100
  const over = contextWindow != null && contextWindow < max * 1.05
  return (
    <svg
      viewBox={`0 0 ${cols} ${h}`}
      preserveAspectRatio="none"
      className="h-24 w-full border-b border-zinc-300 dark:border-zinc-700"
      role="img"
      aria-label={label}
      data-testid={testId}
    >
      <path d={area(b, max, h)} className="fill-zinc-300 dark:fill-zinc-700" />
      <path d={area(a, max, h)} className="fill-sky-500/80" />
      {over && (
        <line
          x1={0}
          x2={cols}
          y1={h - (h * contextWindow) / max}
          y2={h - (h * contextWindow) / max}
          className="stroke-red-500"
          strokeDasharray="4 3"
          vectorEffect="non-scaling-stroke"
        />
      )}
    </svg>
  )
}
