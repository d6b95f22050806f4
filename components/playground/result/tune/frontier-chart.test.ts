/**
 * The tuner's frontier chart, rendered to static SVG: a config that lies
 * beyond the fitted axes (the page's own config costing far more than any
 * frontier config, as on the Sessions view's example folder) is drawn
 * whole at the edge and its tooltip and the legend say it is off the
 * chart; a config inside them is not marked so.
 */
import { createElement } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"

import type { TuneEntry } from "@/lib/context-editing"

import { FrontierChart } from "./frontier-chart"

const entry = (cost: number, peak: number): TuneEntry =>
  ({ edits: [], cost, peak, label: `at ${peak}` }) as unknown as TuneEntry

const circles = (svg: string) =>
  [
    ...svg.matchAll(
      /<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"[^>]*>(?:<title>(.*?)<\/title>)?/g
    ),
  ].map((m) => ({
    cx: Number(m[1]),
    cy: Number(m[2]),
    r: Number(m[3]),
    title: (m[4] ?? "").replace(/<!-- -->/g, "").replace(/&#x27;/g, "'"),
  }))

function render(current: { cost: number; peak: number }) {
  const svg = renderToStaticMarkup(
    createElement(FrontierChart, {
      frontier: [
        entry(17.35, 34_000),
        entry(15.8, 47_000),
        entry(14.07, 77_000),
      ],
      alternatives: [],
      current,
      none: null,
      contextWindow: null,
      active: null,
      onHover: () => {},
    })
  )
  const [, width, height] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg)!.map(Number)
  const legend = /<figcaption[^>]*>(.*?)<\/figcaption>/
    .exec(svg)![1]!
    .replace(/<[^>]+>/g, "")
    .replace(/&rsquo;/g, "’")
  return { all: circles(svg), width: width!, height: height!, legend }
}

describe("the frontier chart", () => {
  it("draws a config beyond its axes whole at their edge, and its tooltip says so", () => {
    const { all, width, height, legend } = render({
      cost: 26.06,
      peak: 102_549,
    })
    const ring = all.find((c) => c.title.startsWith("Your config"))!
    expect(ring.cx + ring.r + 1).toBeLessThanOrEqual(width)
    expect(ring.cy - ring.r - 1).toBeGreaterThanOrEqual(0)
    expect(ring.cy + ring.r).toBeLessThanOrEqual(height)
    expect(ring.title).toContain("beyond this chart's axes")
    expect(legend).toContain("your config")
    expect(legend).toContain("lies beyond it")
  })

  it("says nothing of the kind for a config inside them", () => {
    const { all, legend } = render({ cost: 15, peak: 50_000 })
    const ring = all.find((c) => c.title.startsWith("Your config"))!
    expect(ring.title).not.toContain("beyond")
    expect(legend).not.toContain("beyond")
    expect(ring.title).toContain("$15")
  })
})
