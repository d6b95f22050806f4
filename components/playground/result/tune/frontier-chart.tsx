"use client"

import { formatDollars as dollars, type TuneEntry } from "@/lib/context-editing"

import { approxShort } from "../../store/use-simulation"

const W = 480
const H = 200
const PAD = 36
/** Room at the picture's edges for the largest ring (radius 7, stroke 2). */
const EDGE = 8

/**
 * The tuner's frontier: session cost (dollars) against peak context, one
 * dot per config, both axes fitted to the configs (labelled at their ends),
 * the context window as a dashed line when it is near them and as a marker
 * at the edge when far off, and the request's own config as a ring. Hovering (or focusing) a dot previews its timeline.
 */
export function FrontierChart({
  frontier,
  alternatives,
  current,
  none,
  contextWindow,
  active,
  onHover,
}: {
  frontier: TuneEntry[]
  alternatives: TuneEntry[]
  current: { cost: number; peak: number } | null
  none: TuneEntry | null
  contextWindow: number | null
  active: number | null
  onHover: (i: number | null) => void
}) {
  const all = [
    ...frontier,
    ...alternatives,
    ...(current ? [current] : []),
    ...(none ? [none] : []),
  ]
  const scale = chartScale(frontier.length > 0 ? frontier : all, contextWindow)
  const { x, y, fits } = scale
  /** A config's dot, its tooltip naming it with its cost and peak (and saying so when it lies beyond the axes, drawn at their edge). */
  const dot = (
    at: { cost: number; peak: number },
    name: string,
    r: number,
    className: string,
    extra: { key?: string; strokeWidth?: number; testId?: string } = {}
  ) => (
    <circle
      key={extra.key}
      cx={x(at.peak)}
      cy={y(at.cost)}
      r={r}
      className={className}
      strokeWidth={extra.strokeWidth}
      data-testid={extra.testId}
    >
      <title>
        {`${name}: ${dollars(at.cost)}, peak ${approxShort(at.peak)}${fits(at) ? "" : " (beyond this chart's axes: drawn at their edge)"}`}
      </title>
    </circle>
  )
  const offAxes = [current, none, ...alternatives].some((e) => e && !fits(e))
  return (
    <figure className="max-w-xl">
      <svg
        viewBox={`0 0 ${W} ${H + 8}`}
        className="w-full max-w-xl text-zinc-500"
        role="group"
        aria-label="Frontier: session cost against peak context"
        data-testid="tune.chart"
      >
        <Axes scale={scale} />
        {contextWindow !== null && (
          <WindowMark scale={scale} contextWindow={contextWindow} />
        )}
        {none && dot(none, "No edits", 4, "fill-zinc-400")}
        {current &&
          dot(current, "Your config", 7, "fill-none stroke-amber-500", {
            strokeWidth: 2,
            testId: "tune.current",
          })}
        {alternatives.map((e, i) =>
          dot(e, e.label, 3, "fill-zinc-300 dark:fill-zinc-600", {
            key: `alt${i}`,
          })
        )}
        <polyline
          points={frontier.map((e) => `${x(e.peak)},${y(e.cost)}`).join(" ")}
          className="fill-none stroke-sky-400"
        />
        {frontier.map((e, i) => (
          <circle
            key={i}
            cx={x(e.peak)}
            cy={y(e.cost)}
            r={active === i ? 6 : 4.5}
            className={active === i ? "fill-sky-700" : "fill-sky-500"}
            tabIndex={0}
            role="button"
            aria-label={`${e.label}: ${dollars(e.cost)}, peak ${approxShort(e.peak)}`}
            data-testid={`tune.point.${i}`}
            onMouseEnter={() => onHover(i)}
            onFocus={() => onHover(i)}
          >
            <title>{e.label}</title>
          </circle>
        ))}
      </svg>
      <Legend
        current={current !== null}
        none={none !== null}
        alternatives={alternatives.length > 0}
        offAxes={offAxes}
      />
    </figure>
  )
}

/** What each mark is, under the chart (the marks drawn as in it). */
function Legend(has: {
  current: boolean
  none: boolean
  alternatives: boolean
  offAxes: boolean
}) {
  const mark = (className: string, ring = false) => (
    <svg viewBox="0 0 12 12" className="inline h-3 w-3 align-[-1px]">
      <circle
        cx={6}
        cy={6}
        r={ring ? 4.5 : 4}
        className={className}
        strokeWidth={ring ? 2 : undefined}
      />
    </svg>
  )
  return (
    <figcaption
      className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-[11px] text-zinc-500"
      data-testid="tune.legend"
    >
      <span>
        {mark("fill-sky-500")} the frontier: no other config is both cheaper and
        smaller
      </span>
      {has.current && (
        <span>{mark("fill-none stroke-amber-500", true)} your config</span>
      )}
      {has.none && <span>{mark("fill-zinc-400")} no edits</span>}
      {has.alternatives && (
        <span>
          {mark("fill-zinc-300 dark:fill-zinc-600")} cheapest for each number of
          tool results kept
        </span>
      )}
      {has.offAxes && <span>a mark on an axis&rsquo;s end lies beyond it</span>}
    </figcaption>
  )
}

