/**
 * The report as `npm run report` prints it in a terminal: what was paid
 * per project, day and model, the top sessions and calls, the what-if with
 * the given config, what the engine could not model, and the tuner's best
 * config. Plain text, columns aligned, widest numbers first.
 */
import { plural } from "@/lib/context-editing/request/format"
import { formatDollars as usd } from "@/lib/context-editing/request/prices"
import { formatCount as n } from "@/lib/format/number"

import type { Logged, MissKind } from "./analyse"
import { printable, printableLines } from "./printable"
import type { FleetReport, GroupRow, SessionRow } from "./report"

type Cell = string | number
type Align = "l" | "r"

/** Columns padded to their widest cell; numbers right-aligned. */
export function table(head: string[], rows: Cell[][], align?: Align[]): string {
  const cells = [head, ...rows.map((r) => r.map((c) => printable(String(c))))]
  const w = head.map((_, i) =>
    Math.max(...cells.map((r) => (r[i] ?? "").length))
  )
  const a = align ?? head.map((_, i) => (i === 0 ? "l" : "r"))
  const line = (r: string[]) =>
    r
      .map((c, i) => (a[i] === "l" ? c.padEnd(w[i]!) : c.padStart(w[i]!)))
      .join("  ")
      .trimEnd()
  return [
    line(cells[0]!),
    line(w.map((x) => "─".repeat(x))),
    ...cells.slice(1).map(line),
  ].join("\n")
}

const LOGGED_HEAD = [
  "calls",
  "input",
  "write 5m",
  "write 1h",
  "read",
  "output",
  "input $",
  "total $",
]

const loggedCells = (requests: number, l: Logged): Cell[] => [
  n(requests),
  n(l.input),
  n(l.cacheWrite5m),
  n(l.cacheWrite1h),
  n(l.cacheRead),
  n(l.output),
  usd(l.inputDollars),
  usd(l.inputDollars + l.outputDollars),
]

const cost = (l: Logged) => l.inputDollars + l.outputDollars

function groupTable(
  title: string,
  rows: GroupRow[],
  limit: number,
  byKey = false
): string {
  const sorted = [...rows].sort(
    byKey
      ? (a, b) => a.key.localeCompare(b.key)
      : (a, b) => cost(b.logged) - cost(a.logged)
  )
  const shown = sorted.slice(0, limit)
  const more = sorted.length - shown.length
  return `${title}\n${table(
    [title.split(" ").at(-1)!, "sessions", ...LOGGED_HEAD],
    shown.map((g) => [
      g.key,
      n(g.sessions),
      ...loggedCells(g.requests, g.logged),
    ])
  )}${more > 0 ? `\n… and ${n(more)} more` : ""}`
}

const pct = (x: number | null) =>
  x === null ? "–" : `${x >= 0 ? "+" : "−"}${Math.abs(x * 100).toFixed(1)}%`

function sessionTable(
  rows: SessionRow[],
  limit: number,
  replay: boolean
): string {
  const top = [...rows]
    .sort((a, b) => cost(b.logged) - cost(a.logged))
    .slice(0, limit)
  if (!replay)
    return `Top sessions by cost\n${table(
      ["session", "day", "models", ...LOGGED_HEAD],
      top.map((s) => [
        s.file,
        s.day,
        s.models.join(", "),
        ...loggedCells(s.requests, s.logged),
      ]),
      ["l", "l", "l", ...LOGGED_HEAD.map((): Align => "r")]
    )}`
  return `Top sessions by cost\n${table(
    [
      "session",
      "day",
      "calls",
      "logged $",
      "input $",
      "replay $",
      "error",
      "with config $",
      "saved",
    ],
    top.map((s) => [
      s.file,
      s.day,
      n(s.requests),
      usd(cost(s.logged)),
      usd(s.logged.inputDollars),
      usd(s.replayDollars),
      pct(s.replayError),
      usd(s.configDollars),
      usd(s.replayDollars - s.configDollars),
    ])
  )}`
}

function turnsTable(r: FleetReport, limit: number): string {
  return `Top calls by cost\n${table(
    ["session", "call", "time", "model", "prompt", "output", "$", "cache miss"],
    r.topTurns
      .slice(0, limit)
      .map((t) => [
        t.file,
        t.call,
        t.timestamp ?? "–",
        t.model,
        n(t.prompt),
        n(t.output),
        usd(t.dollars),
        t.miss ?? "",
      ]),
    ["l", "r", "l", "l", "r", "r", "r", "l"]
  )}`
}

const CAUSES: Record<MissKind, string> = {
  "cold-start": "cold start (the system prompt and tools were not cached)",
  idle: "idle gap over the cache lifetime",
  "prefix-changed": "the prompt's prefix changed",
  "below-minimum": "below the model's minimum cacheable prefix",
  "model-switch": "the model changed (each has its own cache)",
  "thinking-changed": "the thinking parameters changed between turns",
  "content-dropped": "the client dropped content the log holds",
  "times-lost": "the log lost the call's time (a resumed session)",
  "start-changed":
    "changed ahead of the messages (system prompt, thinking, tool_choice)",
  unexplained: "not predicted (something outside the log changed)",
}

