/**
 * A summary link's JSON back into a report (permalink.ts writes it). Every
 * row is checked — numbers finite and ≥ 0, indexes in range, days and model
 * ids in their shapes — and anything else makes the link "damaged": a
 * hostile link cannot put text on the page beyond model ids and edits.
 */
import { parseEdits } from "@/lib/context-editing/rules/parse-edits"

import type { Logged, MissKind, TopCall } from "./analyse"
import {
  byProject,
  totalOf,
  type FleetReport,
  type GroupRow,
  type SessionRow,
} from "./report"
import type { FleetEdits } from "./config"

/** The tuner's frontier as a summary carries it. */
export interface SummaryTune {
  frontier: Array<{
    edits: Record<string, unknown>[]
    cost: number
    peak: number
    label: string
  }>
  /** Index of the chosen config in `frontier`. */
  best: number
}

export interface Summary {
  report: FleetReport
  edits: FleetEdits
  assumptions?: Record<string, unknown>
  tune?: SummaryTune
}

export interface SummaryWire {
  edits: Record<string, unknown>[] | null
  assumptions?: Record<string, unknown>
  days: string[]
  models: string[]
  /** Sessions: project, day, files, requests, 7 logged numbers, replay µ$, config µ$, peak, modelled, reasons, misses, misses µ$. */
  s: number[][]
  /** Days: day, sessions, requests, 7 logged numbers. */
  d: number[][]
  /** Models: model, sessions, requests, 7 logged numbers. */
  m: number[][]
  /** Top calls: session, call, model, time (ms, −1: none), prompt, output, µ$. */
  t: number[][]
  /** Cache misses of the whole folder by cause: cause (MISS_KINDS), count, µ$. */
  c: number[][]
  tune?: SummaryTune
}

/** Miss causes by index in a link (append only). */
export const MISS_KINDS: readonly MissKind[] = [
  "cold-start",
  "idle",
  "prefix-changed",
  "below-minimum",
  "unexplained",
]

const DAY = /^(\d{4}-\d{2}-\d{2}|unknown)$/
const MODEL = /^[\w.:@/-]{1,120}$/

const nums = (v: unknown, len: number): v is number[] =>
  Array.isArray(v) &&
  v.length === len &&
  v.every((x) => typeof x === "number" && Number.isFinite(x) && x >= -1)

const rows = (v: unknown, len: number): v is number[][] =>
  Array.isArray(v) && v.every((r) => nums(r, len))

const logged = (r: number[], at: number): Logged => ({
  input: r[at]!,
  cacheWrite5m: r[at + 1]!,
  cacheWrite1h: r[at + 2]!,
  cacheRead: r[at + 3]!,
  output: r[at + 4]!,
  inputDollars: r[at + 5]! / 1e6,
  outputDollars: r[at + 6]! / 1e6,
})

function session(r: number[], i: number, w: SummaryWire): SessionRow {
  const l = logged(r, 4)
  const replayDollars = r[11]! / 1e6
  return {
    file: `session ${i + 1}`,
    project: `project ${r[0]! + 1}`,
    files: r[2]!,
    bytes: 0,
    requests: r[3]!,
    logged: l,
    day: w.days[r[1]!] ?? "unknown",
    models: [],
    replayDollars,
    configDollars: r[12]! / 1e6,
    correctedDollars:
      replayDollars > 0
        ? ((r[12]! / 1e6) * l.inputDollars) / replayDollars
        : r[12]! / 1e6,
    // A link carries the what-if without its re-fetches (fields of v1).
    refetchDollars: 0,
    infeasible: null,
    replayError:
      l.inputDollars > 0 && r[14] === 1
        ? (replayDollars - l.inputDollars) / l.inputDollars
        : null,
    peak: r[13]!,
    misses: { count: r[16]!, dollars: r[17]! / 1e6, byCause: {} },
    modelled: r[14] === 1,
    unmodelled:
      r[15]! > 0
        ? ["not modelled (reasons stay on the machine that made the link)"]
        : [],
    notes: [],
  }
}

