/**
 * The folder's report from its files' analyses: one row per session (a
 * main log and the subagent files that count in it, see layout.ts), the
 * bill per project, day and model, the most expensive calls, and the
 * totals — every total the plain sum of the rows it covers.
 */
import type { FileAnalysis, Logged, Misses, TopCall } from "./analyse"
import { addLogged, emptyLogged } from "./bill-analysis"
import { countOnce } from "./count-once"
import { classifyPath, groupSessions, type PlacedFile } from "./layout"

/** One analysed file, its path relative to the folder. */
export interface FileResult {
  path: string
  analysis: FileAnalysis
}

export interface SessionRow {
  /** The session's main log, relative to the folder. */
  file: string
  project: string
  /** Files that count in this session (the main log and its subagents). */
  files: number
  bytes: number
  requests: number
  logged: Logged
  /** First day with a call (UTC), or "unknown". */
  day: string
  models: string[]
  /** Input-side dollars of the replay with the logs' own config. */
  replayDollars: number
  /** The same with the folder's config. */
  configDollars: number
  /**
   * The session's bill with the folder's config, the number the playground
   * shows for the same log (docs/semantics.md#session-replay): each file's
   * what-if, its re-fetches included, × its logged input ÷ its replay.
   */
  correctedDollars: number
  /** What the config's re-fetches add, before that scaling (docs/semantics.md#result-needs). */
  refetchDollars: number
  /** Why the config would break the agent in this session (null: it would not). */
  infeasible: string | null
  /** (replay − logged input) ÷ logged input; null when nothing was billed or replayed. */
  replayError: number | null
  /** The largest request with the folder's config (tokens, the part the log lacks included). */
  peak: number
  /** Cache misses the logs show, and what they cost. */
  misses: Misses
  /** Every file of the session replayed. */
  modelled: boolean
  unmodelled: string[]
  notes: string[]
}

/** A row of the per-project, per-day or per-model table. */
export interface GroupRow {
  key: string
  sessions: number
  requests: number
  logged: Logged
}

/** Adds `m`'s misses to `into`. */
export function addMisses(into: Misses, m: Misses): void {
  into.count += m.count
  into.dollars += m.dollars
  for (const [k, v] of Object.entries(m.byCause) as Array<
    [keyof Misses["byCause"], { count: number; dollars: number }]
  >) {
    const b = (into.byCause[k] ??= { count: 0, dollars: 0 })
    b.count += v.count
    b.dollars += v.dollars
  }
}

export interface FleetTotal {
  sessions: number
  files: number
  bytes: number
  requests: number
  logged: Logged
  replayDollars: number
  configDollars: number
  /** The sum of the sessions' bills with the config. */
  correctedDollars: number
  refetchDollars: number
  /** Sessions the config would break (it clears results before the model reads them). */
  infeasible: number
  /** The largest request of any session with the folder's config. */
  peak: number
  misses: Misses
  unmodelled: number
}

/** A file of the folder that holds no API call to count, and why (never a session). */
export interface SkippedFile {
  file: string
  reason: string
}

export interface FleetReport {
  sessions: SessionRow[]
  /** Files with no API call (lib/fleet/no-calls.ts): listed with the reason, not counted. */
  skipped: SkippedFile[]
  total: FleetTotal
  byProject: GroupRow[]
  byDay: GroupRow[]
  byModel: GroupRow[]
  topTurns: Array<TopCall & { file: string }>
}

const where = (file: string, main: string) =>
  file === main ? "" : `${file.slice(file.lastIndexOf("/") + 1)}: `

/** One file's bill with the config (its logged input when it was not replayed). */
function fileBill(a: FileResult["analysis"]): number {
  const input = a.buckets.reduce((x, b) => x + b.inputDollars, 0)
  if (!a.config || !a.replay) return input
  if (a.config.bill !== undefined) return a.config.bill
  const whatIf = a.config.dollars + (a.config.refetch ?? 0)
  return a.replay.dollars > 0 ? (whatIf * input) / a.replay.dollars : whatIf
}

function sessionRow(file: string, parts: FileResult[]): SessionRow {
  const logged = emptyLogged()
  const row: SessionRow = {
    file,
    project: classifyPath(file)?.project || "(folder)",
    files: parts.length,
    bytes: 0,
    requests: 0,
    logged,
    day: "unknown",
    models: [],
    replayDollars: 0,
    configDollars: 0,
    correctedDollars: 0,
    refetchDollars: 0,
    infeasible: null,
    replayError: null,
    peak: 0,
    misses: { count: 0, dollars: 0, byCause: {} },
    modelled: true,
    unmodelled: [],
    notes: [],
  }
  const models = new Set<string>()
  for (const { path, analysis: a } of parts) {
    row.bytes += a.bytes
    row.requests += a.requests
    for (const b of a.buckets) {
      addLogged(logged, b)
      models.add(b.model)
      if (row.day === "unknown" || (b.day !== "unknown" && b.day < row.day))
        row.day = b.day
    }
    row.replayDollars += a.replay?.dollars ?? 0
    row.configDollars += a.config?.dollars ?? 0
    row.refetchDollars += a.config?.refetch ?? 0
    row.correctedDollars += fileBill(a)
    row.infeasible ??= a.config?.infeasible ?? null
    row.peak = Math.max(row.peak, a.config?.peak ?? 0)
    addMisses(row.misses, a.misses)
    if (!a.replay) row.modelled = false
    for (const u of a.unmodelled) row.unmodelled.push(where(path, file) + u)
    for (const n of a.notes) if (!row.notes.includes(n)) row.notes.push(n)
  }
  row.models = [...models]
  row.replayError =
    logged.inputDollars > 0 && row.modelled
      ? (row.replayDollars - logged.inputDollars) / logged.inputDollars
      : null
  return row
}

