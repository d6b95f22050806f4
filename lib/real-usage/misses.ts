/**
 * Cache misses a log shows (docs/semantics.md#session-replay): a call that
 * wrote to the cache much more than its request added to the conversation
 * wrote part of a prefix again that an earlier call had cached. What it
 * cost is those tokens at the write price instead of the read price; the
 * cause is the replay's (an idle gap over the TTL, the prefix changed at a
 * block, below the minimum, a cold start), or "unexplained" when the
 * replay predicts no miss there (something the log does not hold changed:
 * the system prompt, the tools, a reminder the client injected).
 */
import { priceOf } from "@/lib/context-editing"
import type { RealUsage } from "@/lib/import/types"

import { realInput, rowFor } from "./bill"
import type { MissCause, ReplayedCall } from "./replay"

/** A miss the log shows at one call. */
export interface LoggedMiss {
  /** Tokens written that the request did not add. */
  tokens: number
  /** What writing them instead of reading them cost, in US dollars. */
  dollars: number
  cause: MissCause
}

/** Below this many tokens (or a fifth of the prompt) an extra write is noise. */
const MIN_MISS = 1024

/** The miss the log shows at a call, if any (needs the replay's view of what it added). */
export function loggedMiss(
  u: RealUsage,
  r: ReplayedCall | null
): LoggedMiss | null {
  if (!r) return null
  const written = u.cache_creation_input_tokens
  const tokens = written - r.added
  if (tokens <= Math.max(MIN_MISS, 0.2 * realInput(u))) return null
  const row = rowFor(priceOf(u.model), realInput(u))
  const hour =
    written > 0 ? (u.cache_creation_1h_input_tokens ?? 0) / written : 0
  const write = hour * row.write1h + (1 - hour) * row.write5m
  return {
    tokens,
    dollars: (tokens * (write - row.read)) / 1e6,
    cause: r.cause ?? { kind: "unexplained" },
  }
}
