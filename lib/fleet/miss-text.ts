/**
 * A cache-miss cause (lib/real-usage/replay.ts) in a few words, for the
 * folder's tables. Interim: the replay's own wording replaces it once it
 * is exported from lib/real-usage.
 */
import type { MissCause } from "@/lib/real-usage/replay"

export function missText(cause: MissCause): string {
  switch (cause.kind) {
    case "cold-start":
      return "cold start"
    case "idle":
      return `idle ${Math.round(cause.gapMs / 60_000)} min (over the ${cause.ttl} lifetime)`
    case "prefix-changed":
      return cause.at.summary
        ? `prefix changed at the summary in message ${cause.at.messageIndex}`
        : `prefix changed at message ${cause.at.messageIndex}`
    case "below-minimum":
      return `below the ${cause.minimum.toLocaleString("en-US")}-token minimum`
    case "unexplained":
      return "not predicted (something outside the log changed)"
  }
}
