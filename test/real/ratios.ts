/**
 * estimate ÷ real over the real-traffic artifacts: the engine's synchronous
 * estimate (`simulate(request).original_input_tokens`) against the prompt
 * size the API measured. Shared by bands.test.ts and bench/real/run.mjs.
 */
import { simulate } from "@/lib/context-editing"

import { countedEstimate } from "./counted"
import { type Artifact, realPromptTokens } from "./load"

export interface RatioRow {
  slug: string
  file: string
  model: string | null
  features: string[]
  real: number
  /** null when simulate() rejected the request (no estimate to compare). */
  estimate: number | null
  ratio: number | null
  /** The counted (BPE-refined) estimate ÷ real, as the page shows it. */
  counted?: number | null
  error?: string
}

/**
 * One row per artifact that has a real prompt size; with `counted`, also
 * the counted estimate's ratio (BPE-refined, slower: the ranks load once).
 */
export function ratioRows(
  artifacts: Artifact[],
  { counted = false } = {}
): RatioRow[] {
  const rows: RatioRow[] = []
  for (const a of artifacts) {
    const real = realPromptTokens(a)
    if (real == null || real <= 0) continue
    const result = simulate(structuredClone(a.request) as never)
    const base = {
      slug: a.slug,
      file: a.file,
      model: a.model,
      features: a.features,
      real,
    }
    if (!result.ok)
      rows.push({
        ...base,
        estimate: null,
        ratio: null,
        error: result.error.message,
      })
    else {
      const estimate = result.original_input_tokens
      const c = counted ? countedEstimate(a.request) : null
      rows.push({
        ...base,
        estimate,
        ratio: estimate / real,
        ...(counted ? { counted: c == null ? null : c / real } : {}),
      })
    }
  }
  return rows
}

/** Percentile with linear interpolation between closest ranks (q in 0…1). */
export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN
  const pos = (sorted.length - 1) * q
  const lo = Math.floor(pos)
  const hi = Math.ceil(pos)
  const low = sorted[lo] ?? NaN
  return low + ((sorted[hi] ?? NaN) - low) * (pos - lo)
}

export interface Spread {
  feature: string
  n: number
  median: number
  p10: number
  p90: number
}

/** Which ratio of a row: the instant estimate's or the counted one's. */
export type RatioKind = "ratio" | "counted"

/** n / median / p10 / p90 of the ratios of `rows`. */
export function spreadOf(
  feature: string,
  rows: RatioRow[],
  kind: RatioKind = "ratio"
): Spread {
  const ratios = rows
    .map((r) => r[kind])
    .filter((r): r is number => r != null)
    .sort((x, y) => x - y)
  return {
    feature,
    n: ratios.length,
    median: percentile(ratios, 0.5),
    p10: percentile(ratios, 0.1),
    p90: percentile(ratios, 0.9),
  }
}

/** The bands' population: rows of at least `minReal` real tokens. */
export const BAND_MIN_REAL = 100

/** Overall spread first, then one per feature tag, most common first. */
export function spreadTable(
  rows: RatioRow[],
  minReal = BAND_MIN_REAL,
  kind: RatioKind = "ratio"
): Spread[] {
  const big = rows.filter((r) => r.real >= minReal)
  const tags = new Map<string, RatioRow[]>()
  for (const r of big)
    for (const t of r.features) tags.set(t, [...(tags.get(t) ?? []), r])
  const perTag = [...tags.entries()]
    .map(([t, rs]) => spreadOf(t, rs, kind))
    .sort((a, b) => b.n - a.n || a.feature.localeCompare(b.feature))
  return [spreadOf("all", big, kind), ...perTag]
}
