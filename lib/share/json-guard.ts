// JSON.parse and every recursive walker after it (redaction, secret
// stripping, rendering) would overflow the stack on `[[[[…` nested 100k
// deep, so depth is measured with a flat scan before anything parses.

import { flatScanJson } from "@/lib/json/flat-scan"

/** True when `text` nests arrays/objects deeper than `maxDepth` (strings are skipped). */
export function exceedsJsonDepth(text: string, maxDepth: number): boolean {
  return scanJson(text, maxDepth, Infinity) === "too_deep"
}

/**
 * One flat scan: nesting deeper than `maxDepth`, or more than `maxItems`
 * values (containers plus separators; strings are skipped). A few KB of
 * deflate can hold millions of tiny values (`[0,0,0,…]`), which parse
 * within the byte cap but then cost the page seconds per pass.
 */
export function scanJson(
  text: string,
  maxDepth: number,
  maxItems: number
): "too_deep" | "too_many" | null {
  return flatScanJson(text, maxDepth, maxItems)?.reason ?? null
}

/** Result of `parseJsonBounded`. */
export type ParseJsonResult =
  | { ok: true; value: unknown }
  | { ok: false; reason: "too_deep" | "too_many" | "invalid_json" }

/** Parses JSON after checking its depth and size in values; never throws. */
export function parseJsonBounded(
  text: string,
  maxDepth: number,
  maxItems = Infinity
): ParseJsonResult {
  const scanned = scanJson(text, maxDepth, maxItems)
  if (scanned) return { ok: false, reason: scanned }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false, reason: "invalid_json" }
  }
}
