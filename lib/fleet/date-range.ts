/**
 * `--since` / `--until` on a file's analysis: only the calls of the days in
 * range count in the bill (days in UTC, as every day of the report). The
 * replay and the what-if, when there are, stay the whole session's: a
 * session is replayed from its start or not at all.
 */
import type { FileAnalysis } from "./analyse"

export interface DayRange {
  /** YYYY-MM-DD, inclusive; null: unbounded. */
  since: string | null
  until: string | null
}

const inRange = (day: string, r: DayRange) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) &&
  (r.since === null || day >= r.since) &&
  (r.until === null || day <= r.until)

/** The analysis with only the calls in range; null when none is (a file read whole is kept). */
export function withinDays(a: FileAnalysis, r: DayRange): FileAnalysis | null {
  if (r.since === null && r.until === null) return a
  const buckets = a.buckets.filter((b) => inRange(b.day, r))
  if (buckets.length === 0) return null
  return {
    ...a,
    buckets,
    requests: buckets.reduce((n, b) => n + b.requests, 0),
    top: a.top.filter((t) => inRange(t.timestamp?.slice(0, 10) ?? "", r)),
  }
}
