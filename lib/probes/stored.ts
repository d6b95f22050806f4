/**
 * Probe results as the page keeps them (per model, in localStorage) and as
 * a permalink carries them. Both are read back through `readProbeRuns`,
 * which trusts nothing: only known switches with allowed values survive.
 * No API key is ever part of a result (the key travels in a header only).
 */
import { ASSUMPTION_SPECS, DEFAULT_ASSUMPTIONS } from "@/lib/context-editing"

import type {
  AssumptionKey,
  ProbeCalibration,
  ProbeEvidence,
  ProbePlanResult,
  ProbeRequest,
} from "./types"
import { isRecord as isObj } from "@/lib/json/is-record"

/** One finished run, for one model. */
export interface StoredProbeRun {
  model: string
  /** When it ran (ISO 8601). */
  at: string
  settled: Partial<Record<AssumptionKey, unknown>>
  evidence: ProbeEvidence[]
  calibration?: ProbeCalibration
  requests: number
  /** Opened from someone's permalink: their API answered, not the user's. */
  fromLink?: boolean
}

/** Probe runs by model id. */
export type ProbeRuns = Record<string, StoredProbeRun>

export function toStoredRun(
  model: string,
  at: Date,
  r: ProbePlanResult
): StoredProbeRun {
  return {
    model,
    at: at.toISOString(),
    settled: r.settled,
    evidence: r.evidence,
    ...(r.calibration ? { calibration: r.calibration } : {}),
    requests: r.requests,
  }
}

/** Whether `value` is one of the values the switch `key` takes. */
export function validSwitchValue(
  key: string,
  value: unknown
): key is AssumptionKey {
  const spec = ASSUMPTION_SPECS.find((s) => s.key === key)
  if (!spec || typeof value !== typeof spec.default) return false
  return !spec.options || spec.options.some((o) => o.value === value)
}

function readSettled(raw: unknown): StoredProbeRun["settled"] {
  if (!isObj(raw)) return {}
  return Object.fromEntries(
    Object.entries(raw).filter(([k, v]) => validSwitchValue(k, v))
  )
}

const num = (v: unknown) =>
  typeof v === "number" && Number.isFinite(v) ? v : undefined
const str = (v: unknown, max = 2000) =>
  typeof v === "string" ? v.slice(0, max) : undefined

function readRequest(raw: unknown): ProbeRequest | null {
  if (!isObj(raw)) return null
  const r: ProbeRequest = {
    label: str(raw.label, 200) ?? "",
    body: raw.body ?? null,
    status: num(raw.status) ?? 0,
  }
  const input = num(raw.input_tokens)
  const original = num(raw.original_input_tokens)
  if (input !== undefined) r.input_tokens = input
  if (original !== undefined) r.original_input_tokens = original
  if (typeof raw.error === "string") r.error = str(raw.error)
  return r
}

function readEvidence(raw: unknown): ProbeEvidence[] {
  if (!Array.isArray(raw)) return []
  return raw.flatMap((e): ProbeEvidence[] => {
    if (!isObj(e) || typeof e.probe !== "string" || typeof e.key !== "string")
      return []
    const key = e.key as ProbeEvidence["key"]
    const ev: ProbeEvidence = {
      probe: e.probe.slice(0, 100),
      key,
      finding: str(e.finding) ?? "",
      requests: Array.isArray(e.requests)
        ? e.requests.flatMap((q) => readRequest(q) ?? [])
        : [],
    }
    if (
      "value" in e &&
      (key === "calibration" || validSwitchValue(key, e.value))
    )
      ev.value = e.value
    return [ev]
  })
}

function readCalibration(raw: unknown): ProbeCalibration | undefined {
  if (!isObj(raw) || typeof raw.model !== "string") return undefined
  const c: ProbeCalibration = { model: raw.model }
  for (const k of [
    "tokenFactor",
    "placeholderTokens",
    "messageFraming",
    "toolPromptTokens",
  ] as const) {
    const v = num(raw[k])
    if (v !== undefined) c[k] = v
  }
  return c
}

/** Reads stored or linked runs; anything unreadable is dropped, never trusted. */
export function readProbeRuns(raw: unknown): ProbeRuns | null {
  if (!isObj(raw)) return null
  const out: ProbeRuns = {}
  for (const [model, run] of Object.entries(raw)) {
    if (
      !isObj(run) ||
      typeof run.at !== "string" ||
      Number.isNaN(Date.parse(run.at))
    )
      continue
    const calibration = readCalibration(run.calibration)
    out[model] = {
      model,
      at: run.at,
      settled: readSettled(run.settled),
      evidence: readEvidence(run.evidence),
      ...(calibration ? { calibration } : {}),
      requests: num(run.requests) ?? 0,
      ...(run.fromLink === true ? { fromLink: true } : {}),
    }
  }
  return out
}

/** The runs for a link: the request bodies stay home (the numbers travel). */
export function probeRunsForLink(runs: ProbeRuns): ProbeRuns {
  return Object.fromEntries(
    Object.entries(runs).map(([model, run]) => [
      model,
      {
        ...run,
        evidence: run.evidence.map((e) => ({
          ...e,
          requests: e.requests.map((q) => ({ ...q, body: null })),
        })),
      },
    ])
  )
}

/**
 * The assumption overrides after applying a run's settled switches: a
 * settled value equal to the default removes the override.
 */
export function applySettled(
  assumptions: Record<string, unknown>,
  settled: StoredProbeRun["settled"]
): Record<string, unknown> {
  const next = { ...assumptions }
  for (const [k, v] of Object.entries(settled)) {
    if (!validSwitchValue(k, v)) continue
    if (DEFAULT_ASSUMPTIONS[k] === v) delete next[k]
    else next[k] = v
  }
  return next
}
