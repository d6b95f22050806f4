/**
 * A summary link's JSON back into a report (permalink.ts writes it). Every
 * row is checked — numbers finite, ≥ 0 and at most 2^53 (so no total
 * becomes Infinity), indexes in range, days, model ids and tuner labels in
 * their shapes, assumptions among this version's switches, no field it does
 * not know in the tuner's rows — and anything else makes the link
 * "damaged": a hostile link cannot put text on the page beyond model ids,
 * short labels and edits (docs/semantics.md#hostile-input-limits).
 */
import { ASSUMPTION_SPECS } from "@/lib/context-editing/request/assumptions"
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
  "model-switch",
  "thinking-changed",
  "content-dropped",
  "times-lost",
  "start-changed",
]

const DAY = /^(\d{4}-\d{2}-\d{2}|unknown)$/
const MODEL = /^[\w.:@/-]{1,120}$/
/** A tuner label ("tool results > 60k, keep 3, not Bash/Read"): printable, short. */
const LABEL = /^[^\u0000-\u001f\u007f-\u009f]{1,200}$/
/**
 * The largest number a link may carry (tokens, micro-dollars): whole
 * numbers this size add up to a finite total over any rows a link can
 * hold (`1e999` parses as Infinity; 1e308 twice is Infinity too).
 */
const MAX = Number.MAX_SAFE_INTEGER
/** The latest time a Date can hold (ms). */
const MAX_TIME = 8.64e15

const number = (x: unknown, min: number): x is number =>
  typeof x === "number" && Number.isFinite(x) && x >= min && x <= MAX

const nums = (v: unknown, len: number): v is number[] =>
  Array.isArray(v) && v.length === len && v.every((x) => number(x, -1))

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
      (r) =>
        inRange(r[0]!, sessions) &&
        inRange(r[2]!, models) &&
        (r[3] === -1 || (r[3]! >= 0 && r[3]! <= MAX_TIME))
    )
  )
}

/** An object with exactly these keys (a link carries nothing it does not check). */
const onlyKeys = (v: unknown, keys: string[]): v is Record<string, unknown> =>
  typeof v === "object" &&
  v !== null &&
  !Array.isArray(v) &&
  Object.keys(v).every((k) => keys.includes(k))

const FRONTIER_KEYS = ["edits", "cost", "peak", "label"]

function tuneOf(v: unknown): SummaryTune | undefined | null {
  if (v === undefined) return undefined
  if (!onlyKeys(v, ["frontier", "best"]) || !Array.isArray(v.frontier))
    return null
  const frontier: SummaryTune["frontier"] = []
  for (const e of v.frontier as unknown[]) {
    if (!onlyKeys(e, FRONTIER_KEYS) || !number(e.cost, 0) || !number(e.peak, 0))
      return null
    if (typeof e.label !== "string" || !LABEL.test(e.label)) return null
    if (!parseEdits({ edits: e.edits }).ok) return null
    const edits = e.edits as Record<string, unknown>[]
    frontier.push({ edits, cost: e.cost, peak: e.peak, label: e.label })
  }
  const best = v.best
  return typeof best === "number" &&
    Number.isInteger(best) &&
    best >= 0 &&
    best < frontier.length
    ? { frontier, best }
    : null
}

/**
 * The assumption switches a link sets: each a switch this version has, with
 * a value of its kind (and among its options); anything else is damage.
 */
function assumptionsOf(v: unknown): Record<string, unknown> | undefined | null {
  if (v === undefined) return undefined
  const specs = new Map(ASSUMPTION_SPECS.map((s) => [s.key as string, s]))
  if (!onlyKeys(v, [...specs.keys()])) return null
  for (const [key, value] of Object.entries(v)) {
    const spec = specs.get(key)!
    const fits =
      typeof value === typeof spec.default &&
      (typeof value !== "string" || value.length <= 200) &&
      (typeof value !== "number" || Number.isFinite(value)) &&
      (!spec.options || spec.options.some((o) => o.value === value))
    if (!fits) return null
  }
  return { ...v }
}

/** The summary a link's JSON holds, or null when it is not one. */
export function summaryFromWire(v: unknown): Summary | null {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return null
  const w = v as Record<string, unknown>
  if (!valid(w)) return null
  if (w.edits !== null && !parseEdits({ edits: w.edits }).ok) return null
  const tune = tuneOf(w.tune)
  const assumptions = assumptionsOf(w.assumptions)
  if (tune === null || assumptions === null) return null
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
    ...(assumptions ? { assumptions } : {}),
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
    // A link holds numbers only: the files without calls are not in it.
    skipped: [],
    total,
    byProject: byProject(sessions),
    byDay: w.d.map((r) => group(r, w.days[r[0]!]!)),
    byModel: w.m.map((r) => group(r, w.models[r[0]!]!)),
    topTurns,
  }
}
