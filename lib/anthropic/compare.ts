import { appliedCount } from "@/lib/context-editing/rules/catalogue"
import { formatCount } from "@/lib/format/number"
/**
 * Local prediction vs server truth: the numbers behind the Server tab's
 * "agrees" / "differs" badges. Pure.
 */

/** Token counts agree within 10 % (local estimates are approximations). */
export const COUNT_TOLERANCE = 0.1
/** Cleared-token counts of applied edits agree within 15 %. */
export const CLEARED_TOKENS_TOLERANCE = 0.15

/** One local number next to the server's. */
export interface CountComparison {
  estimate: number
  server: number
  /** `estimate - server`: positive when we over-estimate. */
  difference: number
  /** `|difference| / server` (Infinity when server is 0 and estimate is not). */
  relative: number
  agrees: boolean
}

/** Compares an estimate with the server's count. */
export function compareCount(
  estimate: number,
  server: number,
  tolerance: number = COUNT_TOLERANCE
): CountComparison {
  const difference = estimate - server
  const relative =
    difference === 0
      ? 0
      : server === 0
        ? Infinity
        : Math.abs(difference) / server
  return {
    estimate,
    server,
    difference,
    relative,
    agrees: relative <= tolerance,
  }
}

/** An applied edit as predicted locally or reported by the server. */
export interface EditCounts {
  type: string
  cleared_tool_uses?: number
  cleared_thinking_turns?: number
  cleared_input_tokens: number
}

/** One edit type side by side. */
export interface EditComparisonRow {
  type: string
  predicted: EditCounts | null
  server: EditCounts | null
  /** Cleared tool uses / thinking turns are equal (both present). */
  countsMatch: boolean
  /** Cleared tokens (both present). */
  tokens: CountComparison | null
  agrees: boolean
}

/** What the entry counts, by its kind's `applied.field` (the registry's). */
function clearedCount(edit: EditCounts): number | undefined {
  return appliedCount(edit)
}

/**
 * Pairs predicted and server edits by type (and occurrence), in predicted
 * order then server-only ones. A row agrees when both sides have it, the
 * cleared counts are equal and cleared tokens are within tolerance.
 */
export function compareAppliedEdits(
  predicted: readonly EditCounts[],
  server: readonly EditCounts[],
  tolerance: number = CLEARED_TOKENS_TOLERANCE
): { rows: EditComparisonRow[]; agrees: boolean } {
  const remaining = server.slice()
  const rows: EditComparisonRow[] = predicted.map((p) => {
    const i = remaining.findIndex((s) => s.type === p.type)
    const s = i >= 0 ? (remaining.splice(i, 1)[0] ?? null) : null
    return row(p.type, p, s, tolerance)
  })
  for (const s of remaining) rows.push(row(s.type, null, s, tolerance))
  return { rows, agrees: rows.every((r) => r.agrees) }
}

function row(
  type: string,
  predicted: EditCounts | null,
  server: EditCounts | null,
  tolerance: number
): EditComparisonRow {
  if (!predicted || !server) {
    return {
      type,
      predicted,
      server,
      countsMatch: false,
      tokens: null,
      agrees: false,
    }
  }
  const countsMatch = clearedCount(predicted) === clearedCount(server)
  const tokens = compareCount(
    predicted.cleared_input_tokens,
    server.cleared_input_tokens,
    tolerance
  )
  return {
    type,
    predicted,
    server,
    countsMatch,
    tokens,
    agrees: countsMatch && tokens.agrees,
  }
}

/** `12,345` — thousands separators regardless of the browser locale. */
export function formatTokens(n: number): string {
  return formatCount(n)
}

/** `"agrees"` or `"differs by 1,234 (12.5%)"`. */
export function describeComparison(c: CountComparison): string {
  if (c.agrees && c.difference === 0) return "agrees"
  const pct = Number.isFinite(c.relative)
    ? `${(c.relative * 100).toFixed(1)}%`
    : "n/a"
  const by = `${formatTokens(Math.abs(c.difference))} (${pct})`
  return c.agrees ? `agrees (off by ${by})` : `differs by ${by}`
}