function group(
  sessions: SessionRow[],
  results: Map<string, FileResult[]>,
  by: "day" | "model"
): GroupRow[] {
  // `last`: the session last counted in the group (each counts once).
  const out = new Map<string, GroupRow & { last: number }>()
  sessions.forEach((s, i) => {
    for (const { analysis } of results.get(s.file) ?? [])
      for (const b of analysis.buckets) {
        const key = by === "day" ? b.day : b.model
        let g = out.get(key)
        if (!g) {
          g = { key, sessions: 0, requests: 0, logged: emptyLogged(), last: -1 }
          out.set(key, g)
        }
        if (g.last !== i) {
          g.last = i
          g.sessions++
        }
        g.requests += b.requests
        addLogged(g.logged, b)
      }
  })
  return [...out.values()].map(({ last: _last, ...g }) => g)
}

/** The bill per project: the plain sum of its sessions (permalink-read.ts rebuilds a link's with it too). */
export function byProject(sessions: SessionRow[]): GroupRow[] {
  const out = new Map<string, GroupRow>()
  for (const s of sessions) {
    let g = out.get(s.project)
    if (!g)
      out.set(
        s.project,
        (g = {
          key: s.project,
          sessions: 0,
          requests: 0,
          logged: emptyLogged(),
        })
      )
    g.sessions++
    g.requests += s.requests
    addLogged(g.logged, s.logged)
  }
  return [...out.values()]
}

/** The folder's totals: the plain sum of its sessions (permalink-read.ts rebuilds a link's with it too). */
export function totalOf(sessions: SessionRow[]): FleetTotal {
  const t: FleetTotal = {
    sessions: sessions.length,
    files: 0,
    bytes: 0,
    requests: 0,
    logged: emptyLogged(),
    replayDollars: 0,
    configDollars: 0,
    correctedDollars: 0,
    refetchDollars: 0,
    infeasible: 0,
    peak: 0,
    misses: { count: 0, dollars: 0, byCause: {} },
    unmodelled: 0,
  }
  for (const s of sessions) {
    addMisses(t.misses, s.misses)
    t.files += s.files
    t.bytes += s.bytes
    t.requests += s.requests
    addLogged(t.logged, s.logged)
    t.replayDollars += s.replayDollars
    t.configDollars += s.configDollars
    t.correctedDollars += s.correctedDollars
    t.refetchDollars += s.refetchDollars ?? 0
    if (s.infeasible) t.infeasible++
    t.peak = Math.max(t.peak, s.peak)
    if (s.unmodelled.length > 0) t.unmodelled++
  }
  return t
}

const TOP_TURNS = 20

/** The folder's most expensive calls: a running top list (no sort of every call). */
function topTurnsOf(groups: Map<string, FileResult[]>) {
  const top: Array<TopCall & { file: string }> = []
  for (const [file, parts] of groups)
    for (const p of parts)
      for (const t of p.analysis.top) {
        if (top.length === TOP_TURNS && t.dollars <= top.at(-1)!.dollars)
          continue
        let i = top.length
        while (i > 0 && top[i - 1]!.dollars < t.dollars) i--
        top.splice(i, 0, { ...t, file })
        if (top.length > TOP_TURNS) top.pop()
      }
  return top
}

/**
 * The report, built in steps: it yields after every few hundred sessions,
 * so the page can build it in slices of its thread (the first run of cold
 * code over 2,000 sessions takes longer than a frame).
 */
export function* reportSteps(
  files: readonly FileResult[]
): Generator<void, FleetReport> {
  const placed: Array<FileResult & PlacedFile> = []
  const skipped: SkippedFile[] = []
  for (const f of countOnce(files)) {
    const role = classifyPath(f.path)
    if (f.analysis.noCalls)
      skipped.push({ file: f.path, reason: f.analysis.noCalls })
    else if (role)
      placed.push({
        path: f.path,
        analysis: f.analysis,
        role,
        sessionId: f.analysis.sessionId,
      })
  }
  const groups = groupSessions(placed)
  yield
  const sessions: SessionRow[] = []
  for (const [file, parts] of groups) {
    sessions.push(sessionRow(file, parts))
    if (sessions.length % 100 === 0) yield
  }
  const byDay = group(sessions, groups, "day")
  yield
  const byModel = group(sessions, groups, "model")
  yield
  return {
    sessions,
    skipped,
    total: totalOf(sessions),
    byProject: byProject(sessions),
    byDay,
    byModel,
    topTurns: topTurnsOf(groups),
  }
}

/** The report of a folder's analysed files (see the file comment). */
export function buildReport(files: readonly FileResult[]): FleetReport {
  const steps = reportSteps(files)
  for (;;) {
    const r = steps.next()
    if (r.done) return r.value
  }
}

/** The same report, a step at a time with `pause()` between steps. */
export async function buildReportInSlices(
  files: readonly FileResult[],
  pause: () => Promise<void>
): Promise<FleetReport> {
  const steps = reportSteps(files)
  for (;;) {
    const r = steps.next()
    if (r.done) return r.value
    await pause()
  }
}
