"use client"

import { formatDollars as usd } from "@/lib/context-editing"
import type { Logged } from "@/lib/fleet/analyse"
import type { GroupRow, SessionRow } from "@/lib/fleet/report"
import { formatCount as n } from "@/lib/format/number"

import type { Column } from "./fleet-table"

const paid = (l: Logged) => l.inputDollars + l.outputDollars

/** The bill's columns, for any row that has `logged` and `requests`. */
export function loggedColumns<
  T extends { logged: Logged; requests: number },
>(): Column<T>[] {
  const num = (
    key: string,
    label: string,
    v: (r: T) => number,
    money = false,
    title?: string
  ): Column<T> => ({
    key,
    label,
    value: v,
    cell: (r) => (money ? usd(v(r)) : n(v(r))),
    numeric: true,
    title,
  })
  return [
    num("requests", "calls", (r) => r.requests, false, "Distinct API calls"),
    num(
      "input",
      "input",
      (r) => r.logged.input,
      false,
      "Uncached input tokens"
    ),
    num(
      "write5m",
      "write 5m",
      (r) => r.logged.cacheWrite5m,
      false,
      "Cache writes at the 5-minute price"
    ),
    num(
      "write1h",
      "write 1h",
      (r) => r.logged.cacheWrite1h,
      false,
      "Cache writes at the 1-hour price"
    ),
    num("read", "read", (r) => r.logged.cacheRead, false, "Cache reads"),
    num(
      "output",
      "output",
      (r) => r.logged.output,
      false,
      "Output tokens (thinking included)"
    ),
    num(
      "inputDollars",
      "input $",
      (r) => r.logged.inputDollars,
      true,
      "Input side of the bill"
    ),
    num(
      "dollars",
      "paid $",
      (r) => paid(r.logged),
      true,
      "Input and output, as logged"
    ),
  ]
}

const pct = (x: number | null) =>
  x === null ? "–" : `${x >= 0 ? "+" : "−"}${Math.abs(x * 100).toFixed(1)}%`

/** The replay and what-if columns of a session row. */
export function whatIfColumns(): Column<SessionRow>[] {
  return [
    {
      key: "replay",
      label: "replay $",
      value: (s) => s.replayDollars,
      cell: (s) => usd(s.replayDollars),
      numeric: true,
      title: "The engine's replay with the log's own config (input side)",
    },
    {
      key: "error",
      label: "error",
      value: (s) => s.replayError ?? 0,
      cell: (s) => pct(s.replayError),
      numeric: true,
      title: "Replay ÷ logged input − 1",
    },
    {
      key: "config",
      label: "with config $",
      value: (s) => s.configDollars,
      cell: (s) => usd(s.configDollars),
      numeric: true,
      title: "The same replay with the config (input side)",
    },
    {
      key: "saved",
      label: "saved",
      value: (s) => s.replayDollars - s.configDollars,
      cell: (s) => usd(s.replayDollars - s.configDollars),
      numeric: true,
      title: "Replay − with config",
    },
    {
      key: "peak",
      label: "peak",
      value: (s) => s.peak,
      cell: (s) => n(s.peak),
      numeric: true,
      title: "The largest request with the config, in tokens",
    },
    {
      key: "misses",
      label: "misses $",
      value: (s) => s.misses.dollars,
      cell: (s) =>
        s.misses.count ? `${usd(s.misses.dollars)} (${s.misses.count})` : "–",
      numeric: true,
      title: "Cache misses the log shows: what they cost (how many)",
    },
  ]
}

/** A per-project, per-day or per-model table's columns. */
export function groupColumns(label: string): Column<GroupRow>[] {
  return [
    { key: "key", label, value: (g) => g.key },
    {
      key: "sessions",
      label: "sessions",
      value: (g) => g.sessions,
      cell: (g) => n(g.sessions),
      numeric: true,
    },
    ...loggedColumns<GroupRow>(),
  ]
}
