/** The shapes of a session timeline (timeline.ts builds them). */
import type { SessionCaching } from "../request/cache-setup"
import type { ModelPrice } from "../request/prices"
import type { AppliedEdit } from "../types"

/** Cache reads and writes of one request, in tokens, input-token equivalents and dollars. */
export interface CacheUse {
  read: number
  written: number
  /** Tokens after the cached prefix, at the base price. */
  uncached: number
  /** Input-token equivalents (read 0.1×, write 1.25× or 2×, uncached 1×). */
  cost: number
  /** US dollars at the model's prices (input only: output is not modelled). */
  dollars: number
}

/** A block position for the UI: where the cache breaks. */
export interface BreakAt {
  messageIndex: number
  /** Position in the original message (the stand-in summary takes none). */
  blockIndex: number
  /** The break is at a compaction summary the replay put in this message. */
  summary?: true
  /**
   * More than the changed blocks was invalidated (docs/semantics.md#cache-invalidation):
   * images added or removed empty the messages' cache, citations turned on
   * or off the system prompt's too; the break is then at the first message.
   * "restart": the client started the conversation again from its summary
   * here (session/restarts.ts); nothing before it is sent any more.
   */
  why?: "images" | "citations" | "restart"
}

/**
 * One request's point, as the session's paths produce it: its place, and
 * either its numbers (with `Cache`, the request's cache use) or its error.
 */
type Point<Cache> = {
  /** 1-based position among all the session's requests. */
  request: number
  /** Index of the request's last message. */
  lastMessage: number
} & (
  | ({
      ok: true
      originalTokens: number
      inputTokens: number
      applied: AppliedEdit[]
      /** The server compacts this request's prompt (compact_20260112 fires). */
      compacted: boolean
      /** First block whose edited form differs from the previous request's (null: none did). */
      breakAt: BreakAt | null
    } & Cache)
  | { ok: false; error: string }
)

/** Cache reads and writes of one request in tokens, before pricing. */
type CacheTokens = { read: number; written: number; uncached: number }

/** One request of the session. */
export type TimelinePoint = Point<{
  withEdits: CacheUse
  withoutEdits: CacheUse
}>

/** A request's numbers before pricing (both paths produce these). */
export type RawPoint = Point<{ after: CacheTokens; before: CacheTokens }>

/** The requests of a session. */
export interface Timeline {
  /** Requests in the whole conversation. */
  requests: number
  points: TimelinePoint[]
  /** Sums over `points` of each side's input cost in US dollars (output not modelled). */
  cost: { withEdits: number; withoutEdits: number }
  /** The same sums in input-token equivalents (read 0.1×, write 1.25×/2×). */
  equivalents: { withEdits: number; withoutEdits: number }
  /** Sums over `points` of the input tokens sent, with and without the edits. */
  tokens: { withEdits: number; withoutEdits: number }
  /** The largest input tokens of any request, with and without the edits. */
  peak: { withEdits: number; withoutEdits: number }
  /** The model's context window (null when unknown). */
  contextWindow: number | null
  /** The first request (its `request` number) over the context window, per side; null when all fit. */
  firstOverflow: { withEdits: number | null; withoutEdits: number | null }
  /** Every request (its `request` number) over the context window with the edits. */
  overflows: number[]
  /** Requests (their `request` numbers) at which compaction fires. */
  compactions: number[]
  /** Tokens assumed for each compaction summary. */
  summaryTokens: number
  /** How each request was assumed to be cached. */
  caching: SessionCaching
  /** The cache write price used, × base input. */
  writePrice: number
  /** The prices the dollars use, with their source. */
  price: ModelPrice
  /** What the dollars leave out (output tokens). */
  pricingNote: string
  /** "incremental": the session engine; "per-request": each request simulated afresh. */
  engine: "incremental" | "per-request"
}

/** Options of a session replay. */
export interface TimelineOptions {
  /** Blocks simulated in total, at most: only the last requests within it are shown (default: every request). */
  budget?: number
  /** Assumed tokens of each compaction summary (default SUMMARY_TOKENS). */
  summaryTokens?: number
  /** How each request is cached (default "end"; see sessionCaching). */
  caching?: SessionCaching
  /** Price of a cache write, × base input (default CACHE_WRITE; see writePrice). */
  writePrice?: number
  /** Force the per-request path (tests compare both). */
  perRequest?: boolean
}