const group = (r: number[], key: string): GroupRow => ({
  key,
  sessions: r[1]!,
  requests: r[2]!,
  logged: logged(r, 3),
})

function valid(
  w: Record<string, unknown>
): w is Record<string, unknown> & SummaryWire {
  const strings = (v: unknown, re: RegExp) =>
    Array.isArray(v) && v.every((x) => typeof x === "string" && re.test(x))
  if (!strings(w.days, DAY) || !strings(w.models, MODEL)) return false
  if (!rows(w.s, 18) || !rows(w.d, 10) || !rows(w.m, 10) || !rows(w.t, 7))
    return false
  if (
    !rows(w.c, 3) ||
    !(w.c as number[][]).every(
      (r) => Number.isInteger(r[0]) && r[0]! >= 0 && r[0]! < MISS_KINDS.length
    )
  )
    return false
  const days = (w.days as string[]).length
  const models = (w.models as string[]).length
  const sessions = (w.s as number[][]).length
  const inRange = (x: number, n: number) =>
    Number.isInteger(x) && x >= 0 && x < n
  return (
    (w.s as number[][]).every(
      (r) => r.every((x) => x >= 0) && inRange(r[1]!, days)
    ) &&
    (w.d as number[][]).every((r) => inRange(r[0]!, days)) &&
    (w.m as number[][]).every((r) => inRange(r[0]!, models)) &&
    (w.t as number[][]).every(
      (r) => inRange(r[0]!, sessions) && inRange(r[2]!, models)
    )
  )
}

function tuneOf(v: unknown): SummaryTune | undefined | null {
  if (v === undefined) return undefined
  const t = v as SummaryTune
  if (!t || !Array.isArray(t.frontier) || !Number.isInteger(t.best)) return null
  const ok = t.frontier.every(
    (e) =>
      typeof e.cost === "number" &&
      typeof e.peak === "number" &&
      typeof e.label === "string" &&
      e.label.length < 300 &&
      parseEdits({ edits: e.edits }).ok
  )
  return ok && t.best >= 0 && t.best < t.frontier.length ? t : null
}

/** The summary a link's JSON holds, or null when it is not one. */
export function summaryFromWire(v: unknown): Summary | null {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return null
  const w = v as Record<string, unknown>
  if (!valid(w)) return null
  if (w.edits !== null && !parseEdits({ edits: w.edits }).ok) return null
  const tune = tuneOf(w.tune)
  if (tune === null) return null
  const sessions = w.s.map((r, i) => session(r, i, w))
  const top: Array<TopCall & { file: string }> = w.t.map((r) => ({
    file: sessions[r[0]!]!.file,
    call: r[1]!,
    model: w.models[r[2]!]!,
    timestamp: r[3]! >= 0 ? new Date(r[3]!).toISOString() : null,
    prompt: r[4]!,
    output: r[5]!,
    dollars: r[6]! / 1e6,
    miss: null,
  }))
  return {
    report: rebuild(sessions, w, top),
    edits: w.edits,
    ...(w.assumptions && typeof w.assumptions === "object"
      ? { assumptions: w.assumptions }
      : {}),
    ...(tune ? { tune } : {}),
  }
}

function rebuild(
  sessions: SessionRow[],
  w: SummaryWire,
  topTurns: FleetReport["topTurns"]
): FleetReport {
  const total = totalOf(sessions)
  for (const [k, count, dollars] of w.c)
    total.misses.byCause[MISS_KINDS[k!]!] = {
      count: count!,
      dollars: dollars! / 1e6,
    }
  return {
    sessions,
    total,
    byProject: byProject(sessions),
    byDay: w.d.map((r) => group(r, w.days[r[0]!]!)),
    byModel: w.m.map((r) => group(r, w.models[r[0]!]!)),
    topTurns,
  }
}
