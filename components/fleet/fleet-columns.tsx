"use client"

import { formatDollars as usd } from "@/lib/context-editing"
import type { Logged } from "@/lib/fleet/analyse"
import type { GroupRow, SessionRow } from "@/lib/fleet/report"
import { formatCount as n } from "@/lib/format/number"

import type { Column } from "./fleet-table"

const paid = (l: Logged) => l.inputDollars + l.outputDollars

/** A column of numbers: sorted by `value`, shown as a count or with `format`. */
export function numberColumn<T>(
  key: string,
  label: string,
  value: (r: T) => number,
  format: (x: number) => string = n
): Column<T> {
  return { key, label, value, cell: (r) => format(value(r)), numeric: true }
}

/** What the header of each bill and what-if column says on hover, by key. */
const TITLES: Record<string, string> = {
  requests: "Distinct API calls",
  input: "Uncached input tokens",
  write5m: "Cache writes at the 5-minute price",
  write1h: "Cache writes at the 1-hour price",
  read: "Cache reads",
  output: "Output tokens (thinking included)",
  inputDollars: "Input side of the bill",
  dollars: "Input and output, as logged",
  replay: "The engine's replay with the log's own config (input side)",
  error: "Replay ÷ logged input − 1",
  config:
    "The bill with the config, as the playground shows it: the replay with the config, its re-fetches included, scaled by the replay's error (input side)",
  saved: "Logged input − with config",
  peak: "The largest request the config controls, in tokens (the session's own conversations of two requests or more)",
  misses: "Cache misses the log shows: what they cost (how many)",
}

const titled = <T,>(columns: Column<T>[]): Column<T>[] =>
  columns.map((c) => ({ ...c, title: TITLES[c.key] }))

/** The bill's columns, for any row that has `logged` and `requests`. */
export function loggedColumns<
  T extends { logged: Logged; requests: number },
>(): Column<T>[] {
  const num = numberColumn<T>
  return titled([
    num("requests", "calls", (r) => r.requests),
    num("input", "input", (r) => r.logged.input),
    num("write5m", "write 5m", (r) => r.logged.cacheWrite5m),
    num("write1h", "write 1h", (r) => r.logged.cacheWrite1h),
    num("read", "read", (r) => r.logged.cacheRead),
    num("output", "output", (r) => r.logged.output),
    num("inputDollars", "input $", (r) => r.logged.inputDollars, usd),
    num("dollars", "paid $", (r) => paid(r.logged), usd),
  ])
}

const pct = (x: number | null) =>
  x === null ? "–" : `${x >= 0 ? "+" : "−"}${Math.abs(x * 100).toFixed(1)}%`

/** The replay and what-if columns of a session row. */
export function whatIfColumns(): Column<SessionRow>[] {
  const num = numberColumn<SessionRow>
  return titled([
    num("replay", "replay $", (s) => s.replayDollars, usd),
    {
      ...num("error", "error", (s) => s.replayError ?? 0),
      cell: (s) => pct(s.replayError),
    },
    {
      ...num("config", "with config $", (s) => s.correctedDollars, usd),
      cell: (s) =>
        s.infeasible
          ? `${usd(s.correctedDollars)} (breaks)`
          : usd(s.correctedDollars),
    },
    num(
      "saved",
      "saved",
      (s) => s.logged.inputDollars - s.correctedDollars,
      usd
    ),
    num("peak", "peak", (s) => s.peak),
    {
      ...num("misses", "misses $", (s) => s.misses.dollars),
      cell: (s) =>
        s.misses.count ? `${usd(s.misses.dollars)} (${s.misses.count})` : "–",
    },
  ])
}

/** A per-project, per-day or per-model table's columns. */
export function groupColumns(label: string): Column<GroupRow>[] {
  return [
    { key: "key", label, value: (g) => g.key },
    numberColumn<GroupRow>("sessions", "sessions", (g) => g.sessions),
    ...loggedColumns<GroupRow>(),
  ]
}