function missesTable(r: FleetReport): string {
  const m = r.total.misses
  if (m.count === 0) return "Cache misses: none the logs show."
  const rows = Object.entries(m.byCause)
    .sort((a, b) => b[1].dollars - a[1].dollars)
    .map(([k, v]) => [CAUSES[k as MissKind] ?? k, n(v.count), usd(v.dollars)])
  return `Cache misses: ${n(m.count)} calls wrote a cached prefix again, costing ${usd(m.dollars)} more than reading it\n${table(["why", "calls", "cost"], rows)}`
}

function unmodelledList(
  r: FleetReport,
  limit: number,
  replay: boolean
): string {
  const bad = r.sessions.filter((s) => s.unmodelled.length > 0)
  if (bad.length === 0)
    return replay ? "Every session was replayed." : "Every session was read."
  const lines = bad
    .slice(0, limit)
    .map((s) => `  ${printable(s.file)}: ${printable(s.unmodelled.join("; "))}`)
  if (bad.length > limit) lines.push(`  … and ${n(bad.length - limit)} more`)
  const title = replay
    ? "Sessions the engine could not model (or not wholly)"
    : "Sessions read in part"
  return `${title}: ${n(bad.length)}\n${lines.join("\n")}`
}

/** The what-if in one paragraph. */
export function whatIfLine(r: FleetReport, configLabel: string): string {
  const t = r.total
  const err =
    t.logged.inputDollars > 0
      ? (t.replayDollars - t.logged.inputDollars) / t.logged.inputDollars
      : null
  return [
    `As logged: ${usd(cost(t.logged))} (input side ${usd(t.logged.inputDollars)}, output ${usd(t.logged.outputDollars)}).`,
    `Replayed with each log's own config: ${usd(t.replayDollars)} input side (${pct(err)} against the log).`,
    `With ${configLabel}: ${usd(t.configDollars)} input side, ${usd(t.replayDollars - t.configDollars)} ${t.replayDollars >= t.configDollars ? "saved" : "more"} against the replay; the largest request ${n(t.peak)} tokens.`,
    `Corrected by each session's replay error (with config × logged ÷ replay): ${usd(t.correctedDollars)} of the ${usd(t.logged.inputDollars)} logged on the input side.`,
    "Output is held as logged; the replay prices the input side. Days are in UTC.",
  ].join("\n")
}

/** The bill alone (`--no-replay`) in one paragraph. */
function billLine(r: FleetReport): string {
  const t = r.total
  return [
    `As logged: ${usd(cost(t.logged))} (input side ${usd(t.logged.inputDollars)}, output ${usd(t.logged.outputDollars)}).`,
    "The bill alone (--no-replay): no replay or what-if. Days are in UTC.",
  ].join("\n")
}

/** Files that could not be read, each with its reason. */
function failedList(failed: readonly FailedFile[], limit: number): string {
  const lines = failed
    .slice(0, limit)
    .map((f) => `  ${printable(f.file)}: ${printable(f.reason)}`)
  if (failed.length > limit)
    lines.push(`  … and ${n(failed.length - limit)} more`)
  return `Files that could not be read (left out of every total): ${n(failed.length)}\n${lines.join("\n")}`
}

/** Files read that hold no API call (not sessions), each with its reason. */
function skippedList(r: FleetReport, limit: number): string {
  const lines = r.skipped
    .slice(0, limit)
    .map((f) => `  ${printable(f.file)}: ${printable(f.reason)}`)
  if (r.skipped.length > limit)
    lines.push(`  … and ${n(r.skipped.length - limit)} more`)
  return `Files with no API call (not counted as sessions): ${n(r.skipped.length)}\n${lines.join("\n")}`
}

/** A file of the folder that could not be read, and why. */
export interface FailedFile {
  file: string
  reason: string
}

export interface TextReportOptions {
  /** The folder(s) read. */
  folder: string
  configLabel: string
  limit?: number
  /** false: the bill alone (no replay, what-if or misses). */
  replay?: boolean
  failed?: readonly FailedFile[]
}

/** Every table of the terminal report, safe to print (printable.ts). */
export function textReport(r: FleetReport, o: TextReportOptions): string {
  const t = r.total
  const limit = o.limit ?? 10
  const replay = o.replay ?? true
  const failed = o.failed ?? []
  const parts = [
    `Claude Code sessions in ${printable(o.folder)}: ${plural(t.sessions, "session")} (${plural(t.files, "file")}, ${(t.bytes / 1e6).toFixed(1)} MB), ${plural(t.requests, "API call")}. Nothing left this machine.`,
    replay ? whatIfLine(r, printable(o.configLabel)) : billLine(r),
    groupTable("What you paid, by project", r.byProject, limit),
    groupTable("What you paid, by day", r.byDay, 31, true),
    groupTable("What you paid, by model", r.byModel, limit),
    sessionTable(r.sessions, limit, replay),
    turnsTable(r, limit),
    ...(replay ? [missesTable(r)] : []),
    unmodelledList(r, limit, replay),
    ...(failed.length > 0 ? [failedList(failed, limit)] : []),
    ...(r.skipped.length > 0 ? [skippedList(r, limit)] : []),
  ]
  return printableLines(parts.join("\n\n"))
}
