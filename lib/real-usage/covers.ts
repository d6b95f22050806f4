/**
 * Which calls a log's numbers cover, in words: every number of the
 * Timeline, Compare, Tune and the Sessions view is a bill over these calls
 * (docs/semantics.md#session-replay).
 */
import type { RealComparison } from "./compare"

/** Which calls a log's bill covers, in words. */
export function coversText(c: RealComparison): string {
  const main = c.rows.filter((r) => r.thread === "main").length
  const others = new Set(
    c.rows.map((r) => r.thread).filter((t) => t !== "main")
  )
  const n = (x: number) => x.toLocaleString("en-US")
  const rest = c.rows.length - main
  return (
    `all ${n(c.rows.length)} API calls of the log` +
    (rest > 0
      ? ` (the main conversation's ${n(main)}, with this config; ${n(rest)} in ${n(others.size)} other conversation${others.size === 1 ? "" : "s"}, as they ran)`
      : "") +
    ", each at its own model"
  )
}