type Scale = ReturnType<typeof chartScale>

/**
 * The chart's scales. The axes fit the configs given (the frontier, the
 * choices); other dots (no edits, your config, the alternatives) sit at
 * the edge when they fall outside.
 */
function chartScale(
  fit: Array<{ cost: number; peak: number }>,
  contextWindow: number | null
) {
  const { lo: loPeak, hi: hiPeak } = fitAxis(fit.map((e) => e.peak))
  // The window joins the scale when it is near the configs; far off (a small
  // session on a 1M model) it is a marker at the edge, so the frontier is
  // not squeezed into a vertical line.
  const windowNear =
    contextWindow !== null && contextWindow <= hiPeak + (hiPeak - loPeak)
  const maxPeak = windowNear ? Math.max(hiPeak, contextWindow * 1.03) : hiPeak
  const minPeak = loPeak
  const { lo: minCost, hi: maxCost } = fitAxis(fit.map((e) => e.cost))
  const clamp = (v: number, lo: number, hi: number) =>
    Math.min(hi, Math.max(lo, v))
  // A dot beyond the axes sits on their edge, whole (the largest ring's
  // radius and stroke inside the picture).
  const rawX = (peak: number) =>
    PAD + ((W - PAD - EDGE) * (peak - minPeak)) / (maxPeak - minPeak)
  const rawY = (cost: number) =>
    H - PAD + 8 - ((H - PAD) * (cost - minCost)) / (maxCost - minCost)
  const x = (peak: number) => clamp(rawX(peak), PAD, W - EDGE)
  const y = (cost: number) => clamp(rawY(cost), EDGE, H - PAD + 8)
  const fits = (at: { cost: number; peak: number }) =>
    x(at.peak) === rawX(at.peak) && y(at.cost) === rawY(at.cost)
  return { x, y, fits, minPeak, maxPeak, minCost, maxCost, windowNear }
}

/** The two axes, labelled at their ends. */
function Axes({ scale }: { scale: Scale }) {
  const { maxPeak, minPeak, maxCost, minCost } = scale
  return (
    <>
      <line
        x1={PAD}
        x2={W}
        y1={H - PAD + 8}
        y2={H - PAD + 8}
        className="stroke-zinc-300"
      />
      <line
        x1={PAD}
        x2={PAD}
        y1={0}
        y2={H - PAD + 8}
        className="stroke-zinc-300"
      />
      <text
        x={W - 4}
        y={H + 4}
        textAnchor="end"
        className="fill-current text-[10px]"
      >
        {approxShort(maxPeak)} peak input tokens
      </text>
      <text x={PAD} y={H + 4} className="fill-current text-[10px]">
        {approxShort(minPeak)}
      </text>
      <text x={2} y={10} className="fill-current text-[10px]">
        {dollars(maxCost)}
      </text>
      <text x={2} y={H - PAD + 8} className="fill-current text-[10px]">
        {dollars(minCost)}
      </text>
    </>
  )
}

/** The context window: a dashed line when near the configs, else a marker at the edge. */
function WindowMark({
  scale: { x, windowNear },
  contextWindow,
}: {
  scale: Scale
  contextWindow: number
}) {
  return (
    <>
      {windowNear && (
        <g data-testid="tune.window">
          <line
            x1={x(contextWindow)}
            x2={x(contextWindow)}
            y1={0}
            y2={H - PAD + 8}
            className="stroke-red-500"
            strokeDasharray="4 3"
          />
          <text
            x={x(contextWindow) - 4}
            y={12}
            textAnchor="end"
            className="fill-red-600 text-[10px]"
          >
            context window {approxShort(contextWindow)}
          </text>
        </g>
      )}
      {!windowNear && (
        <text
          x={W - 4}
          y={12}
          textAnchor="end"
          className="fill-red-600 text-[10px]"
          data-testid="tune.window-offscale"
        >
          context window {approxShort(contextWindow)} →
        </text>
      )}
    </>
  )
}

/**
 * An axis that fits the values: from a little below the smallest to a
 * little above the largest (never below zero), at least 10 % of the
 * largest wide so a single value or a tight cluster still reads.
 */
function fitAxis(values: number[]): { lo: number; hi: number } {
  const max = Math.max(1e-9, ...values)
  const min = Math.min(max, ...values)
  const span = Math.max(max - min, max * 0.1)
  return { lo: Math.max(0, min - span * 0.1), hi: max + span * 0.1 }
}
