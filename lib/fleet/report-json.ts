/**
 * The report as `npm run report -- --json` prints it. The fields named in
 * issue 45 are kept exactly (`sessions[].file, requests, logged {input,
 * cacheWrite, cacheRead, output, inputDollars, dollars}, replayDollars,
 * configDollars`, and the same in `total`); the others are added beside them.
 * `billJson` is the same document without the replay (`--no-replay`).
 */
import type { Logged } from "./analyse"
import type { FleetEdits } from "./config"
import type { FleetReport, GroupRow, SessionRow } from "./report"

/** The logged numbers (see `Logged`) and two sums, in loggedJson's order. */
export interface LoggedJson extends Logged {
  /** cacheWrite5m + cacheWrite1h. */
  cacheWrite: number
  /** inputDollars + outputDollars. */
  dollars: number
}

export function loggedJson(l: Logged): LoggedJson {
  return {
    input: l.input,
    cacheWrite: l.cacheWrite5m + l.cacheWrite1h,
    cacheWrite5m: l.cacheWrite5m,
    cacheWrite1h: l.cacheWrite1h,
    cacheRead: l.cacheRead,
    output: l.output,
    inputDollars: l.inputDollars,
    outputDollars: l.outputDollars,
    dollars: l.inputDollars + l.outputDollars,
  }
}

function sessionJson(s: SessionRow) {
  return {
    file: s.file,
    requests: s.requests,
    logged: loggedJson(s.logged),
    replayDollars: s.replayDollars,
    configDollars: s.configDollars,
    correctedDollars: s.correctedDollars,
    project: s.project,
    files: s.files,
    bytes: s.bytes,
    day: s.day,
    models: s.models,
    replayError: s.replayError,
    peak: s.peak,
    misses: s.misses,
    unmodelled: s.unmodelled,
    notes: s.notes,
  }
}

/** The `--json` document (extra top-level parts, like the tuner's answer, are merged in by the caller). */
export function reportJson(r: FleetReport, edits: FleetEdits) {
  const t = r.total
  return {
    replay: true,
    sessions: r.sessions.map(sessionJson),
    skipped: r.skipped,
    total: {
      requests: t.requests,
      logged: loggedJson(t.logged),
      replayDollars: t.replayDollars,
      configDollars: t.configDollars,
      correctedDollars: t.correctedDollars,
      sessions: t.sessions,
      files: t.files,
      bytes: t.bytes,
      peak: t.peak,
      misses: t.misses,
      unmodelled: t.unmodelled,
    },
    config: { edits },
    byProject: r.byProject.map(groupJson),
    byDay: r.byDay.map(groupJson),
    byModel: r.byModel.map(groupJson),
  }
}

/** A row of the per-project, per-day or per-model bill. */
function groupJson(g: GroupRow) {
  return {
    key: g.key,
    sessions: g.sessions,
    requests: g.requests,
    logged: loggedJson(g.logged),
  }
}

const NOT_REPLAYED = {
  replayDollars: null,
  configDollars: null,
  correctedDollars: null,
  peak: null,
  misses: null,
}

/**
 * The `--no-replay` document: the bill alone, in the same fields; every
 * number of the replay (and what-if) is null, as it was not computed.
 */
export function billJson(r: FleetReport) {
  const doc = reportJson(r, null)
  return {
    ...doc,
    replay: false,
    sessions: doc.sessions.map((s) => ({
      ...s,
      ...NOT_REPLAYED,
      replayError: null,
    })),
    total: { ...doc.total, ...NOT_REPLAYED },
    config: null,
  }
}
